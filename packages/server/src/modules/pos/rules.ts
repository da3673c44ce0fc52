import { formatMoney } from '@ebt/core/format';
import { fillMessage } from '@ebt/core/messages';
import { POS_MESSAGES } from '@ebt/core/pos';
import { PAN_STATUS } from '@ebt/core/enums';
import { RESPONSE_CODE } from '../../db/reference-data.js';
import type { DbOrTx } from '../../db/client.js';
import { configInteger, configNumber } from '../../platform/config-values.js';
import type { CallFacts } from './call.js';

// The engine's checks, in the order the issue gives them, each with its own response code (docs/transaction-engine.md
// "Response codes"), and the configuration it reads (docs/configuration.md).

/** Configuration key: the most one purchase or refund may be, in dollars. */
export const MAX_AMOUNT_KEY = 'pos.maxTransactionAmount';
export const DEFAULT_MAX_AMOUNT = 999.99;
/** Configuration key: how long after its original a reversal is taken, in hours. */
export const REVERSAL_WINDOW_KEY = 'pos.reversalWindowHours';
export const DEFAULT_REVERSAL_WINDOW_HOURS = 24;

export interface Decline {
  respCodeId: number;
  text?: string;
  /**
   * A decline found after the card's PIN was judged right (over the maximum, short of funds): it tells the terminal
   * the PIN was right, so it is written under the PIN's guard as an approval is (call-write.ts `pin`).
   */
  pin?: { panId: number; day: string } | undefined;
}

/**
 * Why a card may not be used, or null. Terminal and merchant, the merchant's mapping to the card's program, the
 * program, the card (known, not locked, not lost or stolen, Active, assigned, not expired), the account; a trace
 * number whose reversal came first. The caller checks the amount and the funds after.
 */
export function cardDecline(facts: CallFacts): Decline | null {
  if (!facts.merchantActive) return { respCodeId: RESPONSE_CODE.INVALID_MERCHANT };
  if (facts.reversedFirst)
    return { respCodeId: RESPONSE_CODE.INVALID_TRANSACTION, text: POS_MESSAGES.REVERSAL_ARRIVED_FIRST };
  if (facts.programId !== null && !facts.mapped) return { respCodeId: RESPONSE_CODE.TERMINAL_NOT_PERMITTED };
  if (facts.programId !== null && !facts.programEnabled) return { respCodeId: RESPONSE_CODE.PROGRAM_DISABLED };
  if (facts.panId === null) return { respCodeId: RESPONSE_CODE.INVALID_CARD };
  if (facts.panLocked) return { respCodeId: RESPONSE_CODE.CARD_LOCKED };
  if (facts.panStatusId === PAN_STATUS.LOST) return { respCodeId: RESPONSE_CODE.LOST_CARD };
  if (facts.panStatusId === PAN_STATUS.STOLEN) return { respCodeId: RESPONSE_CODE.STOLEN_CARD };
  // Used, Inactive, a printed card still in the program's pool or never assigned (decision 0037).
  if (facts.panStatusId !== PAN_STATUS.ACTIVE || facts.accountIsPool || facts.panActiveDate === null)
    return { respCodeId: RESPONSE_CODE.CARD_NOT_ACTIVE };
  if (facts.panExpirationDate !== null && facts.panExpirationDate < facts.today)
    return { respCodeId: RESPONSE_CODE.EXPIRED_CARD };
  if (!facts.accountActive) return { respCodeId: RESPONSE_CODE.NOT_PERMITTED };
  return null;
}

/** The most one transaction may be, in cents, on the program's today. */
export async function maxAmountCents(db: DbOrTx, today: string): Promise<number> {
  const dollars = await configNumber(db, MAX_AMOUNT_KEY, today, DEFAULT_MAX_AMOUNT);
  return Number.isFinite(dollars) && dollars > 0 ? Math.round(dollars * 100) : Math.round(DEFAULT_MAX_AMOUNT * 100);
}

export function overMaximum(amountCents: number, maxCents: number): Decline | null {
  return amountCents > maxCents
    ? {
        respCodeId: RESPONSE_CODE.INVALID_AMOUNT,
        text: fillMessage(POS_MESSAGES.OVER_MAXIMUM, { max: formatMoney(maxCents / 100) }),
      }
    : null;
}

/** The reversal window in hours (1 to 168 whatever the configuration says). */
export async function reversalWindowHours(db: DbOrTx, today: string): Promise<number> {
  const hours = await configInteger(db, REVERSAL_WINDOW_KEY, today, DEFAULT_REVERSAL_WINDOW_HOURS);
  return Math.min(168, Math.max(1, Number.isFinite(hours) ? hours : DEFAULT_REVERSAL_WINDOW_HOURS));
}

/** A six-digit approval code (ISO 8583 field 38) for an approved call. */
export function newAuthNumber(): string {
  return String(Math.floor(100_000 + Math.random() * 900_000));
}

/** The day as the terminal wrote it in its date-time: the trace number's day. */
export function writtenDay(terminalDateTime: string): string {
  return terminalDateTime.trim().slice(0, 10);
}
