import { toCents } from '@ebt/core/format';
import type { SpendableBenefit } from '@ebt/core/pos';
import { preparedIn, type DbOrTx } from '../../db/client.js';
import type { BenefitState } from './call-write.js';

// The locks of a money-moving call, always in the same order (decision 0044): the
// recipient account row first (it serialises every engine call of one account, so the checks below and a retry's
// look-up see each other), then its spendable benefits in id order, then, for a purchase, its enrolments in the
// program's incentives in id order with what each has earned today and this month. Every balance check and debit
// happens under these locks; benefits_balance_check (balance >= 0) stays the last guard. A purchase first tries
// without them (decision 0102): it reads the same rows with its call's facts (call.ts `callFacts` with funds) and
// writes only if the account's money version and each debited benefit are still as it read them. A refund or
// reversal does the same with the funds and its original's benefits (original.ts `originalNow`).

export interface LockedBenefit extends SpendableBenefit {
  /** What the answer names each benefit by. */
  uuid: string;
  authorizationNumber: string;
  /** The redemption fee rate of an incentive benefit's incentive ('0.00' for a regular benefit). */
  redemptionFeeRate: string;
}

export interface LockedEnrolment {
  recipientIncentiveId: number;
  incentiveId: number;
  incentiveUuid: string;
  fundingSourceId: number;
  matchRate: string;
  accrualMaxTrx: string;
  accrualMaxDay: string;
  accrualMaxMonth: string;
  accrualFeeRate: string;
  endDate: string | null;
  earnedTodayCents: number;
  earnedMonthCents: number;
}

export interface LockedFunds {
  benefits: LockedBenefit[];
  enrolments: LockedEnrolment[];
  /** The spendable balance: what the locked benefits hold. */
  balanceCents: number;
}

interface JsonBenefit {
  id: number;
  uuid: string;
  auth: string;
  type_id: number;
  balance: number | string;
  available_date: string;
  expiration_date: string;
  fee_rate: number | string;
}
interface JsonEnrolment {
  id: number;
  incentive_id: number;
  incentive_uuid: string;
  funding_source_id: number;
  match_rate: number | string;
  max_trx: number | string;
  max_day: number | string;
  max_month: number | string;
  fee_rate: number | string;
  end_date: string | null;
  earned_today: number | string;
  earned_month: number | string;
}

// The account's lock first, alone: in READ COMMITTED a statement reads the database as it was when the statement
// began, so sums read in the statement that waited for the lock would miss the purchases committed meanwhile
// (50 parallel purchases earned $23.50 under a $10.00 day cap that way). The next statement starts after the lock
// is ours and sees every call of this account that came before. Both are prepared (decision 0072). The lock is an
// update of the account's money version: a purchase that read the funds before it and writes after it must find the
// version changed (decision 0102).
const LOCK = `insert into account_money_versions as v (account_id, version) values ($1, 1)
  on conflict (account_id) do update set version = v.version + 1 returning account_id`;

/** Where the funds' statement finds the account, program, day and whether enrolments are read (SQL expressions). */
export interface FundsKeys {
  account: string;
  program: string;
  today: string;
  withEnrolments: string;
}

/**
 * The two CTEs `b` (the spendable benefits of the program on the day, in id order) and `e` (the enrolments in force
 * with what each earned today and this month), locked (`for update`) for the locked path and read as they are for a
 * purchase that plans before it writes (decision 0102): one text, so both paths plan from the same rows.
 */
export function fundsCtes(k: FundsKeys, lock: boolean): string {
  return `b as (
    select b.id, b.uuid, b.authorization_number as auth, b.benefit_type_id as type_id, b.balance,
      b.available_date::text as available_date, b.expiration_date::text as expiration_date,
      coalesce(i.redemption_fee_rate, 0) as fee_rate
    from benefits b left join incentives i on i.id = b.incentive_id
    where b.account_id = ${k.account} and b.program_id = ${k.program} and b.status_id = 0
      and b.available_date <= ${k.today} and b.expiration_date >= ${k.today} and b.balance > 0
    order by b.id
    ${lock ? 'for update of b' : ''}
  ),
  e as (
    select ri.id, i.id as incentive_id, i.uuid as incentive_uuid, i.funding_source_id, i.match_rate,
      i.accrual_max_trx as max_trx, i.accrual_max_day as max_day, i.accrual_max_month as max_month,
      i.accrual_fee_rate as fee_rate, i.end_date::text as end_date,
      coalesce((select sum(case when t.trx_type_id = 6 then t.settle_amt else -t.settle_amt end) from transactions t
        where t.recipient_incentive_id = ri.id and t.accrual_day = ${k.today} and t.resp_code_id = 1), 0)
        as earned_today,
      coalesce((select sum(case when t.trx_type_id = 6 then t.settle_amt else -t.settle_amt end) from transactions t
        where t.recipient_incentive_id = ri.id and t.resp_code_id = 1
          and t.accrual_day between date_trunc('month', ${k.today})::date and ${k.today}), 0) as earned_month
    from recipient_incentives ri
    join incentives i on i.id = ri.incentive_id
    join recipient_accounts a on a.id = ri.account_id and a.status_id = 0
    where ${k.withEnrolments} and ri.account_id = ${k.account} and i.program_id = ${k.program}
      and ri.start_date <= ${k.today} and (ri.end_date is null or ri.end_date >= ${k.today})
      and i.start_date <= ${k.today} and (i.end_date is null or i.end_date >= ${k.today})
    order by ri.id
    ${lock ? 'for update of ri' : ''}
  )`;
}

/** The columns that carry `fundsCtes`' rows, as JSON arrays (read by `fundsOf`). */
export const FUNDS_COLUMNS = `(select coalesce(json_agg(b), '[]'::json) from b) as benefits,
    (select coalesce(json_agg(e), '[]'::json) from e) as enrolments`;

const FUNDS = `with ${fundsCtes({ account: '$1', program: '$2', today: '$3::date', withEnrolments: '$4::boolean' }, true)}
  select ${FUNDS_COLUMNS}`;

/** The JSON columns of `FUNDS_COLUMNS`. */
export interface FundsRow {
  benefits: JsonBenefit[];
  enrolments: JsonEnrolment[];
}

const rateText = (value: number | string) => (toCents(value) / 100).toFixed(2);

/** Locks the account (and bumps its money version): alone in its statement, before anything is read under it. */
export async function lockAccount(tx: DbOrTx, accountId: number): Promise<void> {
  await preparedIn(tx, 'pos_lock_account', LOCK, [accountId]);
}

/**
 * Locks the account and its spendable benefits of the program on `today` (Issued, available, not expired, balance
 * above zero), and with `withEnrolments` its enrolments in force today in the program's incentives in force today.
 */
export async function lockFunds(
  tx: DbOrTx,
  accountId: number,
  programId: number,
  today: string,
  withEnrolments: boolean,
): Promise<LockedFunds> {
  await lockAccount(tx, accountId);
  const [row] = await preparedIn<FundsRow>(tx, 'pos_funds', FUNDS, [accountId, programId, today, withEnrolments]);
  return fundsOf(row!);
}

/** The funds of a row of `FUNDS_COLUMNS`. */
export function fundsOf(row: FundsRow): LockedFunds {
  const benefits = row.benefits.map((b) => ({
    id: Number(b.id),
    uuid: b.uuid,
    authorizationNumber: b.auth,
    typeId: Number(b.type_id),
    balanceCents: toCents(b.balance),
    availableDate: b.available_date,
    expirationDate: b.expiration_date,
    redemptionFeeRate: rateText(b.fee_rate),
  }));
  return {
    benefits,
    enrolments: row.enrolments.map((e) => ({
      recipientIncentiveId: Number(e.id),
      incentiveId: Number(e.incentive_id),
      incentiveUuid: e.incentive_uuid,
      fundingSourceId: Number(e.funding_source_id),
      matchRate: rateText(e.match_rate),
      accrualMaxTrx: rateText(e.max_trx),
      accrualMaxDay: rateText(e.max_day),
      accrualMaxMonth: rateText(e.max_month),
      accrualFeeRate: rateText(e.fee_rate),
      endDate: e.end_date,
      earnedTodayCents: toCents(e.earned_today),
      earnedMonthCents: toCents(e.earned_month),
    })),
    balanceCents: benefits.reduce((sum, b) => sum + b.balanceCents, 0),
  };
}

/**
 * A benefit a refund or reversal moves, as it read it: what its answer names it by, and the state its plan depends on
 * (its write is made only if the benefit is still so: call-write.ts `CallMove.unchanged`).
 */
export interface ReadBenefit {
  id: number;
  uuid: string;
  authorizationNumber: string;
  typeId: number;
  /** The incentive of an incentive benefit (the answer names a restoration by it). */
  incentiveUuid: string | null;
  state: BenefitState;
}

/** The columns of `ReadBenefit` from a benefits row `b` (its id is the reader's to name). */
export const READ_BENEFIT_COLUMNS = `b.uuid, b.authorization_number as auth, b.benefit_type_id as type_id, b.balance,
      b.status_id, b.available_date::text as available_date, b.expiration_date::text as expiration_date,
      (select i.uuid from incentives i where i.id = b.incentive_id) as incentive_uuid`;

/** A row of `READ_BENEFIT_COLUMNS` (and the benefit's id), as JSON. */
export interface JsonReadBenefit {
  id: number;
  uuid: string;
  auth: string;
  type_id: number;
  balance: number | string;
  status_id: number;
  available_date: string;
  expiration_date: string;
  incentive_uuid: string | null;
}

/** The benefit of a row of `READ_BENEFIT_COLUMNS`. */
export function readBenefitOf(row: JsonReadBenefit): ReadBenefit {
  return {
    id: Number(row.id),
    uuid: row.uuid,
    authorizationNumber: row.auth,
    typeId: Number(row.type_id),
    incentiveUuid: row.incentive_uuid,
    state: {
      balanceCents: toCents(row.balance),
      statusId: Number(row.status_id),
      availableDate: row.available_date,
      expirationDate: row.expiration_date,
    },
  };
}
