import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '@ebt/core/format';
import type { PosAnswer } from '@ebt/core/pos';
import type { DbOrTx } from '../../db/client.js';

// How the engine's rows are written and read back (decision 0044). Every call is a transactions row with the fields
// the transaction detail shows; the benefits it moved are transaction_benefits rows, and their balances change in the
// same statement, so a row and its money can never be apart. An engine call writes them with call-write.ts and
// answers from what it computed; the answer is read back from the rows for a repeated request, which gets the first
// answer. The demo data writes its history with `writeTransactions`.

/** One transactions row, as the engine fills it. Amounts in cents; null where a decline has nothing to say. */
export interface TransactionRecord {
  uuid?: string;
  trxDatetime: Date;
  programId: number;
  agencyId: number | null;
  accountId: number | null;
  panId: number | null;
  merchantId: number | null;
  trxTypeId: number;
  respCodeId: number;
  reqCents: number;
  settleCents: number | null;
  settleDate: string | null;
  authNumber: string | null;
  traceNumber: string | null;
  traceDay: string | null;
  mcc?: string | null;
  terminalId: string | null;
  panEntryMode?: string | null;
  posConditionCode?: string | null;
  additionalResponseText?: string | null;
  locationAddress?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  reversalOfId?: number | null;
  startBalanceCents: number | null;
  endBalanceCents: number | null;
  originalId?: number | null;
  causedById?: number | null;
  eligibleCents?: number | null;
  redemptionFeeCents?: number | null;
  accrualFeeCents?: number | null;
  recipientIncentiveId?: number | null;
  accrualDay?: string | null;
  unrecoveredCents?: number | null;
  /** An engine call's own row: the digest of what it asked (retry.ts). */
  requestDigest?: string | null;
}

/** A benefit a transaction moves: `deltaCents` changes its balance (negative spends), `amountCents` is recorded. */
export interface BenefitMove {
  trxUuid: string;
  benefitId: number;
  deltaCents: number;
  amountCents: number;
  /** A refund's credit: the benefit the purchase debited that it gives back for. */
  originalBenefitId?: number | null;
}

/** The API version the engine writes on its rows. */
export const POS_API_VERSION = '1';

const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : fromCents(cents));

/** The JSON record of a row, in the column names and types of the insert below. */
export function recordJson(r: TransactionRecord & { uuid: string }) {
  return {
    uuid: r.uuid,
    trx_datetime: r.trxDatetime.toISOString(),
    program_id: r.programId,
    agency_id: r.agencyId,
    account_id: r.accountId,
    pan_id: r.panId,
    merchant_id: r.merchantId,
    trx_type_id: r.trxTypeId,
    resp_code_id: r.respCodeId,
    req_amt: fromCents(r.reqCents),
    settle_amt: money(r.settleCents),
    settle_date: r.settleDate,
    auth_number: r.authNumber,
    trace_number: r.traceNumber,
    trace_day: r.traceDay,
    mcc: r.mcc ?? null,
    terminal_id: r.terminalId,
    pan_entry_mode: r.panEntryMode ?? null,
    pos_condition_code: r.posConditionCode ?? null,
    api_version: POS_API_VERSION,
    additional_response_text: r.additionalResponseText?.slice(0, 200) ?? null,
    location_address: r.locationAddress?.slice(0, 200) ?? null,
    latitude: r.latitude ?? null,
    longitude: r.longitude ?? null,
    reversal_of_id: r.reversalOfId ?? null,
    start_balance: money(r.startBalanceCents),
    end_balance: money(r.endBalanceCents),
    original_id: r.originalId ?? null,
    caused_by_id: r.causedById ?? null,
    eligible_amt: money(r.eligibleCents),
    redemption_fee: money(r.redemptionFeeCents),
    accrual_fee: money(r.accrualFeeCents),
    recipient_incentive_id: r.recipientIncentiveId ?? null,
    accrual_day: r.accrualDay ?? null,
    unrecovered_amt: money(r.unrecoveredCents),
    request_digest: r.requestDigest ?? null,
  };
}

export const COLUMNS = `uuid uuid, trx_datetime timestamptz, program_id int, agency_id int, account_id int, pan_id int,
  merchant_id int, trx_type_id smallint, resp_code_id smallint, req_amt numeric, settle_amt numeric, settle_date date,
  auth_number varchar(20), trace_number varchar(20), trace_day date, mcc varchar(4), terminal_id varchar(20),
  pan_entry_mode varchar(3), pos_condition_code varchar(2), api_version varchar(10), additional_response_text varchar(200),
  location_address varchar(200), latitude numeric, longitude numeric, reversal_of_id bigint, start_balance numeric,
  end_balance numeric, original_id bigint, caused_by_id bigint, eligible_amt numeric, redemption_fee numeric,
  accrual_fee numeric, recipient_incentive_id int, accrual_day date, unrecovered_amt numeric,
  request_digest varchar(64)`;
export const NAMES = COLUMNS.split(',')
  .map((c) => c.trim().split(/\s+/)[0])
  .join(', ');

/**
 * Writes transactions rows and the benefits they move, in one statement: the rows (created when they happened), the
 * balance changes (the benefits_balance_check constraint is the last guard against a negative balance) and the
 * transaction_benefits rows. Answers each row's id by its uuid. One call's rows, or many calls' (the demo data).
 */
export async function writeTransactions(
  tx: DbOrTx,
  records: readonly TransactionRecord[],
  moves: readonly BenefitMove[] = [],
): Promise<Map<string, number>> {
  const rows = records.map((r) => recordJson({ ...r, uuid: r.uuid ?? randomUUID() }));
  const lines = moves.map((m) => ({
    trx_uuid: m.trxUuid,
    benefit_id: m.benefitId,
    delta: fromCents(m.deltaCents),
    amount: fromCents(m.amountCents),
    original_benefit_id: m.originalBenefitId ?? null,
  }));
  const at = records[0]!.trxDatetime.toISOString();
  const result = await tx.execute(sql`
    with t as (
      insert into transactions (${sql.raw(NAMES)}, created_at)
      select ${sql.raw(NAMES)}, r.trx_datetime
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${sql.raw(COLUMNS)})
      returning id, uuid
    ),
    l as (
      select * from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
        as l(trx_uuid uuid, benefit_id int, delta numeric, amount numeric, original_benefit_id int)
    ),
    -- One change per benefit: an UPDATE … FROM changes a row once however many lines match it, and a batch of
    -- calls (the demo data, decision 0079) may move a benefit several times.
    d as (select benefit_id, sum(delta) as delta from l group by benefit_id having sum(delta) <> 0),
    u as (
      update benefits b set balance = b.balance + d.delta, updated_at = ${at}::timestamptz
      from d where b.id = d.benefit_id
      returning b.id
    ),
    tb as (
      insert into transaction_benefits (transaction_id, benefit_id, amount, original_benefit_id)
      select t.id, l.benefit_id, l.amount, l.original_benefit_id from l join t on t.uuid = l.trx_uuid
      returning 1
    )
    select t.id, t.uuid, (select count(*) from u) as moved, (select count(*) from tb) as lines from t`);
  const out = (result as unknown as { rows: { id: string | number; uuid: string }[] }).rows;
  return new Map(out.map((r) => [r.uuid, Number(r.id)]));
}

/** Sets the uuid a record will have, so a caller can name it in its benefit moves before it is written. */
export function withUuid<T extends TransactionRecord>(record: T): T & { uuid: string } {
  return { ...record, uuid: record.uuid ?? randomUUID() };
}

interface AnswerRow {
  uuid: string;
  trx_type_id: number;
  code: string;
  descr: string;
  additional_response_text: string | null;
  auth_number: string | null;
  req_amt: string;
  settle_amt: string | null;
  end_balance: string | null;
  soonest: string | null;
  benefits: { benefitUuid: string; authorizationNumber: string; benefitTypeId: number; amount: string | number }[];
  incentives: { incentiveUuid: string; benefitUuid: string; amount: string | number }[];
  taken_back: string | number;
  not_recovered: string | number;
}

const dollars = (value: string | number | null) => toCents(value ?? 0) / 100;

/**
 * Answers read back from a call already recorded (a terminal's retry, a reversal of what is already reversed): they
 * moved no money this time, so the metrics count them as calls but not as accruals or take-backs again.
 */
const readBack = new WeakSet<PosAnswer>();

/** Whether this answer is a recorded call's, read back (`answerOf`), rather than one the call just made. */
export const isReadBack = (answer: PosAnswer): boolean => readBack.has(answer);

/** The answer of a recorded call: the row, the benefits it moved, the incentive it earned or took back. */
export async function answerOf(db: DbOrTx, transactionId: number): Promise<PosAnswer> {
  const result = await db.execute(sql`
    select t.uuid, t.trx_type_id, rc.code, rc.descr, t.additional_response_text, t.auth_number, t.req_amt,
      t.settle_amt,
      -- The card's balance after the whole call: after the accruals or clawbacks it caused, if any.
      coalesce((select c.end_balance from transactions c where c.caused_by_id = t.id order by c.id desc limit 1),
        t.end_balance) as end_balance,
      case when t.trx_type_id = 3 and t.resp_code_id = 1 then (
        select min(b.expiration_date)::text from benefits b
        where b.account_id = t.account_id and b.program_id = t.program_id and b.status_id = 0 and b.balance > 0
          and b.available_date <= t.trace_day and b.expiration_date >= t.trace_day) end as soonest,
      (select coalesce(json_agg(json_build_object('benefitUuid', b.uuid, 'authorizationNumber', b.authorization_number,
          'benefitTypeId', b.benefit_type_id, 'amount', tb.amount) order by tb.benefit_id), '[]'::json)
        from transaction_benefits tb join benefits b on b.id = tb.benefit_id where tb.transaction_id = t.id) as benefits,
      (select coalesce(json_agg(json_build_object('incentiveUuid', i.uuid, 'benefitUuid', b.uuid,
          'amount', a.settle_amt) order by a.id), '[]'::json)
        from transactions a
        join transaction_benefits tb on tb.transaction_id = a.id
        join benefits b on b.id = tb.benefit_id
        join incentives i on i.id = b.incentive_id
        where a.caused_by_id = t.id and a.trx_type_id = 6) as incentives,
      (select coalesce(sum(c.settle_amt), 0) from transactions c
        where c.caused_by_id = t.id and c.trx_type_id = 7) as taken_back,
      (select coalesce(sum(c.unrecovered_amt), 0) from transactions c
        where c.caused_by_id = t.id and c.trx_type_id = 7) as not_recovered
    from transactions t join response_codes rc on rc.id = t.resp_code_id
    where t.id = ${transactionId}`);
  const row = (result as unknown as { rows: AnswerRow[] }).rows[0]!;
  const incentives = row.incentives.map((i) => ({ ...i, amount: dollars(i.amount) }));
  const answer: PosAnswer = {
    trxUuid: row.uuid,
    transactionTypeId: Number(row.trx_type_id),
    responseCode: row.code,
    responseText: row.descr,
    additionalResponseText: row.additional_response_text,
    authNumber: row.auth_number,
    requestedAmount: dollars(row.req_amt),
    approvedAmount: dollars(row.settle_amt),
    balanceAfter: row.end_balance === null ? null : dollars(row.end_balance),
    soonestExpiration: row.soonest,
    benefits: row.benefits.map((b) => ({ ...b, benefitTypeId: Number(b.benefitTypeId), amount: dollars(b.amount) })),
    incentiveEarned: incentives.reduce((sum, i) => sum + Math.round(i.amount * 100), 0) / 100,
    incentives,
    incentiveTakenBack: dollars(row.taken_back),
    incentiveNotRecovered: dollars(row.not_recovered),
  };
  readBack.add(answer);
  return answer;
}
