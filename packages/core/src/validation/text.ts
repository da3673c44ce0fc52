import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';

// Text the database can hold (architecture.md "The request path"). PostgreSQL refuses U+0000 in text, and a lone
// UTF-16 surrogate has no UTF-8 form, so either one reaching SQL (a search, an insert, the audit row) failed with a
// 500. Every request string starts from `text()`, and the builders of fields.ts are made from it, so a new schema
// cannot forget the rule; validation/request-schemas.test.ts walks every request schema of core to prove it.

/** U+0000, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- finding the NUL control character is this pattern's purpose
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can store the text: no NUL character and no unpaired surrogate (emoji pairs are fine). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * A string the database can hold, else 'Text contains characters that are not allowed.' The check comes first and
 * stops the others, so the caller reads that one message rather than a pattern's. `error` is the message for a value
 * that is not a string at all (a missing required field).
 */
export function text(error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine(isStorableText, { message: MESSAGES.TEXT_NOT_ALLOWED, abort: true });
}
