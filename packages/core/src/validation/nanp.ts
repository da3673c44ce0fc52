import { PHONE_PATTERN, phoneDigits } from './patterns.js';

// Phone numbers are stored and shown as the specification writes them (10 digits with optional separators, A§5/B§5).
// A text message provider takes E.164 (+1 and the 10 digits). The North American Numbering Plan (NXX-NXX-XXXX) never
// begins an area code or an exchange with 0 or 1, so such a number cannot receive a text: a mobile field refuses it.

/** Whether the 10 digits of `phone` can be a NANP number: area code and exchange each start with 2 to 9. */
export function isNanpNumber(phone: string): boolean {
  if (!PHONE_PATTERN.test(phone.trim())) return false;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(phoneDigits(phone));
}

/**
 * The E.164 form (+1XXXXXXXXXX) of a stored phone number, for the text message provider; null when it is not a NANP
 * number. A number already in E.164 for +1 is answered as it is.
 */
export function toE164(phone: string): string | null {
  const trimmed = phone.trim();
  const e164 = /^\+1(\d{10})$/.exec(trimmed);
  const candidate = e164 ? e164[1]! : trimmed;
  if (e164 ? !/^[2-9]\d{2}[2-9]\d{6}$/.test(candidate) : !isNanpNumber(candidate)) return null;
  return `+1${phoneDigits(candidate)}`;
}
