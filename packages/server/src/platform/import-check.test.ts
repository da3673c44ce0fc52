import { describe, expect, it } from 'vitest';
import { FILE_CHECK_MESSAGES } from '@ebt/core/imports';
import type { CallerContext } from './context.js';
import { AppError } from './errors.js';
import type { UploadedFile } from './file-import.js';
import { checkTokenFor, requireCheckedFile } from './import-check.js';

// The check token's rules (decision 0117); the API tests of each file prove them through the routes.
let now = new Date('2026-11-23T15:00:00Z');
const ctx = (userId: number, key = 'k'.repeat(32)) =>
  ({ caller: { userId }, config: { hmacKey: Buffer.from(key) }, now: () => now }) as unknown as CallerContext;
const file = (data: string, checkToken?: string): UploadedFile => ({
  fileName: 'f.csv',
  data: Buffer.from(data),
  fields: checkToken === undefined ? {} : { checkToken },
});
const scope = { program: 'P-1' };

function refusal(run: () => void): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(409);
    return (error as AppError).message;
  }
  throw new Error('not refused');
}

describe('file check tokens', () => {
  it('accept the same bytes, caller, program and kind within 30 minutes', () => {
    now = new Date('2026-11-23T15:00:00Z');
    const { checkToken, checkTokenExpiresAt } = checkTokenFor(ctx(7), file('a,b\r\n1,2\r\n'), 'benefit_file', scope);
    expect(checkTokenExpiresAt).toBe('2026-11-23T15:30:00.000Z');
    now = new Date('2026-11-23T15:29:59Z');
    expect(() =>
      requireCheckedFile(ctx(7), file('a,b\r\n1,2\r\n', checkToken), 'benefit_file', { program: 'p-1' }),
    ).not.toThrow();
    // No token: the import as it always was.
    expect(() => requireCheckedFile(ctx(7), file('other'), 'benefit_file', scope)).not.toThrow();
  });

  it('refuse another file, caller, program, kind, server key, a forged expiry and a late import', () => {
    now = new Date('2026-11-23T15:00:00Z');
    const { checkToken } = checkTokenFor(ctx(7), file('a,b\r\n1,2\r\n'), 'benefit_file', scope);
    const changed = FILE_CHECK_MESSAGES.FILE_CHANGED;
    expect(refusal(() => requireCheckedFile(ctx(7), file('a,b\r\n1,3\r\n', checkToken), 'benefit_file', scope))).toBe(
      changed,
    );
    expect(refusal(() => requireCheckedFile(ctx(8), file('a,b\r\n1,2\r\n', checkToken), 'benefit_file', scope))).toBe(
      changed,
    );
    expect(
      refusal(() => requireCheckedFile(ctx(7), file('a,b\r\n1,2\r\n', checkToken), 'benefit_file', { program: 'P-2' })),
    ).toBe(changed);
    expect(refusal(() => requireCheckedFile(ctx(7), file('a,b\r\n1,2\r\n', checkToken), 'account_file', scope))).toBe(
      changed,
    );
    expect(
      refusal(() =>
        requireCheckedFile(ctx(7, 'x'.repeat(32)), file('a,b\r\n1,2\r\n', checkToken), 'benefit_file', scope),
      ),
    ).toBe(changed);
    const [expires, mac] = checkToken.split('.');
    const later = `${Number(expires) + 3600}.${mac}`;
    expect(refusal(() => requireCheckedFile(ctx(7), file('a,b\r\n1,2\r\n', later), 'benefit_file', scope))).toBe(
      changed,
    );
    expect(refusal(() => requireCheckedFile(ctx(7), file('a,b\r\n1,2\r\n', 'garbage'), 'benefit_file', scope))).toBe(
      changed,
    );
    now = new Date('2026-11-23T15:30:01Z');
    expect(refusal(() => requireCheckedFile(ctx(7), file('a,b\r\n1,2\r\n', checkToken), 'benefit_file', scope))).toBe(
      FILE_CHECK_MESSAGES.CHECK_EXPIRED,
    );
  });
});
