import { randomInt } from 'node:crypto';
import { PAN_ACCOUNT_NUMBER_LENGTH, programPan } from '@ebt/core/pans';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { keyedHash, seal } from '../../platform/crypto.js';
import { insertPans, type PanTemplate } from './queries.js';

// Card numbers are drawn without collision and never reused (decision 0035). The nine-digit account number is drawn
// from the CSPRNG, so no number can be guessed from another; the keyed hash of the whole PAN is unique
// (pans_pan_hash_key), and PAN rows are never deleted, so a number once drawn stays taken for good. A draw that meets
// a taken number is skipped by the insert (ON CONFLICT DO NOTHING) and drawn again: one insert of every PAN per
// round, never a query per PAN.

/** Rounds of redrawing before giving up: with a billion numbers per program, a second round is already rare. */
const MAX_ROUNDS = 8;

function drawAccountNumber(): string {
  return String(randomInt(0, 10 ** PAN_ACCOUNT_NUMBER_LENGTH)).padStart(PAN_ACCOUNT_NUMBER_LENGTH, '0');
}

/**
 * Inserts `count` new PANs of the program's `prefix`, each with a fresh random account number, and answers their
 * ids in insertion order. Runs inside the caller's transaction.
 */
export async function insertNewPans(
  tx: DbOrTx,
  config: Pick<Config, 'hmacKey' | 'previousHmacKeys' | 'encryptionKey'>,
  prefix: string,
  template: PanTemplate,
  count: number,
): Promise<number[]> {
  const ids: number[] = [];
  let missing = count;
  for (let round = 0; missing > 0; round += 1) {
    if (round === MAX_ROUNDS) throw new Error('could not draw unused card numbers');
    const drawn = new Map<string, ReturnType<typeof seal> & { previousHashes: string[] }>();
    while (drawn.size < missing) {
      const pan = programPan(prefix, drawAccountNumber());
      // Under the previous PAN keys too while a rotation runs: a number taken before may still be hashed by one.
      const previousHashes = config.previousHmacKeys.map((key) => keyedHash(pan, key));
      const sealed = seal(pan, config);
      drawn.set(sealed.hash, { ...sealed, previousHashes });
    }
    const inserted = await insertPans(tx, template, [...drawn.values()]);
    ids.push(...inserted.map((r) => r.id));
    missing -= inserted.length;
  }
  return ids.sort((a, b) => a - b);
}
