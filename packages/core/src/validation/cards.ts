import {
  CARD_NAME_PAN_PREFIX,
  CARD_NAME_PAN_RUN,
  EXPIRATION_DAYS_MAX,
  EXPIRATION_DAYS_MIN,
  FUNDING_SOURCE_NAME_MAX,
  FUNDING_SOURCE_NAME_MIN,
  PAN_LENGTH,
  PAN_PREFIX_LENGTH,
  PAN_SHORT_LENGTH,
} from '../constants/limits.js';

/** The Luhn check-digit test (A§5, B§5). Needs digits only and at least two of them. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Resolution 5: external EBT cards are 16 to 19 digits and pass Luhn. */
export function isExternalCardPan(pan: string): boolean {
  return /^\d{16,19}$/.test(pan) && luhnValid(pan);
}

/** Resolution 5: program PANs are 19 digits (9-digit bin and series, 9-digit account, check digit). */
export function isProgramPan(pan: string): boolean {
  return pan.length === PAN_LENGTH && /^\d+$/.test(pan) && luhnValid(pan);
}

/**
 * B§5 assign PAN: 19 digits as they are, or the last 10 digits prefixed with the program's nine (bin followed by
 * series number). Spaces and dashes people type between groups are ignored. Null when the entry or the prefix has
 * the wrong shape; whether the PAN exists is the server's answer (404 'The PAN entered was not found.').
 */
export function normalizeAssignPan(entry: string, panPrefix: string): string | null {
  const digits = entry.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === PAN_LENGTH) return digits;
  if (digits.length === PAN_SHORT_LENGTH && new RegExp(`^\\d{${PAN_PREFIX_LENGTH}}$`).test(panPrefix)) {
    return panPrefix + digits;
  }
  return null;
}

/**
 * A§5/B§5: a card name must not contain any 4-digit run of the PAN's first 13 digits. The specification states it for
 * a name of letters and digits only; the name is checked with every other character (spaces, dashes, dots, slashes,
 * brackets) removed, so '6000 5412 3456 7899', '6000-5412-…' or 'card 6000541234567.' cannot store the number in clear
 * as the name (decision 0038). A name of letters and digits only is checked as it is, as the rule is written.
 */
export function cardNameContainsPan(name: string, pan: string): boolean {
  const compact = name.replace(/[^0-9A-Za-z]/g, '');
  const head = pan.replace(/\D/g, '').slice(0, CARD_NAME_PAN_PREFIX);
  for (let i = 0; i + CARD_NAME_PAN_RUN <= head.length; i += 1) {
    if (compact.includes(head.slice(i, i + CARD_NAME_PAN_RUN))) return true;
  }
  return false;
}

/** Resolution 6: expiration days are a whole number 0 to 9999; 0 means the program sets no default. */
export function isExpirationDays(days: number): boolean {
  return Number.isInteger(days) && days >= EXPIRATION_DAYS_MIN && days <= EXPIRATION_DAYS_MAX;
}

/** A§5/B§5: funding source name 2 to 30 characters, surrounding spaces not counted. */
export function isFundingSourceName(name: string): boolean {
  const length = name.trim().length;
  return length >= FUNDING_SOURCE_NAME_MIN && length <= FUNDING_SOURCE_NAME_MAX;
}

/** B§5: funding source names are unique within a program, case-insensitively. */
export function isDuplicateFundingSourceName(name: string, existing: readonly string[]): boolean {
  const key = name.trim().toLowerCase();
  return existing.some((other) => other.trim().toLowerCase() === key);
}
