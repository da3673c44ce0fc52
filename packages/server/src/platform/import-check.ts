import { createHash, timingSafeEqual } from 'node:crypto';
import { FILE_CHECK_MESSAGES, FILE_CHECK_TOKEN_FIELD, FILE_CHECK_TOKEN_MINUTES } from '@ebt/core/imports';
import type { CallerContext } from './context.js';
import { keyedHash } from './crypto.js';
import { AppError } from './errors.js';
import type { UploadedFile } from './file-import.js';

// The token of a file check (decision 0117): `<expiry, seconds since 1970>.<HMAC-SHA-256>` over the file's sha256,
// the caller's user id, the program the file was sent for and the kind of file, under the server's HMAC key (the one
// of crypto.ts keyedHash). Nothing is stored: the import recomputes it from what it is sent.

/** What besides the bytes and the caller a check is for: the program chosen for the file ('' when none). */
export interface CheckScope {
  program: string;
}

function signature(ctx: CallerContext, data: Buffer, kind: string, scope: CheckScope, expires: number): string {
  const file = createHash('sha256').update(data).digest('hex');
  const material = ['file-check-v1', kind, ctx.caller.userId, scope.program.toLowerCase(), file, expires];
  return keyedHash(JSON.stringify(material), ctx.config.hmacKey);
}

/** The token a check answers, and when it expires. */
export function checkTokenFor(
  ctx: CallerContext,
  upload: UploadedFile,
  kind: string,
  scope: CheckScope,
): { checkToken: string; checkTokenExpiresAt: string } {
  const expires = Math.floor(ctx.now().getTime() / 1000) + FILE_CHECK_TOKEN_MINUTES * 60;
  return {
    checkToken: `${expires}.${signature(ctx, upload.data, kind, scope, expires)}`,
    checkTokenExpiresAt: new Date(expires * 1000).toISOString(),
  };
}

const TOKEN = /^(\d{1,12})\.([0-9a-f]{64})$/;

/**
 * An import sent with a check's token takes only the file that was checked: another file (one byte changed), another
 * caller, program or kind of file, a malformed or expired token answer 409, before anything is read. Without a token
 * the import runs as it always has.
 */
export function requireCheckedFile(ctx: CallerContext, upload: UploadedFile, kind: string, scope: CheckScope): void {
  const token = upload.fields[FILE_CHECK_TOKEN_FIELD];
  if (token === undefined || token === '') return;
  const parts = TOKEN.exec(token);
  const changed = () => AppError.conflict(FILE_CHECK_MESSAGES.FILE_CHANGED, FILE_CHECK_TOKEN_FIELD);
  if (!parts) throw changed();
  const expires = Number(parts[1]);
  const expected = Buffer.from(signature(ctx, upload.data, kind, scope, expires), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(parts[2]!, 'hex'))) throw changed();
  if (expires * 1000 < ctx.now().getTime())
    throw AppError.conflict(FILE_CHECK_MESSAGES.CHECK_EXPIRED, FILE_CHECK_TOKEN_FIELD);
}
