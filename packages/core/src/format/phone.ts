import { phoneDigits } from '../validation/patterns.js';

/** A stored 10-digit phone as people read it, '(860) 555-0142'; anything else as stored (screens and PDFs alike). */
export function displayPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phoneDigits(phone);
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}
