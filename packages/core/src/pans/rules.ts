import { PAN_LENGTH, PAN_MASK_VISIBLE_DIGITS, PAN_PREFIX_LENGTH, PAN_SHORT_LENGTH } from '../constants/limits.js';
import { PAN_STATUS, PAN_STATUS_LABEL, PAN_TYPE, type PanStatus } from '../enums/statuses.js';
import { ruleMessage } from '../messages/origin.js';
import { PAN_MESSAGES } from './messages.js';

// The PAN rules of B§4, B§5, B§9 and resolution 5, shared by the server (which enforces them) and the web (which
// disables what they refuse). docs/decisions/0035-0037.

/** The nine-digit account number between the program's prefix and the check digit (resolution 5). */
export const PAN_ACCOUNT_NUMBER_LENGTH = PAN_LENGTH - PAN_PREFIX_LENGTH - 1;
/** B§5: the bulk count is digits only, at most 4 characters. */
export const BULK_PAN_COUNT_MAX = 9999;
/** Decision 0036: a recipient may hold this many Active PANs unless the program's configuration says otherwise. */
export const DEFAULT_MAX_ACTIVE_PANS = 2;
/** The program configuration keys this area reads (part 2 §9 "card settings"; decision 0036). */
export const MAX_ACTIVE_PANS_KEY = 'maxActivePans';
export const EXPIRATION_KEY = 'expirationDate';
/** A card's life when the program's `expirationDate` setting is missing or unreadable: four years ('4Y'). */
export const DEFAULT_CARD_LIFE_MONTHS = 48;

/** The Luhn check digit that makes `partial` + digit pass the mod-10 test. */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  // Walking from the right, the digit next to the (future) check digit is doubled first.
  for (let i = partial.length - 1, double = true; i >= 0; i--, double = !double) {
    let n = partial.charCodeAt(i) - 48;
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A program PAN (resolution 5): the nine-digit bin + series, a nine-digit account number and the check digit. */
export function programPan(prefix: string, accountNumber: string): string {
  if (!new RegExp(`^\\d{${PAN_PREFIX_LENGTH}}$`).test(prefix) || !/^\d{9}$/.test(accountNumber)) {
    throw new Error('a program PAN is 9 digits of bin and series plus a 9-digit account number');
  }
  const partial = prefix + accountNumber;
  return partial + luhnCheckDigit(partial);
}

/** The program's nine-digit PAN prefix, or null when its bin and series are not set (or not nine digits together). */
export function panPrefixOf(program: { bin: string | null; seriesNbr: string | null }): string | null {
  const prefix = `${program.bin ?? ''}${program.seriesNbr ?? ''}`;
  return program.bin && program.seriesNbr && new RegExp(`^\\d{${PAN_PREFIX_LENGTH}}$`).test(prefix) ? prefix : null;
}

/** B§9: a PAN as staff lists show it, '*' and the last four digits ('*0013'); the whole number only by a reveal. */
export const MASKED_PAN = new RegExp(`^\\*\\d{${PAN_MASK_VISIBLE_DIGITS}}$`);

/** The PAN as printed on the card: groups of four digits ('9001 0000 1123 4567 890'). */
export function groupPan(pan: string): string {
  return pan.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * B§5 assign: the entry's digits (spaces and dashes ignored) when they are 10 or 19, else null. The 10-digit form is
 * the last ten digits; the server prefixes it with the program's nine (`fullAssignPan`).
 */
export function assignPanDigits(entry: string): string | null {
  const digits = entry.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  return digits.length === PAN_LENGTH || digits.length === PAN_SHORT_LENGTH ? digits : null;
}

/** The 19 digits an assign entry names in a program with `prefix` (B§5), or null when it cannot be one. */
export function fullAssignPan(digits: string, prefix: string | null): string | null {
  if (digits.length === PAN_LENGTH) return digits;
  if (digits.length === PAN_SHORT_LENGTH && prefix) return prefix + digits;
  return null;
}

/** Lost, Stolen and Used are final (B§4, decision 0036). */
export function isFinalPanStatus(statusId: number): boolean {
  return statusId === PAN_STATUS.LOST || statusId === PAN_STATUS.STOLEN || statusId === PAN_STATUS.USED;
}

/**
 * B§4 status actions Lost (1), Stolen (2), Inactive (4): Lost and Stolen are final; an Active PAN can be set
 * Inactive; an Inactive one can still be reported Lost or Stolen. Setting a status a PAN already has is refused.
 */
export function canSetPanStatus(from: number, to: number): boolean {
  if (isFinalPanStatus(from) || from === to) return false;
  if (to === PAN_STATUS.LOST || to === PAN_STATUS.STOLEN) return true;
  return to === PAN_STATUS.INACTIVE && from === PAN_STATUS.ACTIVE;
}

/** The refusal of a status change, or null when it is allowed. */
export function panStatusProblem(from: number, to: number): string | null {
  if (canSetPanStatus(from, to)) return null;
  const label = (id: number) => PAN_STATUS_LABEL[id as PanStatus] ?? String(id);
  return ruleMessage(PAN_MESSAGES.STATUS_NOT_ALLOWED, { from: label(from), to: label(to) });
}

/**
 * B§8 assign 422: only an unassigned printed PAN (one still on the program's printed-PAN account) that is not Lost,
 * Stolen or Used can be reassigned to a recipient.
 */
export function isReassignable(pan: { panTypeId: number; panStatusId: number; unassigned: boolean }): boolean {
  return pan.unassigned && pan.panTypeId === PAN_TYPE.PRINTED && !isFinalPanStatus(pan.panStatusId);
}

/** Reads the program configuration text (part 2 §9: a JSON-like key list); anything unreadable is no settings. */
export function programSettings(configuration: string | null | undefined): Readonly<Record<string, unknown>> {
  if (!configuration) return NO_SETTINGS;
  let settings = parsedSettings.get(configuration);
  if (settings === undefined) {
    settings = Object.freeze(parseSettings(configuration));
    // Programs are few; a bound keeps a stream of edited configurations from growing the cache without end.
    if (parsedSettings.size >= 100) parsedSettings.clear();
    parsedSettings.set(configuration, settings);
  }
  return settings;
}

const NO_SETTINGS: Readonly<Record<string, unknown>> = Object.freeze({});
/**
 * Each configuration text parsed once: every recipient account answer reads its program's (activePanLimit), and
 * parsing the same JSON again on each request showed in the account read's profile.
 */
const parsedSettings = new Map<string, Readonly<Record<string, unknown>>>();

function parseSettings(configuration: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(configuration);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * How many Active PANs an account may hold (decision 0036): the account's own limit when set, else the program
 * configuration's `maxActivePans` (a whole number 0-99), else DEFAULT_MAX_ACTIVE_PANS.
 */
export function activePanLimit(accountLimit: number | null | undefined, configuration: string | null | undefined) {
  if (accountLimit !== null && accountLimit !== undefined) return accountLimit;
  const value = programSettings(configuration)[MAX_ACTIVE_PANS_KEY];
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 99 ? n : DEFAULT_MAX_ACTIVE_PANS;
}

/** maxPrintedPans of a recipient account (part 2 §3, decision 0036): how many more PANs it may hold, never below 0. */
export function remainingPans(limit: number, activeCount: number): number {
  return Math.max(0, limit - activeCount);
}

/** The card life in months from the program configuration's `expirationDate` ('4Y', '36M'), else four years. */
export function cardLifeMonths(configuration: string | null | undefined): number {
  const value = programSettings(configuration)[EXPIRATION_KEY];
  const match = typeof value === 'string' ? /^\s*(\d{1,2})\s*([YM])\s*$/i.exec(value) : null;
  if (!match) return DEFAULT_CARD_LIFE_MONTHS;
  const months = Number(match[1]) * (match[2]!.toUpperCase() === 'Y' ? 12 : 1);
  return months >= 1 && months <= 120 ? months : DEFAULT_CARD_LIFE_MONTHS;
}

/**
 * The expiration date of a card made on `today` (YYYY-MM-DD): the last day of the month `months` later, as cards
 * print a month and year and are good to its end.
 */
export function cardExpirationDate(today: string, months: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months; // the month of expiry, zero-based
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`;
}

/**
 * B§5 bulk count: the refusal of a count, or null. `max` is the program's available count (maxPrintedPans of the
 * printed-PAN account); administrators may exceed it (after the screen's warning), others may not, and a maximum
 * below 1 stops them altogether.
 */
export function bulkCountProblem(count: number, max: number, administrator: boolean): string | null {
  if (!Number.isInteger(count) || count < 1 || count > BULK_PAN_COUNT_MAX) return PAN_MESSAGES.INVALID_GENERATION_COUNT;
  if (!administrator && count > max)
    return ruleMessage(PAN_MESSAGES.GENERATION_COUNT_TOO_HIGH, { max: Math.max(max, 0) });
  return null;
}

/** The recipient's card actions (decision 0037). */
export const CARD_ACTIONS = ['lock', 'unlock', 'lost', 'stolen'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

/** Whether a recipient may take `action` on their card: only an Active card; lock it unlocked, unlock it locked. */
export function canTakeCardAction(card: { panStatusId: number; locked: boolean }, action: CardAction): boolean {
  if (card.panStatusId !== PAN_STATUS.ACTIVE) return false;
  if (action === 'lock') return !card.locked;
  if (action === 'unlock') return card.locked;
  return true;
}

/** The PAN status a lost or stolen report sets. */
export function reportedStatus(action: 'lost' | 'stolen'): PanStatus {
  return action === 'lost' ? PAN_STATUS.LOST : PAN_STATUS.STOLEN;
}
