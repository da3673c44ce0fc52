import { fromCents } from '@ebt/core/format';
import type { PosAnswer } from '@ebt/core/pos';
import { preparedIn, type DbOrTx } from '../../db/client.js';
import { RESPONSE_CODES } from '../../db/reference-data.js';
import type { benefits } from '../../db/schema/index.js';
import { auditStamp, changedFields, type AuditEntry } from '../../platform/audit.js';
import type { RequestContext } from '../../platform/context.js';
import { noticeStatements, noticesJson, type RecipientNotice } from '../../platform/recipient-notices.js';
import { PIN_TRIES_PER_DAY } from '@ebt/core/pans';
import { COLUMNS, NAMES, recordJson, type BenefitMove, type TransactionRecord } from './records.js';

// Everything an engine call writes, in one prepared statement (decision 0072): its transactions rows (the call's own
// and the accruals, clawbacks and restorations it caused, linked to it), the benefits it debits or credits
// (benefits_balance_check stays the last guard), the benefits it issues (an accrual's incentive benefit, a refund's
// replacement of a benefit no longer spendable), its transaction_benefits rows, a reversal's mark on its original, its
// audit row, the recipient's notices with the e-mails and SMS they chose, and the dashboard's queue rows (decision
// 0066). One round trip where there were up to twelve, and one plan per connection whatever the call moved: each part
// is a JSON parameter that may be empty. The issued benefits' issuance is journaled by the benefits' trigger, which
// waits on no other call (decision 0101).

/** A row of the call; `causedByUuid` names the call's own row (written first) that this one follows from. */
export type CallRecord = TransactionRecord & { uuid: string; causedByUuid?: string };

/** A benefit as a call read it: what its plan depends on. */
export interface BenefitState {
  balanceCents: number;
  statusId: number;
  availableDate: string;
  expirationDate: string;
}

/**
 * A benefit moved: an existing one by id, or one this call issues by its uuid (issued with its balance: the move
 * records it, `deltaCents` 0). A move planned from funds read without a lock says what it read, and is made only if
 * the benefit is still so, else the whole write is undone (decision 0102): a purchase's debit (`expected`) if the
 * benefit still holds that balance and is still spendable on that day; a refund's or reversal's move (`unchanged`) if
 * its balance, status and dates are all still as read, so whatever the plan derived from them (which benefit is
 * credited or replaced, what a clawback can take, the balances recorded) still holds.
 */
export type CallMove = Omit<BenefitMove, 'benefitId'> & {
  benefitId: number | null;
  benefitUuid?: string;
  expected?: { balanceCents: number; day: string };
  unchanged?: BenefitState;
};

/**
 * The account whose money the call moves: the write bumps its money version, and with `moneyVersion` (the version
 * its funds were read at) only if it is still that one, else the whole write is undone (decision 0102).
 */
export interface MoneyGuard {
  accountId: number;
  moneyVersion: number | null;
}

export interface CallWrite {
  records: readonly CallRecord[];
  moves: readonly CallMove[];
  /** Benefits issued by the call (an accrual's incentive benefit, a refund's replacement), named by their uuid. */
  newBenefits: readonly (typeof benefits.$inferInsert & { uuid: string })[];
  audit: AuditEntry;
  notices: readonly RecipientNotice[];
  /** Absent for a call that moves no money (a decline found before the funds were read). */
  guard?: MoneyGuard;
  /**
   * The original a reversal undoes: marked reversed by the write, which is undone if it was reversed meanwhile (the
   * guard already sees that: every reversal bumps the account's money version).
   */
  reverses?: number;
  /**
   * A call approved on the card's PIN (pin.ts): written only if the card's wrong tries of `day` are still under the
   * day's limit, read under a share lock on the card's row so that a wrong PIN counted meanwhile is seen, and one
   * counted after waits for this write. Otherwise nothing of it stays (SQLSTATE 40001) and the call reads again.
   */
  pin?: { panId: number; day: string } | undefined;
}

/** The SQLSTATE `pos_funds_changed()` raises (migration 0044): the funds a purchase planned from changed meanwhile. */
export const FUNDS_CHANGED_SQLSTATE = '40001';

const linked = (name: string) =>
  name === 'caused_by_id' ? 'own.id' : name === 'original_id' ? 'coalesce(r.original_id, own.id)' : `r.${name}`;

const STATEMENT = `
with r as (
  select * from jsonb_to_recordset($1::jsonb) as r(${COLUMNS}, ord int, caused_by_uuid uuid)
),
own_rows as (
  insert into transactions (${NAMES}, created_at)
  select ${NAMES}, $6::timestamptz from r where r.caused_by_uuid is null order by r.ord
  returning id, uuid
),
caused_rows as (
  insert into transactions (${NAMES}, created_at)
  select ${NAMES.split(', ')
    .map((n) => linked(n))
    .join(', ')}, $6::timestamptz
  from r join own_rows own on own.uuid = r.caused_by_uuid order by r.ord
  returning id, uuid
),
t as (select id, uuid from own_rows union all select id, uuid from caused_rows),
issued as (
  insert into benefits (uuid, program_id, account_id, agency_id, funding_source_id, incentive_id, authorization_number,
    benefit_type_id, status_id, available_date, expiration_date, amount, balance, note, notified_recipient,
    creation_channel, created_at, updated_at)
  select * from jsonb_to_recordset($3::jsonb) as nb(uuid uuid, program_id int, account_id int, agency_id int,
    funding_source_id int, incentive_id int, authorization_number varchar(20), benefit_type_id smallint,
    status_id smallint, available_date date, expiration_date date, amount numeric, balance numeric, note varchar(100),
    notified_recipient boolean, creation_channel varchar(20), created_at timestamptz, updated_at timestamptz)
  returning id, uuid
),
guard as (
  insert into account_money_versions as v (account_id, version) select $7::int, 1 where $7::int is not null
  on conflict (account_id) do update set version = v.version + 1
  where $8::bigint is null or v.version = $8::bigint
  returning account_id
),
l as (
  select l.trx_uuid, coalesce(l.benefit_id, (select i.id from issued i where i.uuid = l.benefit_uuid)) as benefit_id,
    l.delta, l.amount, l.original_benefit_id, l.expected, l.spendable_on, l.was_balance, l.was_status,
    l.was_available, l.was_expiring
  from jsonb_to_recordset($2::jsonb)
    as l(trx_uuid uuid, benefit_id int, benefit_uuid uuid, delta numeric, amount numeric, original_benefit_id int,
      expected numeric, spendable_on date, was_balance numeric, was_status smallint, was_available date,
      was_expiring date)
),
moved as (
  update benefits b set balance = b.balance + l.delta, updated_at = $6::timestamptz
  from l
  -- The guard first: the account's lock is taken before any benefit's (decision 0044's order). The ids as an array
  -- too: the planner cannot count the JSON's rows and hashed the whole table when it was small.
  where b.id = any($9::int[]) and b.id = l.benefit_id and l.delta <> 0
    and ($7::int is null or exists (select 1 from guard))
    and (l.expected is null or (b.balance = l.expected and b.status_id = 0
      and b.available_date <= l.spendable_on and b.expiration_date >= l.spendable_on))
    and (l.was_balance is null or (b.balance = l.was_balance and b.status_id = l.was_status
      and b.available_date = l.was_available and b.expiration_date = l.was_expiring))
  returning b.id
),
-- A reversal's original, marked after the guard as the benefits are.
reversed as (
  update transactions set reversed_at = $6::timestamptz
  where id = $10::bigint and reversed_at is null and ($7::int is null or exists (select 1 from guard))
  returning 1
),
pin_guard as materialized (
  select p.pin_wrong_day = $12::date and p.pin_wrong_count >= ${PIN_TRIES_PER_DAY} as exceeded
  from pans p where p.id = $11::int for share
),
checked as (
  select case when ($7::int is null or exists (select 1 from guard))
      and not coalesce((select exceeded from pin_guard), false)
      and (select count(*) from moved) = (select count(*) from l where l.delta <> 0)
      and ($10::bigint is null or exists (select 1 from reversed))
    then 0 else pos_funds_changed() end as ok
),
lines as (
  insert into transaction_benefits (transaction_id, benefit_id, amount, original_benefit_id)
  select t.id, l.benefit_id, l.amount, l.original_benefit_id from l join t on t.uuid = l.trx_uuid
  returning 1
),
audit as (
  insert into audit_log (at, actor_user_id, action, entity, entity_id, before, after, ip, request_id)
  select * from jsonb_to_recordset($4::jsonb) as x(at timestamptz, actor_user_id int, action varchar(60),
    entity varchar(60), entity_id varchar(100), before jsonb, after jsonb, ip varchar(64), request_id varchar(64))
  returning 1
),
queued as (
  insert into dashboard_pending_transactions (transaction_id) select id from t on conflict do nothing
  returning 1
),
${noticeStatements('$5', '$6')}
select t.id, t.uuid, (select count(*) from notice_mail) as mailed, (select ok from checked) as checked from t`;

/**
 * Writes a call (see above) and answers each row's id by its uuid, and how many e-mails and SMS were queued.
 */
export async function writeCall(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'caller' | 'ip' | 'requestId' | 'now' | 'log'>,
  call: CallWrite,
): Promise<Map<string, number>> {
  const at = call.records[0]!.trxDatetime.toISOString();
  const rows = call.records.map((r, ord) => ({ ...recordJson(r), ord, caused_by_uuid: r.causedByUuid ?? null }));
  const lines = call.moves.map((m) => ({
    trx_uuid: m.trxUuid,
    benefit_id: m.benefitId,
    benefit_uuid: m.benefitUuid ?? null,
    delta: fromCents(m.deltaCents),
    amount: fromCents(m.amountCents),
    original_benefit_id: m.originalBenefitId ?? null,
    expected: m.expected ? fromCents(m.expected.balanceCents) : null,
    spendable_on: m.expected?.day ?? null,
    was_balance: m.unchanged ? fromCents(m.unchanged.balanceCents) : null,
    was_status: m.unchanged?.statusId ?? null,
    was_available: m.unchanged?.availableDate ?? null,
    was_expiring: m.unchanged?.expirationDate ?? null,
  }));
  const issuedBenefits = call.newBenefits.map((b) => ({
    uuid: b.uuid,
    program_id: b.programId,
    account_id: b.accountId,
    agency_id: b.agencyId ?? null,
    funding_source_id: b.fundingSourceId ?? null,
    incentive_id: b.incentiveId ?? null,
    authorization_number: b.authorizationNumber,
    benefit_type_id: b.benefitTypeId,
    status_id: b.statusId,
    available_date: b.availableDate,
    expiration_date: b.expirationDate,
    amount: b.amount,
    balance: b.balance,
    note: b.note ?? null,
    notified_recipient: b.notifiedRecipient ?? false,
    creation_channel: b.creationChannel,
    created_at: at,
    updated_at: at,
  }));
  const audit = auditRows(ctx, call.audit);
  const out = await preparedIn<{ id: string | number; uuid: string; mailed: string | number }>(
    tx,
    'pos_write_call',
    STATEMENT,
    [
      JSON.stringify(rows),
      JSON.stringify(lines),
      JSON.stringify(issuedBenefits),
      JSON.stringify(audit),
      noticesJson(call.notices),
      at,
      call.guard?.accountId ?? null,
      call.guard?.moneyVersion ?? null,
      call.moves.filter((m) => m.deltaCents !== 0 && m.benefitId !== null).map((m) => m.benefitId),
      call.reverses ?? null,
      call.pin?.panId ?? null,
      call.pin?.day ?? null,
    ],
  );
  const mailed = Number(out[0]?.mailed ?? 0);
  // As platform/outbox.ts does: the log names the messages, never their bodies or addresses.
  if (mailed > 0) ctx.log.info({ count: mailed, notice: 'pos' }, 'recipient notices queued in the outbox');
  return new Map(out.map((r) => [r.uuid, Number(r.id)]));
}

/** The audit row of a call as the write's `audit_log` insert reads it (a JSON array of one). */
export function auditRows(ctx: Pick<RequestContext, 'caller' | 'ip' | 'requestId' | 'now'>, entry: AuditEntry) {
  const stamp = auditStamp(ctx);
  return [
    {
      at: stamp.at,
      actor_user_id: entry.actorUserId ?? stamp.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId == null ? null : String(entry.entityId),
      ...changedFields(entry.before ?? null, entry.after ?? null),
      ip: stamp.ip,
      request_id: stamp.requestId,
    },
  ];
}

/** A benefit in an answer, as the answer names it. */
export interface AnsweredBenefit {
  benefitUuid: string;
  authorizationNumber: string;
  benefitTypeId: number;
  cents: number;
  /** For the order of the answer's list: the benefit's id (an issued one's after every existing one). */
  order: number;
}

/** How an answer names a benefit the call read. */
export function answeredAs(b: { uuid: string; authorizationNumber: string; typeId: number }) {
  return { benefitUuid: b.uuid, authorizationNumber: b.authorizationNumber, benefitTypeId: b.typeId };
}

/**
 * The answer of a call just written, from what the call computed (decision 0072): the same fields, values and order
 * as `answerOf` reads back for a retry, without the statement. `incentives` are the call's type 6 rows (an accrual, a
 * refund reversal's restoration), `takenBack` what its clawbacks (type 7) took and could not take.
 */
export function answerFrom(
  own: TransactionRecord & { uuid: string },
  moved: readonly AnsweredBenefit[],
  incentives: readonly { incentiveUuid: string; benefitUuid: string; cents: number }[],
  balanceAfterCents: number | null,
  takenBack: { takenCents: number; unrecoveredCents: number } = { takenCents: 0, unrecoveredCents: 0 },
): PosAnswer {
  const code = RESPONSE_CODES.find((c) => c.id === own.respCodeId)!;
  const earned = incentives.reduce((sum, i) => sum + i.cents, 0);
  return {
    trxUuid: own.uuid,
    transactionTypeId: own.trxTypeId,
    responseCode: code.code,
    responseText: code.descr,
    additionalResponseText: own.additionalResponseText?.slice(0, 200) ?? null,
    authNumber: own.authNumber,
    requestedAmount: own.reqCents / 100,
    approvedAmount: (own.settleCents ?? 0) / 100,
    balanceAfter: balanceAfterCents === null ? null : balanceAfterCents / 100,
    soonestExpiration: null,
    benefits: [...moved]
      .sort((a, b) => a.order - b.order)
      .map((b) => ({
        benefitUuid: b.benefitUuid,
        authorizationNumber: b.authorizationNumber,
        benefitTypeId: b.benefitTypeId,
        amount: b.cents / 100,
      })),
    incentiveEarned: earned / 100,
    incentives: incentives.map((i) => ({
      incentiveUuid: i.incentiveUuid,
      benefitUuid: i.benefitUuid,
      amount: i.cents / 100,
    })),
    incentiveTakenBack: takenBack.takenCents / 100,
    incentiveNotRecovered: takenBack.unrecoveredCents / 100,
  };
}
