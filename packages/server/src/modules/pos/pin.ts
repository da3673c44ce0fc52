import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fillMessage } from '@ebt/core/messages';
import { PIN_TRIES_PER_DAY } from '@ebt/core/pans';
import { POS_MESSAGES, type PosAnswer } from '@ebt/core/pos';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { preparedIn, type DbOrTx } from '../../db/client.js';
import { RESPONSE_CODE } from '../../db/reference-data.js';
import { recordAudit } from '../../platform/audit.js';
import { keyId } from '../../platform/crypto.js';
import { staffEmail } from '../../platform/notice-mail.js';
import { pinMatches, type PinKeys } from '../../platform/pin.js';
import { noticeBaseUrl } from '../../platform/recipient-notices.js';
import { answerFrom, auditRows } from './call-write.js';
import type { CallFacts, TracedCallFacts } from './call.js';
import { auditEntry, declinedCall, writtenAlone, type CallContext } from './flow.js';
import { COLUMNS, NAMES, recordJson, type TransactionRecord } from './records.js';
import type { Decline } from './rules.js';

// The card's PIN at purchases and balance inquiries (docs/transaction-engine.md "PIN"). After the card's own checks and
// before the amount and the funds: a terminal that sent too many wrong PINs lately is refused (65); a card without a
// PIN (55), or past its wrong tries of the day (75), or a call without the PIN (55) is declined; a wrong PIN is
// counted on the card in the same statement that records it, and the day's last allowed wrong try answers 75. A
// right PIN's write is guarded (call-write.ts `pin`), so however many guesses race, no more than the day's tries are
// judged before the card refuses. The PIN itself is only ever compared: never answered, logged, audited or stored.

/** Wrong PINs (a wrong PIN's 55 and every 75) a terminal may send over the window before its PIN calls are refused. */
export const PIN_THROTTLE_WRONG_PINS = 10;
/** The throttle's window, in minutes. */
export const PIN_THROTTLE_MINUTES = 15;
/** The staff notifications' topic of a throttled terminal. */
export const PIN_THROTTLE_TOPIC = 'pin-throttle';

/**
 * The rows that count as a terminal's wrong PINs, on the partial index `transactions_terminal_wrong_pin_idx` (its
 * predicate repeated so the planner uses it): a 75, or a 55 without additional text. A 55 that says why (no PIN set,
 * no PIN sent) guessed nothing and is not counted.
 */
export const WRONG_PIN_ROWS = (alias: string) =>
  `${alias}.resp_code_id in (${RESPONSE_CODE.INCORRECT_PIN}, ${RESPONSE_CODE.PIN_TRIES_EXCEEDED}) and (${alias}.resp_code_id = ${RESPONSE_CODE.PIN_TRIES_EXCEEDED} or ${alias}.additional_response_text is null)`;

/** What the PIN check decided: go on (with the write's guard when a PIN was judged right), or a decline. */
export type PinVerdict =
  | { ok: true; guard: { panId: number; day: string } | undefined }
  | { ok: false; decline: Decline; wrongTry?: true; throttled?: true };

/** Whether the card is past its wrong tries on the program's today. */
export const triesExceeded = (facts: CallFacts) =>
  facts.pinWrongDay === facts.today && facts.pinWrongCount >= PIN_TRIES_PER_DAY;

/** The PIN check of a call whose card passed `cardDecline`. A program that asks for no PIN ignores one sent. */
export function pinVerdict(facts: CallFacts, pin: string | undefined, keys: PinKeys): PinVerdict {
  if (!facts.pinRequired || facts.panId === null) return { ok: true, guard: undefined };
  if (facts.terminalWrongPins >= PIN_THROTTLE_WRONG_PINS)
    return {
      ok: false,
      throttled: true,
      decline: {
        respCodeId: RESPONSE_CODE.PIN_ACTIVITY_LIMIT,
        text: fillMessage(POS_MESSAGES.PIN_TERMINAL_THROTTLED, { minutes: String(PIN_THROTTLE_MINUTES) }),
      },
    };
  // A hash made under a key no longer configured matches no PIN: its holder sets a new one (docs/security.md), and
  // the right PIN is not counted wrong meanwhile.
  if (facts.pinHash === null || !hashKeyKnown(facts.pinHash, keys))
    return { ok: false, decline: { respCodeId: RESPONSE_CODE.INCORRECT_PIN, text: POS_MESSAGES.PIN_NOT_SET } };
  if (triesExceeded(facts))
    return {
      ok: false,
      decline: { respCodeId: RESPONSE_CODE.PIN_TRIES_EXCEEDED, text: POS_MESSAGES.PIN_LOCKED_TODAY },
    };
  if (pin === undefined)
    return { ok: false, decline: { respCodeId: RESPONSE_CODE.INCORRECT_PIN, text: POS_MESSAGES.PIN_REQUIRED } };
  if (!pinMatches(facts.pinHash, facts.panId, pin, keys))
    return { ok: false, wrongTry: true, decline: { respCodeId: RESPONSE_CODE.INCORRECT_PIN } };
  return { ok: true, guard: { panId: facts.panId, day: facts.today } };
}

/** Whether a stored PIN hash was made under the current key or one still listed (`<keyId>:<hex>`). */
const hashKeyKnown = (stored: string, keys: PinKeys) =>
  [keys.current, ...keys.previous].some((k) => stored.startsWith(`${keyId(k)}:`));

/**
 * What a call's digest holds of its PIN (retry.ts): an HMAC under the PIN key, so that a copy with the same PIN is a
 * retry and one with another PIN is another call (94), while the digest on the row tells nothing of the PIN to whoever
 * holds the card-number key. Undefined when no PIN was sent (the digest is then the one calls had before PINs).
 */
export function pinMaterial(pin: string | undefined, card: string, keys: PinKeys): string | undefined {
  if (pin === undefined) return undefined;
  return createHmac('sha256', keys.current).update(`pos-request-pin:${card}:${pin}`).digest('hex');
}

/** Records a PIN decline (the retry rule first, as every call) and answers it. */
export async function pinDeclined(
  ctx: CallContext,
  facts: TracedCallFacts,
  base: TransactionRecord & { uuid: string },
  verdict: Extract<PinVerdict, { ok: false }>,
): Promise<PosAnswer> {
  if (verdict.wrongTry) return writtenAlone(ctx, facts, base, (db) => writeWrongPin(db, ctx, facts, base));
  const answer = await declinedCall(ctx, facts, base, verdict.decline);
  // Once per window: the first refused call of a terminal the facts found not yet alerted of (two at the same
  // instant may both alert). A copy of a call answered by the retry rule alerts nobody.
  if (verdict.throttled && !facts.pinThrottleAlerted && facts.existingId === null) {
    // The call is answered and recorded already: an alert that fails is logged, never the terminal's error.
    await alertThrottle(ctx, facts).catch((error: unknown) =>
      ctx.log.error({ err: error, terminal: facts.terminalCode }, 'the wrong-PIN alert could not be written'),
    );
  }
  return answer;
}

// A wrong PIN: the card's count of the day goes up in the statement that records the call, under the card row's
// lock, so parallel wrong PINs each get their own count and the one that reaches the day's limit answers 75.
const OVERRIDDEN: Record<string, string> = {
  resp_code_id: `case when counted.pin_wrong_count >= ${PIN_TRIES_PER_DAY} then ${RESPONSE_CODE.PIN_TRIES_EXCEEDED} else ${RESPONSE_CODE.INCORRECT_PIN} end`,
  additional_response_text: `case when counted.pin_wrong_count >= ${PIN_TRIES_PER_DAY} then $5 end`,
};

const WRONG_PIN_STATEMENT = `
with counted as (
  update pans set pin_wrong_count = case when pin_wrong_day = $3::date then pin_wrong_count + 1 else 1 end,
    pin_wrong_day = $3::date
  where id = $2::int
  returning pin_wrong_count
),
r as (select * from jsonb_to_recordset($1::jsonb) as r(${COLUMNS})),
own as (
  insert into transactions (${NAMES}, created_at)
  select ${NAMES.split(', ')
    .map((n) => OVERRIDDEN[n] ?? `r.${n}`)
    .join(', ')}, r.trx_datetime
  from r, counted
  returning id, uuid, resp_code_id
),
audit as (
  insert into audit_log (at, actor_user_id, action, entity, entity_id, before, after, ip, request_id)
  select * from jsonb_to_recordset($4::jsonb) as x(at timestamptz, actor_user_id int, action varchar(60),
    entity varchar(60), entity_id varchar(100), before jsonb, after jsonb, ip varchar(64), request_id varchar(64))
  returning 1
),
queued as (
  insert into dashboard_pending_transactions (transaction_id) select id from own on conflict do nothing
  returning 1
)
select own.resp_code_id from own`;

async function writeWrongPin(
  db: DbOrTx,
  ctx: CallContext,
  facts: CallFacts,
  base: TransactionRecord & { uuid: string },
): Promise<PosAnswer> {
  const [row] = await preparedIn<{ resp_code_id: number }>(db, 'pos_wrong_pin', WRONG_PIN_STATEMENT, [
    JSON.stringify([recordJson(base)]),
    facts.panId,
    facts.today,
    JSON.stringify(auditRows(ctx, auditEntry(facts, base))),
    POS_MESSAGES.PIN_LOCKED_TODAY,
  ]);
  if (!row) throw new Error('the card of a wrong PIN is gone');
  const locked = Number(row.resp_code_id) === RESPONSE_CODE.PIN_TRIES_EXCEEDED;
  const own = {
    ...base,
    respCodeId: Number(row.resp_code_id),
    additionalResponseText: locked ? POS_MESSAGES.PIN_LOCKED_TODAY : null,
  };
  return answerFrom(own, [], [], null);
}

/**
 * Tells staff that a terminal is refused for wrong PINs: a staff notification and an e-mail to each live program
 * admin of the programs its merchant is mapped to, an audit row (which the facts read to alert once a window) and a
 * log line naming the terminal only. Once a window even when refusals race: see the lock below.
 */
async function alertThrottle(ctx: CallContext, facts: CallFacts): Promise<void> {
  const now = ctx.now();
  const text = fillMessage(POS_MESSAGES.PIN_THROTTLE_ALERT, {
    terminal: facts.terminalCode,
    merchant: facts.merchantName,
    count: String(PIN_THROTTLE_WRONG_PINS),
    minutes: String(PIN_THROTTLE_MINUTES),
  }).slice(0, 500);
  const subject = POS_MESSAGES.PIN_THROTTLE_SUBJECT;
  // The call's context is the request's, which carries the config; without it the link falls back to PUBLIC_URL.
  const email = staffEmail(noticeBaseUrl(ctx as { config?: { publicUrl: string } }), subject, text);
  const noted = await ctx.db.transaction(async (tx) => {
    // Refused calls of one terminal arrive together, each having read that no alert was written yet: they take turns
    // on the terminal's own lock and look again, so the window's first refusal alone alerts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pos_pin_throttle:${facts.terminalCode}`}))`);
    const since = new Date(now.getTime() - PIN_THROTTLE_MINUTES * 60_000).toISOString();
    const already = (await tx.execute(sql`
      select 1 from audit_log where entity = 'merchant_terminal' and entity_id = ${facts.terminalCode}
        and action = 'pos_pin_throttle' and at > ${since}::timestamptz limit 1`)) as unknown as { rows: unknown[] };
    if (already.rows.length > 0) return null;
    const live = [USER_STATUS.PENDING, USER_STATUS.REGISTERED, USER_STATUS.ENABLED];
    const result = (await tx.execute(sql`
      with people as (
        select distinct u.id, u.email from merchant_programs mp
        join user_programs up on up.program_id = mp.program_id
        join users u on u.id = up.user_id
        where mp.merchant_id = ${facts.merchantId} and mp.status_id = 0 and u.role_id = ${ROLE.PROGRAM_ADMIN}
          and u.status_id in (${sql.join(live, sql`, `)})
      ),
      noted as (
        insert into staff_notifications (user_id, topic, text, notified_date, created_at)
        select id, ${PIN_THROTTLE_TOPIC}, ${text}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from people
        returning 1
      ),
      mailed as (
        insert into outbox (channel, "to", subject, body, html, kind, created_at)
        select 'email', left(email, 255), ${email.subject}, ${email.body}, ${email.html}, 'pos-pin-throttle',
          ${now.toISOString()}::timestamptz
        from people
        returning 1
      )
      select (select count(*) from noted)::int as noted, (select count(*) from mailed)::int as mailed`)) as unknown as {
      rows: { noted: number }[];
    };
    await recordAudit(tx, ctx, {
      action: 'pos_pin_throttle',
      entity: 'merchant_terminal',
      entityId: facts.terminalCode,
      after: { wrongPins: facts.terminalWrongPins, minutes: PIN_THROTTLE_MINUTES },
    });
    return Number(result.rows[0]?.noted ?? 0);
  });
  if (noted === null) return;
  ctx.log.warn(
    { terminal: facts.terminalCode, wrongPins: facts.terminalWrongPins, minutes: PIN_THROTTLE_MINUTES, staff: noted },
    'terminal refused for wrong PINs',
  );
}
