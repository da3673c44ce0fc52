import { MESSAGES } from '@ebt/core/messages';
import { isApiError } from './api-client';

/** Texts that replace the server's for particular statuses, e.g. `{ 404: MESSAGES.NO_FUNDING_SOURCES }`. */
export type MessagesByStatus = Partial<Record<number, string | string[]>>;

/**
 * The lines a screen shows for a failed call (A§8 "Handling by status"), ready for `<MessageBanner>`:
 * - a status in `byStatus` gives that text (A§8 lists screen-specific ones: 404 on funding sources, 422 on a file);
 * - 403 gives the privilege message;
 * - any other ApiError gives the server's texts in A§8 order (expandedErrors, errorMessages, message), already read
 *   into `ApiError.messages`; with none, `fallback`. An unreachable server (status 0) reads 'The api for this request
 *   is currently unavailable.';
 * - anything else (a bug, a rejected promise of our own) gives `fallback`.
 */
export function errorMessagesOf(
  error: unknown,
  fallback: string = MESSAGES.GENERIC_ERROR,
  byStatus: MessagesByStatus = {},
): string[] {
  if (!isApiError(error)) return [fallback];
  const own = byStatus[error.status];
  if (own !== undefined) return typeof own === 'string' ? [own] : own;
  if (error.status === 403) return [MESSAGES.PRIVILEGE_ERROR];
  return error.messages.length > 0 ? error.messages : [fallback];
}

/** Whether a call was cancelled (a newer search replaced it, the page was left): nothing to show then. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
