import type { RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { POS_MESSAGES } from '@ebt/core/pos';
import type { TerminalCredentials } from './credentials.js';
import { notDuplicate } from './retry.js';
import { PIN_THROTTLE_MINUTES, PIN_THROTTLE_WRONG_PINS, WRONG_PIN_ROWS } from './pin.js';
import { FUNDS_COLUMNS, fundsCtes, fundsOf, type FundsRow, type LockedFunds } from './funds.js';

// Everything an engine call needs to know before it takes a lock, in one prepared statement (decision
// 0044): the terminal (and whether its secret matches), its merchant, the card, its account and program, the
// merchant's mapping to that program, the program's today, a transaction already written for the same terminal, day
// and trace number (and whether it asked what this call asks: retry.ts), a reversal that arrived before its original,
// and whether the recipient wants per-transaction alerts; for the PIN (pin.ts), whether the program asks for it, the
// card's PIN hash and wrong tries, and the terminal's wrong PINs of the last minutes; for a pay code (pay-code.ts),
// its device and the device's card. It also notes the terminal's last use, at most once a
// minute, so a busy terminal does not queue on its own row.

export interface CallFacts {
  terminalId: number;
  terminalCode: string;
  merchantId: number;
  merchantActive: boolean;
  merchantName: string;
  /** The card (null: no such card number). */
  panId: number | null;
  panStatusId: number | null;
  panLocked: boolean;
  panActiveDate: string | null;
  panExpirationDate: string | null;
  panLast4: string | null;
  accountId: number | null;
  accountActive: boolean;
  accountIsPool: boolean;
  agencyId: number | null;
  /** The program: the card's, else the one its first nine digits name, else the merchant's first (for the record). */
  programId: number | null;
  programEnabled: boolean;
  programName: string | null;
  timeZone: string;
  incentiveExpirationDays: number | null;
  benefitExpirationDays: number | null;
  /** Whether the merchant is actively mapped to the program. */
  mapped: boolean;
  /** The program's today ('YYYY-MM-DD'). */
  today: string;
  /** The id of the call this terminal already wrote for the day and trace number (of the same kind; never a 94). */
  existingId: number | null;
  /** A reversal of this terminal, day and trace number exists (an original arriving after it is declined). */
  reversedFirst: boolean;
  /** The recipient chose to hear of each purchase, refund and reversal (event 5, any method). */
  alertsOn: boolean;
  /** The program asks for the card's PIN at purchases and balance inquiries. */
  pinRequired: boolean;
  /** The card's PIN hash (platform/pin.ts; null: no PIN set). Never answered, logged or audited. */
  pinHash: string | null;
  /** The program's day of the card's wrong tries, and how many it had that day. */
  pinWrongDay: string | null;
  pinWrongCount: number;
  /** This terminal's wrong PINs over the throttle's window, counted up to the throttle's limit (pin.ts). */
  terminalWrongPins: number;
  /** Staff were already alerted of this terminal's wrong PINs within the window. */
  pinThrottleAlerted: boolean;
  /** The device a pay code names (null: none sent, or no such device); its card is the call's card unless revoked. */
  device: { id: number; panId: number; publicKey: string; revoked: boolean } | null;
}

export interface CallKeys {
  /**
   * The keyed hashes of the 19 digits (the current PAN key's, then the previous keys': pay-code.ts `callCard`), and
   * the nine that name the program; null for a reversal (no card sent).
   */
  panHashes: readonly string[] | null;
  panPrefix: string | null;
  /** The trace number and its day, and whether the call is a reversal (the kind of its uniqueness). */
  traceDay: string;
  traceNumber: string;
  reversal: boolean;
  /** For a call without a card number (a reversal): the card of the original, when known. */
  panId?: number | null;
  /** For a pay code: its device's uuid (the card is the device's, unless the device was removed). */
  deviceUuid?: string | null;
  /** What the call asks (retry.ts `requestDigest`): under a used trace number, only the same digest is a retry. */
  digest: string;
}

/** The facts of a call a terminal sent, with its digest and whether the call under existingId asked the same. */
export interface TracedCallFacts extends CallFacts {
  /** Written on the call's row (baseRecord), for the copies that come after it. */
  requestDigest: string;
  /** The call under existingId has this call's digest: this one is its retry. Otherwise this one is declined 94. */
  existingSameRequest: boolean;
}

const FACTS_CTES = `term as (
  select mt.id, mt.merchant_id, mt.terminal_code, mt.revoked_at is null and mt.secret_hash = $2 as ok
  from merchant_terminals mt where mt.terminal_code = $1
),
touch as (
  update merchant_terminals set last_used_at = $5
  where id = (select id from term where ok)
    and (last_used_at is null or last_used_at < $5::timestamptz - interval '1 minute')
  returning 1
),
dev as (
  select d.id, d.pan_id, d.public_key, d.revoked_at is not null as revoked from card_devices d where d.uuid = $11::uuid
),
card as (
  select p.id, p.program_id, p.account_id, p.pan_status_id, p.locked, p.active_date, p.expiration_date, p.pan_last4,
    p.pin_hash, p.pin_wrong_day, p.pin_wrong_count
  from pans p where p.pan_hash = any($3::varchar[]) or p.id = coalesce($9::int, (select pan_id from dev where not revoked))
),
acct as (
  select a.id, a.status_id, a.is_card_pool, a.agency_id, a.program_id,
    coalesce((select v.version from account_money_versions v where v.account_id = a.id), 0) as money_version
  from recipient_accounts a where a.id = (select account_id from card)
),
prog as (
  select pr.id, pr.status_id, pr.time_zone, pr.name, pr.incentive_expiration_days, pr.benefit_expiration_days,
    pr.pin_required
  from programs pr
  where pr.id = coalesce(
    (select program_id from card),
    (select p2.id from programs p2 where p2.bin || p2.series_nbr = $4 order by p2.id limit 1),
    (select mp.program_id from merchant_programs mp, term
       where mp.merchant_id = term.merchant_id and mp.status_id = 0 order by mp.program_id limit 1))
)`;

const FACTS_COLUMNS = `term.id as terminal_id, term.terminal_code, term.ok, term.merchant_id, m.status_id = 0 as merchant_active, m.name as merchant_name,
  card.id as pan_id, card.pan_status_id, card.locked, card.active_date::text as pan_active_date,
  card.expiration_date::text as pan_expiration_date, card.pan_last4,
  acct.id as account_id, acct.status_id = 0 as account_active, acct.is_card_pool, acct.agency_id,
  prog.id as program_id, prog.status_id = 0 as program_enabled, prog.name as program_name, prog.time_zone,
  prog.incentive_expiration_days, prog.benefit_expiration_days,
  exists (select 1 from merchant_programs mp
    where mp.merchant_id = term.merchant_id and mp.program_id = prog.id and mp.status_id = 0) as mapped,
  (($5::timestamptz) at time zone coalesce(prog.time_zone, 'America/New_York'))::date::text as today,
  held.id as existing_id, coalesce(held.same, false) as existing_same,
  exists (select 1 from transactions t
    where t.terminal_id = term.terminal_code and t.trace_day = $6::date and t.trace_number = $7
      and t.trx_type_id in (4, 5) and ${notDuplicate('t')}) as reversed_first,
  exists (select 1 from notification_preferences np where np.account_id = acct.id and np.event_id = 5) as alerts_on,
  coalesce(prog.pin_required, false) as pin_required, card.pin_hash, card.pin_wrong_day::text as pin_wrong_day,
  card.pin_wrong_count, coalesce(pinw.wrong, 0) as terminal_wrong_pins,
  pinw.wrong >= ${PIN_THROTTLE_WRONG_PINS} and exists (select 1 from audit_log al
    where al.entity = 'merchant_terminal' and al.entity_id = term.terminal_code and al.action = 'pos_pin_throttle'
      and al.at > $5::timestamptz - interval '${PIN_THROTTLE_MINUTES} minutes') as pin_throttle_alerted,
  dev.id as device_id, dev.pan_id as device_pan_id, dev.public_key as device_key, dev.revoked as device_revoked,
  (select count(*) from touch) as touched`;

const FACTS_FROM = `from term
join merchants m on m.id = term.merchant_id
left join card on true
left join acct on true
left join prog on true
left join dev on true
-- The terminal's wrong PINs of the window (pin.ts), on the partial index of PIN declines, and only as many as the
-- throttle needs to know of: for a program that asks for no PIN there is nothing to count.
left join lateral (
  select count(*)::int as wrong from (
    select 1 from transactions w
    where w.terminal_id = term.terminal_code and ${WRONG_PIN_ROWS('w')}
      and w.trx_datetime > $5::timestamptz - interval '${PIN_THROTTLE_MINUTES} minutes'
    limit ${PIN_THROTTLE_WRONG_PINS}
  ) x
) pinw on prog.pin_required
left join lateral (
  select t.id, t.request_digest = $10 as same from transactions t
  where t.terminal_id = term.terminal_code and t.trace_day = $6::date and t.trace_number = $7
    and (t.trx_type_id in (4, 5)) = $8 and ${notDuplicate('t')}
  limit 1
) held on true`;

const STATEMENT = `with ${FACTS_CTES}
select ${FACTS_COLUMNS}
${FACTS_FROM}`;

// The same with the account's money version and its funds read as they are (no lock), for a purchase that plans
// before it writes (decision 0102). The program's today, as the facts compute it.
const FACTS_TODAY = `((($5::timestamptz) at time zone coalesce((select time_zone from prog), 'America/New_York'))::date)`;

const FUNDS_STATEMENT = `with ${FACTS_CTES},
${fundsCtes(
  {
    account: '(select id from acct)',
    program: '(select id from prog)',
    today: FACTS_TODAY,
    withEnrolments: '$12::boolean',
  },
  false,
)}
select ${FACTS_COLUMNS}, acct.money_version, ${FUNDS_COLUMNS}
${FACTS_FROM}`;

interface Row {
  terminal_id: number;
  terminal_code: string;
  ok: boolean;
  merchant_id: number;
  merchant_active: boolean;
  merchant_name: string;
  pan_id: number | null;
  pan_status_id: number | null;
  locked: boolean | null;
  pan_active_date: string | null;
  pan_expiration_date: string | null;
  pan_last4: string | null;
  account_id: number | null;
  account_active: boolean | null;
  is_card_pool: boolean | null;
  agency_id: number | null;
  program_id: number | null;
  program_enabled: boolean | null;
  program_name: string | null;
  time_zone: string | null;
  incentive_expiration_days: number | null;
  benefit_expiration_days: number | null;
  mapped: boolean;
  today: string;
  existing_id: string | number | null;
  existing_same: boolean;
  reversed_first: boolean;
  alerts_on: boolean;
  pin_required: boolean;
  pin_hash: string | null;
  pin_wrong_day: string | null;
  pin_wrong_count: number | null;
  terminal_wrong_pins: number;
  pin_throttle_alerted: boolean | null;
  device_id: number | null;
  device_pan_id: number | null;
  device_key: string | null;
  device_revoked: boolean | null;
}

/**
 * The facts of a call, or 401 when the terminal is unknown, revoked or its secret is wrong (one answer for all three:
 * a caller without the secret learns nothing of which terminal ids exist).
 */
export async function callFacts(
  ctx: Pick<RequestContext, 'prepared' | 'now'>,
  credentials: TerminalCredentials | null,
  keys: CallKeys,
): Promise<TracedCallFacts> {
  const row = await factsRow<Row>(ctx, credentials, keys, 'pos_call_facts', STATEMENT, []);
  return factsOf(row, keys);
}

/** The facts of a call with its account's funds as they are now, unlocked, and the money version they belong to. */
export interface FactsWithFunds {
  facts: TracedCallFacts;
  funds: LockedFunds;
  /** The account's money version when the funds were read (null without an account; call-write.ts MoneyGuard). */
  moneyVersion: number | null;
}

/**
 * `callFacts` and, in the same statement, the funds `lockFunds` would lock, read without a lock (decision 0102): a
 * purchase plans from them and writes only if nothing it read has changed (call-write.ts, the write's guard).
 */
export async function callFactsWithFunds(
  ctx: Pick<RequestContext, 'prepared' | 'now'>,
  credentials: TerminalCredentials | null,
  keys: CallKeys,
  withEnrolments: boolean,
): Promise<FactsWithFunds> {
  const row = await factsRow<Row & FundsRow & { money_version: string | number | null }>(
    ctx,
    credentials,
    keys,
    'pos_call_facts_funds',
    FUNDS_STATEMENT,
    [withEnrolments],
  );
  return {
    facts: factsOf(row, keys),
    funds: fundsOf(row),
    moneyVersion: row.money_version === null ? null : Number(row.money_version),
  };
}

const ANY_HASH = 'p.pan_hash = any($3::varchar[])';
const oneHashTexts = new Map<string, string>();

/**
 * A facts statement's text finding the card by one hash (`= $3`). PostgreSQL plans a prepared statement whose
 * parameter is an array afresh on every call (its generic plan, costed for an array of unknown length, never wins
 * over a custom one): about a millisecond of database CPU on each purchase. With one hash it settles on its generic
 * plan after five calls (`plans.test.ts`). The array form is kept for the minutes of a PAN key rotation.
 */
function oneHashText(text: string): string {
  let one = oneHashTexts.get(text);
  if (one === undefined) {
    if (!text.includes(ANY_HASH)) throw new Error('a facts statement finds the card by its hashes');
    one = text.replace(ANY_HASH, 'p.pan_hash = $3::varchar');
    oneHashTexts.set(text, one);
  }
  return one;
}

async function factsRow<R extends Row>(
  ctx: Pick<RequestContext, 'prepared' | 'now'>,
  credentials: TerminalCredentials | null,
  keys: CallKeys,
  name: string,
  text: string,
  extra: readonly unknown[],
): Promise<R> {
  if (!credentials) throw AppError.unauthorized(POS_MESSAGES.CREDENTIALS);
  // The card by one hash, the usual case, or by any of several while a PAN key rotates (a statement of its own).
  const rotating = keys.panHashes !== null && keys.panHashes.length > 1;
  const [row] = await ctx.prepared<R>(rotating ? `${name}_rotating` : name, rotating ? text : oneHashText(text), [
    credentials.terminalCode,
    credentials.secretHash,
    rotating ? keys.panHashes : (keys.panHashes?.[0] ?? null),
    keys.panPrefix,
    ctx.now().toISOString(),
    keys.traceDay,
    keys.traceNumber,
    keys.reversal,
    keys.panId ?? null,
    keys.digest,
    keys.deviceUuid ?? null,
    ...extra,
  ]);
  if (!row || !row.ok) throw AppError.unauthorized(POS_MESSAGES.CREDENTIALS);
  return row;
}

function factsOf(row: Row, keys: CallKeys): TracedCallFacts {
  return {
    terminalId: Number(row.terminal_id),
    terminalCode: row.terminal_code,
    merchantId: Number(row.merchant_id),
    merchantActive: row.merchant_active,
    merchantName: row.merchant_name,
    panId: row.pan_id === null ? null : Number(row.pan_id),
    panStatusId: row.pan_status_id === null ? null : Number(row.pan_status_id),
    panLocked: row.locked === true,
    panActiveDate: row.pan_active_date,
    panExpirationDate: row.pan_expiration_date,
    panLast4: row.pan_last4,
    accountId: row.account_id === null ? null : Number(row.account_id),
    accountActive: row.account_active === true,
    accountIsPool: row.is_card_pool === true,
    agencyId: row.agency_id === null ? null : Number(row.agency_id),
    programId: row.program_id === null ? null : Number(row.program_id),
    programEnabled: row.program_enabled === true,
    programName: row.program_name,
    timeZone: row.time_zone ?? 'America/New_York',
    incentiveExpirationDays: row.incentive_expiration_days === null ? null : Number(row.incentive_expiration_days),
    benefitExpirationDays: row.benefit_expiration_days === null ? null : Number(row.benefit_expiration_days),
    mapped: row.mapped,
    today: row.today,
    existingId: row.existing_id === null ? null : Number(row.existing_id),
    existingSameRequest: row.existing_same === true,
    requestDigest: keys.digest,
    reversedFirst: row.reversed_first,
    alertsOn: row.alerts_on,
    pinRequired: row.pin_required === true,
    pinHash: row.pin_hash,
    pinWrongDay: row.pin_wrong_day,
    pinWrongCount: Number(row.pin_wrong_count ?? 0),
    terminalWrongPins: Number(row.terminal_wrong_pins),
    pinThrottleAlerted: row.pin_throttle_alerted === true,
    device:
      row.device_id === null
        ? null
        : {
            id: Number(row.device_id),
            panId: Number(row.device_pan_id),
            publicKey: row.device_key!,
            revoked: row.device_revoked === true,
          },
  };
}
