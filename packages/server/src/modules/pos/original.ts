import { sql } from 'drizzle-orm';
import { toCents } from '@ebt/core/format';
import type { OriginalReference } from '@ebt/core/pos';
import { preparedIn, type DbOrTx } from '../../db/client.js';
import type { CallFacts } from './call.js';
import {
  FUNDS_COLUMNS,
  fundsCtes,
  fundsOf,
  READ_BENEFIT_COLUMNS,
  readBenefitOf,
  type FundsRow,
  type JsonReadBenefit,
  type LockedFunds,
  type ReadBenefit,
} from './funds.js';
import {
  accrualsOf,
  INCENTIVE_COLUMNS,
  incentiveCtes,
  type JsonAccrual,
  type LockedAccrual,
} from './incentive-moves.js';
import { notDuplicate } from './retry.js';

// The transaction a refund or reversal names (decision 0044): by trxUuid, or by terminal, trace number and day.
// A refund may name a purchase of any terminal of its merchant; a reversal only one of its own terminal. By trace
// number, the original is the call that holds it, never a 94 declined under it (retry.ts). Then, in one statement,
// everything the call plans from: the original as it is now, the benefits it moved, the incentive it earned or took
// back, and the account's funds (`originalNow`).

export interface OriginalTransaction {
  id: number;
  uuid: string;
  trxTypeId: number;
  respCodeId: number;
  merchantId: number | null;
  terminalCode: string | null;
  panId: number | null;
  traceNumber: string | null;
  traceDay: string | null;
  trxDatetime: Date;
  settleCents: number;
  reversed: boolean;
  /** What approved, unreversed refunds have given back of it (a purchase). */
  refundedCents: number;
}

/** An original as found, with the reversal that names it (the answer of a reversal named by trxUuid, if any). */
export interface FoundOriginal extends OriginalTransaction {
  reversalId: number | null;
}

interface Row {
  id: string | number;
  uuid: string;
  trx_type_id: number;
  resp_code_id: number;
  merchant_id: number | null;
  terminal_id: string | null;
  pan_id: number | null;
  trace_number: string | null;
  trace_day: string | null;
  trx_datetime: string | Date;
  settle_amt: string | null;
  reversed: boolean;
  refunded: string | number;
  reversal_id: string | number | null;
}

/**
 * The original of `reference` among the purchases and refunds of the merchant of the calling terminal
 * (`terminalCode`), or with `sameTerminal` of that terminal only. Read before the call's facts, so that they are read
 * once, with the original's card: a caller whose credentials fail reads nothing more and is answered 401 by them.
 */
export async function findOriginal(
  db: DbOrTx,
  reference: OriginalReference,
  scope: { terminalCode: string; sameTerminal: boolean },
): Promise<FoundOriginal | null> {
  const terminal = scope.sameTerminal ? scope.terminalCode : (reference.terminalId ?? scope.terminalCode);
  const which = reference.trxUuid
    ? sql`t.uuid = ${reference.trxUuid}`
    : sql`t.terminal_id = ${terminal} and t.trace_day = ${reference.date}::date and t.trace_number = ${reference.traceNumber}
        and t.trx_type_id in (1, 2, 3) and ${sql.raw(notDuplicate('t'))}`;
  const result = await db.execute(sql`
    select t.id, t.uuid, t.trx_type_id, t.resp_code_id, t.merchant_id, t.terminal_id, t.pan_id, t.trace_number,
      t.trace_day::text as trace_day, t.trx_datetime, t.settle_amt, t.reversed_at is not null as reversed,
      coalesce((select sum(r.settle_amt) from transactions r
        where r.original_id = t.id and r.trx_type_id = 2 and r.resp_code_id = 1 and r.reversed_at is null), 0) as refunded,
      (select r.id from transactions r where r.reversal_of_id = t.id and ${sql.raw(notDuplicate('r'))} limit 1)
        as reversal_id
    from transactions t
    where ${which} and t.trx_type_id in (1, 2, 3)
      and t.merchant_id = (select mt.merchant_id from merchant_terminals mt where mt.terminal_code = ${scope.terminalCode})
      ${scope.sameTerminal ? sql`and t.terminal_id = ${scope.terminalCode}` : sql``}
    limit 1`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    uuid: row.uuid,
    trxTypeId: Number(row.trx_type_id),
    respCodeId: Number(row.resp_code_id),
    merchantId: row.merchant_id === null ? null : Number(row.merchant_id),
    terminalCode: row.terminal_id,
    panId: row.pan_id === null ? null : Number(row.pan_id),
    traceNumber: row.trace_number,
    traceDay: row.trace_day,
    trxDatetime: new Date(row.trx_datetime),
    settleCents: toCents(row.settle_amt),
    reversed: row.reversed,
    refundedCents: toCents(row.refunded),
    reversalId: row.reversal_id === null ? null : Number(row.reversal_id),
  };
}

/** A benefit a transaction moved, with its state as read. */
export interface MovedBenefit {
  benefitId: number;
  /** What the transaction moved (debited for a purchase, credited for a refund). */
  cents: number;
  /** For a purchase's benefit: what approved, unreversed refunds credited back for it. */
  refundedCents: number;
  balanceCents: number;
  statusId: number;
  typeId: number;
  expirationDate: string;
  fundingSourceId: number | null;
  agencyId: number | null;
  originalBenefitId: number | null;
}

/** Everything a refund or reversal plans from, read in one statement (one snapshot). */
export interface OriginalNow {
  /** The account's money version the rest was read at (call-write.ts MoneyGuard). */
  moneyVersion: number;
  funds: LockedFunds;
  /** The original is reversed (read again: the look-up before may be stale). */
  reversed: boolean;
  /** The benefits the original moved, in id order. */
  moved: MovedBenefit[];
  /** A purchase's accruals, their incentive benefits in id order. */
  accruals: LockedAccrual[];
  /** A refund's clawbacks (`earnedCents` is what each took), their incentive benefits in id order. */
  clawbacks: LockedAccrual[];
  /** Every benefit of `moved`, `accruals` and `clawbacks`, by id, as read. */
  benefits: Map<number, ReadBenefit>;
}

/**
 * The statement of `originalNow`: the funds (funds.ts `fundsCtes`, no enrolments), the original's moved benefits with
 * what approved, unreversed refunds gave back for each, its accruals or clawbacks (incentive-moves.ts), whether it is
 * reversed, and the account's money version. With `lock`, under the account's lock taken before it, every benefit
 * read is locked too, in id order within each kind, as the funds always were.
 */
function originalNowStatement(lock: boolean): string {
  return `with ${fundsCtes({ account: '$1::int', program: '$2::int', today: '$3::date', withEnrolments: 'false' }, lock)},
  mv as (
    select b.id, tb.amount, tb.original_benefit_id, b.funding_source_id, b.agency_id, ${READ_BENEFIT_COLUMNS},
      coalesce((select sum(rb.amount) from transactions r
        join transaction_benefits rb on rb.transaction_id = r.id
        where r.original_id = $4::bigint and r.trx_type_id = 2 and r.resp_code_id = 1 and r.reversed_at is null
          and rb.original_benefit_id = b.id), 0) as refunded
    from transaction_benefits tb join benefits b on b.id = tb.benefit_id
    where tb.transaction_id = $4::bigint
    order by b.id
    ${lock ? 'for update of b' : ''}
  ),
  ${incentiveCtes('$4::bigint', '$3::date', lock)}
  select coalesce((select v.version from account_money_versions v where v.account_id = $1::int), 0) as money_version,
    (select t.reversed_at is not null from transactions t where t.id = $4::bigint) as reversed,
    ${FUNDS_COLUMNS},
    (select coalesce(json_agg(mv order by mv.id), '[]'::json) from mv) as moved,
    ${INCENTIVE_COLUMNS}`;
}

const UNLOCKED = originalNowStatement(false);
const LOCKED = originalNowStatement(true);

interface JsonMoved extends JsonReadBenefit {
  amount: number | string;
  original_benefit_id: number | null;
  funding_source_id: number | null;
  agency_id: number | null;
  refunded: number | string;
}

interface NowRow extends FundsRow {
  money_version: number | string;
  reversed: boolean;
  moved: JsonMoved[];
  accruals: JsonAccrual[];
  clawbacks: JsonAccrual[];
}

/**
 * What a refund or reversal of `originalId` plans from, on the card's account and program on its today: read as it is
 * (the write is guarded: call-write.ts), or with `locked`, under the account's lock the caller holds, locked.
 */
export async function originalNow(
  db: DbOrTx,
  originalId: number,
  facts: Pick<CallFacts, 'accountId' | 'programId' | 'today'>,
  locked: boolean,
): Promise<OriginalNow> {
  const [row] = await preparedIn<NowRow>(
    db,
    locked ? 'pos_original_now_locked' : 'pos_original_now',
    locked ? LOCKED : UNLOCKED,
    [facts.accountId, facts.programId, facts.today, originalId],
  );
  const accruals = accrualsOf(row!.accruals);
  const clawbacks = accrualsOf(row!.clawbacks);
  const moved = row!.moved.map((r) => ({ r, read: readBenefitOf(r) }));
  return {
    moneyVersion: Number(row!.money_version),
    funds: fundsOf(row!),
    reversed: row!.reversed === true,
    moved: moved.map(({ r, read }) => ({
      benefitId: read.id,
      cents: toCents(r.amount),
      refundedCents: toCents(r.refunded),
      balanceCents: read.state.balanceCents,
      statusId: read.state.statusId,
      typeId: read.typeId,
      expirationDate: read.state.expirationDate,
      fundingSourceId: r.funding_source_id === null ? null : Number(r.funding_source_id),
      agencyId: r.agency_id === null ? null : Number(r.agency_id),
      originalBenefitId: r.original_benefit_id === null ? null : Number(r.original_benefit_id),
    })),
    accruals: accruals.accruals,
    clawbacks: clawbacks.accruals,
    benefits: new Map([...moved.map((m) => m.read), ...accruals.benefits, ...clawbacks.benefits].map((b) => [b.id, b])),
  };
}
