import { z } from 'zod';

/**
 * One form error (A§8, architecture.md "Errors"); `field` names the request field it belongs to, if any. When the text
 * is one of core's translatable messages, `messageKey` names it (`GROUP.NAME`, e.g. `MESSAGES.TOO_LONG`) and
 * `messageValues` carries what filled its placeholders, so a client shows it in the reader's language without reading
 * the English words (docs/i18n.md).
 */
export const AppErrorEntry = z.object({
  appErrorCode: z.string(),
  appErrorMessage: z.string(),
  field: z.string().optional(),
  messageKey: z.string().optional(),
  messageValues: z.record(z.string(), z.string()).optional(),
});
export type AppErrorEntry = z.infer<typeof AppErrorEntry>;

/** The body of every error answer: at least one entry, so a client reading only errorMessages has a text too. */
export const ErrorBody = z.object({
  status: z.number().int(),
  message: z.string(),
  errorMessages: z.array(AppErrorEntry),
  expandedErrors: z.array(AppErrorEntry).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * The `appErrorCode` of every refusal that is not a flow's own (the recovery flows have RECOVERY_ERROR_CODE, with the
 * specification's USR-404 and SEC-001; the issue form has LAST_ISSUANCE_DATE). Clients branch on these, never on
 * message texts.
 */
export const APP_ERROR_CODE = {
  BAD_REQUEST: 'BAD_REQUEST',
  /** A request field failed its schema; the entry's `field` names it. */
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  UNPROCESSABLE: 'UNPROCESSABLE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL',
  /**
   * The database gave up on the request for a reason of timing, not of its input (a deadlock, a serialization
   * failure, a lock it could not take): 503 with Retry-After, nothing changed (decision 0088).
   */
  UNAVAILABLE: 'UNAVAILABLE',
  /** An uploaded file that cannot be read as CSV/XLS/XLSX (422 'Invalid file content.'). */
  INVALID_FILE_CONTENT: 'INVALID_FILE_CONTENT',
  /** A readable file whose header row is not the documented layout (422, with the detail). */
  INVALID_FILE_LAYOUT: 'INVALID_FILE_LAYOUT',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  /** Too many failed sign-ins from one address (429). */
  SIGN_IN_THROTTLED: 'SIGN_IN_THROTTLED',
  /** The account is locked after repeated failed sign-ins (429). */
  SIGN_IN_LOCKED: 'SIGN_IN_LOCKED',
} as const;
export type AppErrorCode = (typeof APP_ERROR_CODE)[keyof typeof APP_ERROR_CODE];
