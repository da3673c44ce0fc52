import { z } from 'zod';
import { RECIPIENT_MERCHANT_SEARCH as LIMITS } from '../constants/limits.js';
import { MAX_PAGE_SIZE, MERCHANT_SEARCH_FETCH_SIZE } from '../constants/lists.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { text } from '../validation/text.js';

// The recipient portal's merchant search (A§5 "Recipient portal searches", A§7 GET /merchant-api/merchants/currentuser,
// B§9 "recipient-side searches up to 1000"): name 2-50, e-mail 2-250, city 2-60, phone 3-20, state choice.

const between = (min: number, max: number) =>
  text()
    .trim()
    .refine((v) => v === '' || v.length >= min, ruleMessage(MESSAGES.TOO_SHORT, { min }))
    .refine((v) => v.length <= max, ruleMessage(MESSAGES.TOO_LONG, { max }))
    .optional();

export const RECIPIENT_MERCHANT_CRITERIA = ['merchantName', 'email', 'city', 'stateCode', 'phone'] as const;
export type RecipientMerchantCriterion = (typeof RECIPIENT_MERCHANT_CRITERIA)[number];

export const RecipientMerchantSearchQuery = z.object({
  merchantName: between(LIMITS.name.min, LIMITS.name.max),
  email: between(LIMITS.email.min, LIMITS.email.max),
  city: between(LIMITS.city.min, LIMITS.city.max),
  stateCode: text()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'Choose a state.')
    .optional(),
  phone: between(LIMITS.phone.min, LIMITS.phone.max),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(MERCHANT_SEARCH_FETCH_SIZE)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
});
export type RecipientMerchantSearchQuery = z.infer<typeof RecipientMerchantSearchQuery>;

/** The criteria given (trimmed, empty dropped). */
export function recipientMerchantCriteria(
  input: Partial<Record<RecipientMerchantCriterion, string | null | undefined>>,
): Partial<Record<RecipientMerchantCriterion, string>> {
  const out: Partial<Record<RecipientMerchantCriterion, string>> = {};
  for (const key of RECIPIENT_MERCHANT_CRITERIA) {
    const value = input[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** A§5: Search is disabled when no field is filled. */
export const hasRecipientMerchantCriterion = (input: Partial<Record<RecipientMerchantCriterion, string>>) =>
  Object.keys(recipientMerchantCriteria(input)).length > 0;
