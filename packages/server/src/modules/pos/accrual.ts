import { BENEFIT_TYPE } from '@ebt/core/enums';
import { addDays } from '@ebt/core/format';
import { accrualCents, feeCents } from '@ebt/core/pos';
import type { DbOrTx } from '../../db/client.js';
import { TRANSACTION_TYPE, RESPONSE_CODE } from '../../db/reference-data.js';
import { benefits } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { applyIssueEffects, benefitInsertRow, generateAuthorizationNumber } from '../benefits/index.js';
import type { CallFacts } from './call.js';
import type { LockedEnrolment } from './funds.js';
import { withUuid, writeTransactions, type BenefitMove, type TransactionRecord } from './records.js';

// Incentive accrual (issue 20 item 4; docs/transaction-engine.md "Accrual"). A purchase earns, in each incentive the
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

export interface AccrualInput {
  facts: CallFacts;
  purchaseId: number;
  trxDatetime: Date;
  /** The account's spendable balance after the purchase: the first accrual starts from it. */
  balanceAfterCents: number;
  earned: ReturnType<typeof earnings>;
}

/**
 * Issues the incentive benefits and writes the accrual transactions of a purchase (or the re-accrual of a reversed
 * clawback: `causedById` then names the reversal). Three to five statements whatever the number of incentives.
 */
export async function writeAccruals(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'now' | 'log'>,
  input: AccrualInput,
): Promise<void> {
  const { facts, earned } = input;
  if (earned.length === 0) return;
  const today = facts.today;
  const inserted = await tx
    .insert(benefits)
    .values(
      earned.map((e) =>
        benefitInsertRow(
          {
            programId: facts.programId!,
            accountId: facts.accountId!,
            agencyId: facts.agencyId,
            fundingId: e.enrolment.fundingSourceId,
            incentiveId: e.enrolment.incentiveId,
            authorizationNumber: generateAuthorizationNumber(today),
            benefitTypeId: BENEFIT_TYPE.INCENTIVE,
            availableDate: today,
            expirationDate: incentiveExpiration(today, facts.incentiveExpirationDays, e.enrolment.endDate),
            amountCents: e.cents,
            note: null,
            creationChannel: 'POS',
          },
          ctx.now(),
        ),
      ),
    )
    .returning({ id: benefits.id });
  let balance = input.balanceAfterCents;
  const records: (TransactionRecord & { uuid: string })[] = [];
  const moves: BenefitMove[] = [];
  earned.forEach((e, i) => {
    const record = withUuid(
      accrualRecord(facts, input, e.enrolment.recipientIncentiveId, e.cents, balance, {
        accrualFeeCents: feeCents(e.cents, e.enrolment.accrualFeeRate),
        accrualDay: today,
        originalId: input.purchaseId,
      }),
    );
    balance += e.cents;
    records.push(record);
    moves.push({ trxUuid: record.uuid, benefitId: inserted[i]!.id, deltaCents: 0, amountCents: e.cents });
  });
  await writeTransactions(tx, records, moves);
  // Counted as issued against the incentive's funding source, with the recipient's notice (event 6). Last: the
  // roll-up's row is shared by every accrual of the incentive's funding source and held until the commit.
  await applyIssueEffects(
    tx,
    ctx,
    inserted.map((b, i) => ({
      benefitId: b.id,
      programId: facts.programId!,
      accountId: facts.accountId!,
      agencyId: facts.agencyId,
      fundingId: earned[i]!.enrolment.fundingSourceId,
      amountCents: earned[i]!.cents,
    })),
  );
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
