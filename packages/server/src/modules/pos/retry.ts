import { sql } from 'drizzle-orm';
import type { OriginalReference } from '@ebt/core/pos';
import type { DbOrTx } from '../../db/client.js';
import { RESPONSE_CODE } from '../../db/reference-data.js';
import { keyedHash } from '../../platform/crypto.js';

// The retry rule (docs/transaction-engine.md "Retries"). A call is named by its terminal, day and trace number. A
// second call under a name already used is a retry only when it asks exactly what the first asked: the same kind, the
// same card (the same pay code), the same amounts, the same PIN, the same original; it then gets the first answer and changes nothing. Any other call
// under a used name is declined 94 (Duplicate transaction), recorded as its own row, and told nothing of the first
// call. What a call asks is compared as a digest: a keyed hash (HMAC-SHA-256 with the PAN key) of its material fields,
// written on the call's row, so no card number is kept anywhere new and the digest of a card cannot be guessed
// without the key. The frames of flow.ts apply the rule before any work and to the loser of a race, so every call
// kind that runs in them follows it; `CallKeys.digest` (call.ts) is required, so every call kind states its material.

/**
 * What a call asks, as it counts for the rule. How the call was sent is left out (the terminal's date-time beyond its
 * day, the entry mode, the condition code, the MCC, the place): a terminal may stamp them afresh when it sends again,
 * and they move no money. Amounts are cents as the call computes with them (no eligibleAmount is the amount), and a
 * refund's original as the engine looks it up (a trxUuid wins; a trace reference without a terminal is the caller's).
 * A reversal names its original by the original's trace number, which is the name it is kept under: two reversals
 * under one name always name the same original, so they are always copies.
 */
export type CallMaterial =
  | {
      kind: 'purchase';
      panHash: string;
      amountCents: number;
      eligibleCents: number;
      allowPartial: boolean;
      pin?: string | undefined;
    }
  | { kind: 'balance-inquiry'; panHash: string; pin?: string | undefined }
  | { kind: 'refund'; amountCents: number; original: OriginalReference; callerTerminal: string }
  | { kind: 'reversal' };

/** The fields of `material` in a fixed order, without separators that a value could imitate. */
function materialFields(material: CallMaterial): unknown[] {
  switch (material.kind) {
    case 'purchase':
      return withPin(
        [material.kind, material.panHash, material.amountCents, material.eligibleCents, material.allowPartial],
        material.pin,
      );
    case 'balance-inquiry':
      return withPin([material.kind, material.panHash], material.pin);
    case 'refund': {
      const o = material.original;
      const original = o.trxUuid
        ? ['uuid', o.trxUuid.toLowerCase()]
        : ['trace', o.terminalId ?? material.callerTerminal, o.date, o.traceNumber];
      return [material.kind, material.amountCents, original];
    }
    case 'reversal':
      return [material.kind];
  }
}

/**
 * A call's fields with what it holds of its PIN (pin.ts `pinMaterial`: a keyed hash, never the digits) when one was
 * sent: a copy with the same PIN is a retry, another PIN under the name is another call. Without a PIN the fields are
 * as they were before PINs, so the digests written then still match their copies.
 */
const withPin = (fields: unknown[], pin: string | undefined) => (pin === undefined ? fields : [...fields, 'pin', pin]);

/** The digest of what a call asks (64 hex digits), keyed with the PAN key. */
export function requestDigest(material: CallMaterial, hmacKey: Buffer): string {
  return keyedHash(JSON.stringify(['pos-request-v1', ...materialFields(material)]), hmacKey);
}

/**
 * The 94 declines are kept beside the call that holds a trace number, outside the unique index
 * (`transactions_terminal_trace_key` is partial on `resp_code_id <> 14`): every look-up of a trace number's call says
 * so, which also lets it use that index.
 */
export const notDuplicate = (alias: string) => `${alias}.resp_code_id <> ${RESPONSE_CODE.DUPLICATE}`;

/** The call holding a trace number, and whether it asked what this one asks. */
export interface TraceHolder {
  id: number;
  sameRequest: boolean;
}

/** The call holding the terminal, day and trace number (of the reversal kind or the other), read after a lost race. */
export async function traceHolder(
  db: DbOrTx,
  key: { terminalCode: string; traceDay: string | null; traceNumber: string | null; reversal: boolean },
  digest: string | null,
): Promise<TraceHolder | null> {
  const result = await db.execute(sql`
    select t.id, coalesce(t.request_digest = ${digest}, false) as same from transactions t
    where t.terminal_id = ${key.terminalCode} and t.trace_day = ${key.traceDay}::date
      and t.trace_number = ${key.traceNumber} and (t.trx_type_id in (4, 5)) = ${key.reversal}
      and ${sql.raw(notDuplicate('t'))}`);
  const row = (result as unknown as { rows: { id: string | number; same: boolean }[] }).rows[0];
  return row ? { id: Number(row.id), sameRequest: row.same === true } : null;
}
