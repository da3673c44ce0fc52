import { addDays } from '../format/index.js';
import { DEFAULT_BENEFIT_EXPUNGE_DAYS } from './rules.js';

// The benefit life cycle (part 1 §3-§4: Expired and Expunged exist, the transitions into them are not shown; ours,
// docs/decisions/0011-benefit-life-cycle-and-import.md). Issued -> Expired the day after the expiration date;
// Expired -> Expunged a configurable number of days later, the unspent balance forfeited.

/** The configuration key (admin Configurations screen, effective-dated) that holds the expunge delay in days. */
export const BENEFIT_EXPUNGE_DAYS_KEY = 'benefit.expungeDays';

/**
 * The configuration key of the 'expiring soon' lead time in days (A§4), read through the configuration service; 14
 * (EXPIRING_SOON_DAYS) when no value is in force.
 */
export const BENEFIT_EXPIRING_SOON_DAYS_KEY = 'benefit.expiringSoonDays';

/** The largest delay the key takes (about 27 years: effectively "keep"). */
export const BENEFIT_EXPUNGE_DAYS_MAX = 9999;

/**
 * The expunge delay a configuration value names: a whole number of days 0-9999; 'never' (or 'off') keeps Expired
 * benefits for good; no value, or one that is neither, means the default (DEFAULT_BENEFIT_EXPUNGE_DAYS, 90).
 * `valid` is false for a value that was set but could not be read, so the job can say so in its log.
 */
export function expungeDaysFrom(value: string | null | undefined): { days: number | null; valid: boolean } {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return { days: DEFAULT_BENEFIT_EXPUNGE_DAYS, valid: true };
  if (text === 'never' || text === 'off') return { days: null, valid: true };
  if (/^\d{1,4}$/.test(text) && Number(text) <= BENEFIT_EXPUNGE_DAYS_MAX) return { days: Number(text), valid: true };
  return { days: DEFAULT_BENEFIT_EXPUNGE_DAYS, valid: false };
}

/**
 * An Expired benefit is expunged once `days` whole days have passed after its expiration date: with 90 days a benefit
 * that expires on 2026-01-01 (its last day) is Expired from 2026-01-02 and Expunged from 2026-04-02. Answers the
 * cutoff: benefits whose expiration date is before it are due.
 */
export function expungeCutoff(today: string, days: number): string {
  return addDays(today, -days);
}

/** Texts of the life cycle (ours). */
export const BENEFIT_LIFE_CYCLE_MESSAGES = {
  NOTIFICATION_EXPIRED_UNSPENT: 'Your benefit {authNumber} expired on {expirationDate} with {amount} unspent.',
  EMAIL_SUBJECT_EXPIRED: 'A benefit has expired',
  // Issue 21 item 8 (decision 0049): the expiry reminder and the expunged notice.
  NOTIFICATION_EXPIRING: 'Your benefit {authNumber} expires on {expirationDate} with {amount} left to spend.',
  EMAIL_SUBJECT_EXPIRING: 'A benefit expires soon',
  NOTIFICATION_EXPUNGED: 'The {amount} left on your expired benefit {authNumber} has been removed.',
  EMAIL_SUBJECT_EXPUNGED: 'An expired benefit has been removed',
} as const;
