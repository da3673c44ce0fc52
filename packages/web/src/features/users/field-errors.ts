import type { z } from 'zod';

/**
 * A form's errors from core's schema: the first message of each top-level field, so the screen shows the server's
 * own rule and text (B§5) before it sends anything.
 */
export function fieldErrorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
