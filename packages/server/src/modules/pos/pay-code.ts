import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { parsePayCode, payCodeFresh, type PayCodeParts } from '@ebt/core/pans';
import { POS_MESSAGES, type PosAnswer } from '@ebt/core/pos';
import { RESPONSE_CODE } from '../../db/reference-data.js';
import type { RequestContext } from '../../platform/context.js';
import { type HmacKeys, keyedHash, lookupHashes } from '../../platform/crypto.js';
import type { CallFacts, TracedCallFacts } from './call.js';
import { declinedCall, type CallContext, type TerminalRequest } from './flow.js';
import type { TransactionRecord } from './records.js';
import type { Decline } from './rules.js';

// Pay codes (docs/transaction-engine.md "Pay codes"): a purchase or balance inquiry may name its card by the code a
// registered phone signed for it (core pans/pay-code.ts) instead of its 19 digits. The facts statement finds the
// device by its uuid and, unless the device was removed, its card (call.ts); here the code is checked against the
// device's public key and its age, then spent: one call per code. The PIN is asked as for a card number.

/** How a purchase or balance inquiry names its card, as the engine looks it up and as its digest counts it. */
export interface CallCard {
  /**
   * The card number's keyed hashes (under the current PAN key, then each previous one: crypto.ts `lookupHashes`) and
   * its nine-digit prefix (null for a pay code).
   */
  panHashes: string[] | null;
  panPrefix: string | null;
  /** The pay code's parts (null for a card number). */
  payCode: PayCodeParts | null;
  /** What the call's digest names as its card (retry.ts): the card number's hash, or the keyed hash of the code. */
  identity: string;
}

/** The card a body names: by `pan`, or by `payCode` (the schema lets exactly one through). */
export function callCard(body: { pan?: string; payCode?: string }, keys: HmacKeys): CallCard {
  const { hmacKey } = keys;
  if (body.pan !== undefined) {
    const panHashes = lookupHashes(body.pan, keys);
    return { panHashes, panPrefix: body.pan.slice(0, 9), payCode: null, identity: panHashes[0]! };
  }
  const text = (body.payCode ?? '').trim();
  const payCode = parsePayCode(text);
  // The schema refused a code that does not parse (400): here it always does.
  if (!payCode) throw new Error('a pay code that does not parse passed the schema');
  // The whole text: a copy of the call sends the very same code; any other code is another call.
  return { panHashes: null, panPrefix: null, payCode, identity: keyedHash(`pay-code:${text}`, hmacKey) };
}

/** A pay code refused: the decline, and whether it is recorded without the card (a device or code not to trust). */
export interface PayCodeRefusal {
  decline: Decline;
  withoutCard: boolean;
}

/**
 * Device keys as parsed, by their text: a phone pays again and again with one key, and parsing the DER costs as much
 * as checking a signature. Bounded: past the limit the oldest entry goes (a key is public, and a removed device is
 * refused by the facts before its key is asked for).
 */
const parsedKeys = new Map<string, KeyObject>();
const PARSED_KEYS_KEPT = 10_000;

function deviceKey(publicKey: string): KeyObject {
  let key = parsedKeys.get(publicKey);
  if (!key) {
    key = createPublicKey({ key: Buffer.from(publicKey, 'base64url'), format: 'der', type: 'spki' });
    if (parsedKeys.size >= PARSED_KEYS_KEPT) parsedKeys.delete(parsedKeys.keys().next().value!);
    parsedKeys.set(publicKey, key);
  }
  return key;
}

/** Whether the device's key signed the code's text (ECDSA P-256, SHA-256, r and s as WebCrypto makes them). */
export function signedByDevice(payCode: PayCodeParts, publicKey: string): boolean {
  try {
    const key = deviceKey(publicKey);
    return verify(
      'sha256',
      Buffer.from(payCode.signedText),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(payCode.signature),
    );
  } catch {
    // A stored key that does not parse signs nothing.
    return false;
  }
}

/**
 * Checks a pay code against its device and spends it for this call, once per call (the purchase may read its facts
 * again after a lost race): the device is known and not removed, the code is its signature and fresh (14 otherwise,
 * recorded without the card), and no other call used it (94). A copy of this same call (the terminal, day and trace
 * number the use names) may use it again: it is answered by the retry rule.
 */
export function payCodeCheck(
  ctx: Pick<RequestContext, 'prepared' | 'now'>,
  payCode: PayCodeParts,
  request: TerminalRequest,
): (facts: TracedCallFacts) => Promise<PayCodeRefusal | null> {
  let passed = false;
  return async (facts) => {
    if (passed) return null;
    const refused = (text: string): PayCodeRefusal => ({
      decline: { respCodeId: RESPONSE_CODE.INVALID_CARD, text },
      withoutCard: true,
    });
    const device = facts.device;
    if (!device) return refused(POS_MESSAGES.PAY_CODE_UNKNOWN_DEVICE);
    if (device.revoked) return refused(POS_MESSAGES.PAY_CODE_REVOKED);
    if (!signedByDevice(payCode, device.publicKey)) return refused(POS_MESSAGES.PAY_CODE_BAD_SIGNATURE);
    if (!payCodeFresh(payCode.issuedAt, Math.floor(ctx.now().getTime() / 1000)))
      return refused(POS_MESSAGES.PAY_CODE_EXPIRED);
    const use = await spend(ctx, device.id, payCode.nonce, facts.terminalCode, request);
    const sameCall =
      use.terminal_code === facts.terminalCode &&
      use.trace_day === request.traceDay &&
      use.trace_number === request.traceNumber;
    if (!sameCall)
      return {
        decline: { respCodeId: RESPONSE_CODE.DUPLICATE, text: POS_MESSAGES.PAY_CODE_USED },
        withoutCard: false,
      };
    passed = true;
    return null;
  };
}

/** Records a refused pay code: a code not to trust names no card on the record; a spent one names its card. */
export function payCodeRefused<R extends TransactionRecord & { uuid: string }>(
  ctx: CallContext,
  facts: TracedCallFacts,
  refused: PayCodeRefusal,
  recordOf: (facts: TracedCallFacts) => R,
): Promise<PosAnswer> {
  const named = refused.withoutCard ? withoutCard(facts) : facts;
  return declinedCall(ctx, named, recordOf(named), refused.decline);
}

/** The facts of a call whose pay code is not trusted: no card, no account (the program stays, for the record). */
export function withoutCard<F extends CallFacts>(facts: F): F {
  return {
    ...facts,
    panId: null,
    panStatusId: null,
    panLast4: null,
    accountId: null,
    agencyId: null,
    alertsOn: false,
    pinHash: null,
  };
}

// The code's use, named by the call that made it; a code used before answers the use that holds it (the no-op update
// returns the row even when another call inserted it a moment ago). The device's last use is noted with it.
// Its commit does not wait for the disk (synchronous_commit off for this statement's transaction alone): the call's
// own record, written next and committed durably, comes later in the log, so once it is on disk so is the use; a
// crash between the two loses a use that moved no money and answered no terminal. A second wait for the disk on every
// pay-code purchase was the tail of bench:pos's pay-code runs.
const SPEND = `
with used as (
  insert into pay_code_uses as u (device_id, nonce, used_at, terminal_code, trace_day, trace_number)
  values ($1::int, $2, $3::timestamptz, $4, $5::date, $6)
  on conflict (device_id, nonce) do update set used_at = u.used_at
  returning u.terminal_code, u.trace_day::text as trace_day, u.trace_number
),
touched as (update card_devices set last_used_at = $3::timestamptz where id = $1::int returning 1)
select used.*, (select count(*) from touched) as touched, set_config('synchronous_commit', 'off', true) as commit_mode
from used`;

async function spend(
  ctx: Pick<RequestContext, 'prepared' | 'now'>,
  deviceId: number,
  nonce: string,
  terminalCode: string,
  request: TerminalRequest,
): Promise<{ terminal_code: string; trace_day: string; trace_number: string }> {
  const [row] = await ctx.prepared<{ terminal_code: string; trace_day: string; trace_number: string }>(
    'pos_pay_code_spend',
    SPEND,
    [deviceId, nonce, ctx.now().toISOString(), terminalCode, request.traceDay, request.traceNumber],
  );
  return row!;
}
