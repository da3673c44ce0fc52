import { isApiError } from './api-client';

/**
 * The server's per-field texts of a refused save (`errorMessages[].field`, e.g. 409 'Email already exists.' on
 * `email`), limited to the fields the form has, so the input itself is marked invalid and named by its reason.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!isApiError(error)) return {};
  const body = error.body as { errorMessages?: unknown } | undefined;
  const entries = Array.isArray(body?.errorMessages) ? (body.errorMessages as unknown[]) : [];
  const found: Record<string, string> = {};
  for (const entry of entries) {
    const { field, appErrorMessage } = (entry ?? {}) as { field?: unknown; appErrorMessage?: unknown };
    if (typeof field === 'string' && typeof appErrorMessage === 'string' && fields.includes(field) && !found[field]) {
      found[field] = appErrorMessage;
    }
  }
  return found;
}
