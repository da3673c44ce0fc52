import { PASSWORD_MAX, PASSWORD_MIN } from '../constants/limits.js';

// Shared patterns of A§5 (and B§5, which checks program and merchant contacts against the same ones).

/** A§5/B§5: 99999 or 99999-9999. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/**
 * A§5: 10 digits with optional space, dash or dot separators; the area code may be in parentheses. Phones are sent
 * as digits only, which this also accepts.
 */
export const PHONE_PATTERN = /^(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}$/;

/** A§5: phones are sent as digits only, and searches strip mobile phones to digits. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * A§5 says only that e-mail "has a pattern". Ours: no spaces, exactly one @, a dotted domain whose last label has at
 * least two characters. Deliverability is proven by the activation e-mail, not by a pattern.
 */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

/** A§5/B§5: 8 to 20 letters or digits, starting with a letter. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{7,19}$/;

/** A§5: authorization number has no spaces, max 20. */
export const AUTHORIZATION_NUMBER_PATTERN = /^\S{1,20}$/;

/** A§5: forgot password username is letters and digits only; the code is alphanumeric. */
export const ALPHANUMERIC_PATTERN = /^[A-Za-z0-9]+$/;

/** Amounts as typed or sent: digits with at most two decimals (A§9 "amounts have two decimals"). */
export const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;

/** Date-only values on the wire (architecture.md "Dates"). */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export interface PasswordChecklist {
  lowercase: boolean;
  uppercase: boolean;
  number: boolean;
  special: boolean;
  length: boolean;
}

/**
 * A§5 live checklist. "Special" is any character that is not a letter, a digit or white space: a space is allowed
 * in a password but does not count as the special character.
 */
export function passwordChecklist(password: string): PasswordChecklist {
  return {
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    number: /\d/.test(password),
    special: /[^A-Za-z0-9\s]/.test(password),
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
  };
}

export function isStrongPassword(password: string): boolean {
  return Object.values(passwordChecklist(password)).every(Boolean);
}
