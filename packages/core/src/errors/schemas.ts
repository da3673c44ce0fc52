import { z } from 'zod';

/** One form error (A§8, architecture.md "Errors"); `field` names the request field it belongs to, if any. */
export const AppErrorEntry = z.object({
  appErrorCode: z.string(),
  appErrorMessage: z.string(),
  field: z.string().optional(),
});
export type AppErrorEntry = z.infer<typeof AppErrorEntry>;

/** The body of every 4xx answer: 400/404/409/422 carry entries, 401/403 an empty list. */
export const ErrorBody = z.object({
  status: z.number().int(),
  message: z.string(),
  errorMessages: z.array(AppErrorEntry),
  expandedErrors: z.array(AppErrorEntry).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * Error codes clients branch on. USR-404 and SEC-001 are the specification's (A§4, A§8: USR-404 counts toward the
 * forgot-password lock, SEC-001 locks the form); the others are ours, one per kind of refusal.
 */
export const APP_ERROR_CODE = {
  USER_NOT_FOUND: 'USR-404',
  SECURITY_LOCKED: 'SEC-001',
  VALIDATION: 'VAL-400',
  UNAUTHENTICATED: 'AUTH-401',
  FORBIDDEN: 'AUTH-403',
  NOT_FOUND: 'GEN-404',
  CONFLICT: 'GEN-409',
  UNPROCESSABLE: 'GEN-422',
  RATE_LIMITED: 'GEN-429',
  INTERNAL: 'GEN-500',
} as const;
export type AppErrorCode = (typeof APP_ERROR_CODE)[keyof typeof APP_ERROR_CODE];
