import { randomUUID } from 'node:crypto';
import { BENEFIT_TYPE } from '@ebt/core/enums';
import { addDays, fromCents } from '@ebt/core/format';
import { accrualCents, feeCents } from '@ebt/core/pos';
import { TRANSACTION_TYPE, RESPONSE_CODE } from '../../db/reference-data.js';
import type { benefits } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { benefitInsertRow, generateAuthorizationNumber, noticeMessage } from '../benefits/index.js';
import type { RecipientNotice } from '../../platform/recipient-notices.js';
import type { CallMove, CallRecord } from './call-write.js';
import type { CallFacts } from './call.js';
import type { LockedEnrolment } from './funds.js';
import type { TransactionRecord } from './records.js';

// Incentive accrual (docs/transaction-engine.md "Accrual"). A purchase earns, in each incentive the
// recipient is enrolled in today, the eligible part it paid from regular benefits times the match rate, rounded down
// to the cent, within the per-transaction cap and what remains of the day's and the month's caps (read under the
// enrolment's lock, so parallel purchases cannot pass a cap). What it earns becomes an incentive benefit (available
// today, the incentive's funding source) and an accrual transaction linked to the purchase; the recipient is
// notified through the benefit-issued notice of an incentive ('You earn an incentive', event 6).

/** An incentive benefit's life when the program sets no incentiveExpirationDays: a year. */
const DEFAULT_INCENTIVE_DAYS = 365;

/** The expiry of an incentive benefit made today: the program's incentive life (resolutions §6: days - 1). */
export function incentiveExpiration(today: string, days: number | null, incentiveEnd: string | null): string {
  if (days && days > 0) return addDays(today, days - 1);
  if (incentiveEnd && incentiveEnd >= today) return incentiveEnd;
  return addDays(today, DEFAULT_INCENTIVE_DAYS - 1);
}

/** What each enrolment earns on a purchase with `baseCents` eligible and paid from regular money. */
export function earnings(baseCents: number, enrolments: readonly LockedEnrolment[]) {
  return enrolments.map((e) => ({ enrolment: e, cents: accrualCents(baseCents, e) })).filter((e) => e.cents > 0);
}

/** What an accrual or clawback row says of the call that caused it. */
export interface AccrualInput {
  purchaseId: number;
  trxDatetime: Date;
}

/** What a purchase's accruals add to its one write (`writeCall`, decision 0072), and to its answer. */
export interface AccrualWrite {
  records: CallRecord[];
  moves: CallMove[];
  newBenefits: (typeof benefits.$inferInsert & { uuid: string })[];
  notices: RecipientNotice[];
  incentives: { incentiveUuid: string; benefitUuid: string; cents: number }[];
  /** The card's spendable balance after the purchase and its accruals. */
  balanceAfterCents: number;
}

/**
 * The accruals of a purchase about to be written (`own`): per enrolment that earned, an incentive benefit, an accrual
 * row linked to the purchase and the recipient's 'incentive earned' notice (event 6); the benefit's insert journals its
 * issuance (platform/issuance-totals.ts).
 */
export function accrualWrite(
  ctx: Pick<RequestContext, 'now'>,
  facts: CallFacts,
  own: TransactionRecord & { uuid: string },
  balanceAfterCents: number,
  earned: ReturnType<typeof earnings>,
): AccrualWrite {
  const today = facts.today;
  const out: AccrualWrite = {
    records: [],
    moves: [],
    newBenefits: [],
    notices: [],
    incentives: [],
    balanceAfterCents,
  };
  for (const e of earned) {
    const expirationDate = incentiveExpiration(today, facts.incentiveExpirationDays, e.enrolment.endDate);
    const authorizationNumber = generateAuthorizationNumber(today);
    const benefit = {
      ...benefitInsertRow(
        {
          programId: facts.programId!,
          accountId: facts.accountId!,
          agencyId: facts.agencyId,
          fundingId: e.enrolment.fundingSourceId,
          incentiveId: e.enrolment.incentiveId,
          authorizationNumber,
          benefitTypeId: BENEFIT_TYPE.INCENTIVE,
          availableDate: today,
          expirationDate,
          amountCents: e.cents,
          note: null,
          creationChannel: 'POS',
        },
        ctx.now(),
      ),
      uuid: randomUUID(),
    };
    const record = {
      ...accrualRecord(
        facts,
        { purchaseId: 0, trxDatetime: own.trxDatetime },
        e.enrolment.recipientIncentiveId,
        e.cents,
        out.balanceAfterCents,
        {
          accrualFeeCents: feeCents(e.cents, e.enrolment.accrualFeeRate),
          accrualDay: today,
        },
      ),
      // Linked to the purchase in the write itself: its id is not known before.
      originalId: null,
      causedById: null,
      uuid: randomUUID(),
      causedByUuid: own.uuid,
    };
    out.balanceAfterCents += e.cents;
    out.records.push(record);
    out.newBenefits.push(benefit);
    out.moves.push({
      trxUuid: record.uuid,
      benefitId: null,
      benefitUuid: benefit.uuid,
      deltaCents: 0,
      amountCents: e.cents,
    });
    const notice = noticeMessage(
      {
        typeId: BENEFIT_TYPE.INCENTIVE,
        authNumber: authorizationNumber,
        amount: fromCents(e.cents),
        availableDate: today,
        expirationDate,
        programName: facts.programName ?? '',
      },
      'issued',
    );
    out.notices.push({
      accountId: facts.accountId!,
      eventId: notice.event,
      text: notice.text,
      subject: notice.subject,
      es: notice.es,
      kind: 'incentive-earned',
    });
    out.incentives.push({ incentiveUuid: e.enrolment.incentiveUuid, benefitUuid: benefit.uuid, cents: e.cents });
  }
  return out;
}

/** An accrual (or clawback) row: the purchase's card, account and merchant, approved, the amount earned. */
export function accrualRecord(
  facts: CallFacts,
  input: Pick<AccrualInput, 'purchaseId' | 'trxDatetime'>,
  recipientIncentiveId: number | null,
  cents: number,
  startBalanceCents: number,
  extra: Partial<TransactionRecord> & { accrualDay: string },
  typeId: number = TRANSACTION_TYPE.INCENTIVE_ACCRUAL,
): TransactionRecord {
  const clawback = typeId === TRANSACTION_TYPE.INCENTIVE_CLAWBACK;
  return {
    trxDatetime: input.trxDatetime,
    programId: facts.programId!,
    agencyId: facts.agencyId,
    accountId: facts.accountId,
    panId: facts.panId,
    merchantId: facts.merchantId,
    trxTypeId: typeId,
    respCodeId: RESPONSE_CODE.APPROVED,
    reqCents: cents,
    settleCents: cents,
    settleDate: facts.today,
    authNumber: null,
    traceNumber: null,
    traceDay: null,
    terminalId: facts.terminalCode,
    startBalanceCents: startBalanceCents,
    endBalanceCents: clawback ? Math.max(0, startBalanceCents - cents) : startBalanceCents + cents,
    causedById: input.purchaseId,
    recipientIncentiveId,
    ...extra,
  };
}
