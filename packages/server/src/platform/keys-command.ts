import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { encryptionKeyIds } from '../db/schema/index.js';
import { type HmacKeys, keyId } from './crypto.js';
import { MissingEncryptionKeyError, settleEncryptionKeys } from './encryption-keys.js';
import {
  type BatchProgress,
  type EncryptionKeys,
  forgetKeyId,
  rehashPanHashes,
  type ResealReport,
  resealValues,
  valuesNotUnder,
} from './reseal.js';

/**
 * `npm run keys -- <command>` (keys.ts): the operator's side of a key rotation (docs/operations.md "Data"). Run with
 * the environment of the instances (DATABASE_URL and the keys); it settles its keys against the database as an
 * instance's start does, so it refuses to run with keys that cannot read what is sealed.
 */
export const KEYS_USAGE = `usage: npm run keys -- <command>
  status              values not sealed with DATA_ENCRYPTION_KEY, by column and key id; the listed key ids
  reseal [--batch N]  seal every sealed value again with DATA_ENCRYPTION_KEY (safe while the instances run; run it
                      again after a crash: it goes on where it stopped)
  forget <key id>     take a key id no value needs any more off encryption_key_ids
  rehash-pans [--batch N]
                      recompute every card number hash under PAN_HMAC_KEY (PAN_HMAC_PREVIOUS_KEYS: the keys before it)`;

/** Progress lines at most this often, and at the end of each pass. */
const PRINT_EVERY_MS = 1000;

/** Runs one command and answers its exit code: 0 done, 1 refused or not finished (the lines say why), 2 usage. */
export async function runKeysCommand(
  args: readonly string[],
  database: Database,
  loaded: Config,
  print: (line: string) => void,
): Promise<number> {
  const [command, ...rest] = args;
  const batchAt = rest.indexOf('--batch');
  const batchSize = batchAt >= 0 ? Number(rest[batchAt + 1]) : undefined;
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0)) return usage(print);
  if (command === 'forget' && !/^[0-9a-f]{8}$/.test(rest[0] ?? '')) return usage(print);
  if (!['status', 'reseal', 'forget', 'rehash-pans'].includes(command ?? '')) return usage(print);

  const current = keyId(loaded.encryptionKey);
  if (command === 'reseal' && !loaded.developmentKeyFile) {
    // Sealing everything under a key no instance holds would leave the instances unable to read anything: the key
    // must be one an instance already started with (start-up lists it).
    const listed = (await database.db.select({ keyId: encryptionKeyIds.keyId }).from(encryptionKeyIds)).map(
      (r) => r.keyId,
    );
    if (!listed.includes(current)) {
      print(
        `No instance has started with DATA_ENCRYPTION_KEY ${current} (encryption_key_ids does not list it): start ` +
          'every instance with it, the old key in DATA_ENCRYPTION_PREVIOUS_KEYS, then re-seal.',
      );
      return 1;
    }
  }
  let keys: EncryptionKeys & HmacKeys;
  try {
    // As an instance's start checks them, without listing the key: only instances say which keys seal.
    const { warnings, ...settled } = await settleEncryptionKeys(database, loaded, { listKey: false });
    keys = { ...settled, hmacKey: loaded.hmacKey, previousHmacKeys: loaded.previousHmacKeys };
    for (const warning of warnings) print(`warning: ${warning}`);
  } catch (error) {
    if (!(error instanceof MissingEncryptionKeyError)) throw error;
    print(error.message);
    return 1;
  }

  const options = { ...(batchSize ? { batchSize } : {}), onBatch: progressPrinter(command!, print) };
  switch (command) {
    case 'status': {
      const sealing = keyId(keys.encryptionKey);
      print(`DATA_ENCRYPTION_KEY: ${sealing}; PAN_HMAC_KEY: ${keyId(keys.hmacKey)}`);
      const remaining = await valuesNotUnder(database.db, keys.encryptionKey);
      printRemaining(remaining, sealing, print);
      const listed = await database.db.select({ keyId: encryptionKeyIds.keyId }).from(encryptionKeyIds);
      print(`encryption_key_ids: ${listed.map((r) => r.keyId).join(', ') || '(none)'}`);
      return 0;
    }
    case 'reseal': {
      const report = await resealValues(database.db, keys, options);
      for (const [column, n] of Object.entries(report.resealed)) print(`reseal ${column}: ${n} sealed again`);
      return resealOutcome(report, keyId(keys.encryptionKey), print);
    }
    case 'forget': {
      await forgetKeyId(database.db, rest[0]!, keys);
      print(`Key ${rest[0]} is no longer listed in encryption_key_ids.`);
      return 0;
    }
    default: {
      const report = await rehashPanHashes(database.db, keys, options);
      for (const [column, n] of Object.entries(report.rehashed)) print(`rehash-pans ${column}: ${n} recomputed`);
      print(
        `Every card number hash is under PAN_HMAC_KEY ${keyId(keys.hmacKey)}. Take the previous keys out of ` +
          'PAN_HMAC_PREVIOUS_KEYS on every instance.',
      );
      return 0;
    }
  }
}

function usage(print: (line: string) => void): number {
  print(KEYS_USAGE);
  return 2;
}

function progressPrinter(command: string, print: (line: string) => void) {
  let last = 0;
  return (p: BatchProgress) => {
    const now = Date.now();
    if (now - last < PRINT_EVERY_MS && p.done < p.toDo) return;
    last = now;
    const what = p.pass === 1 ? 'rows done' : 'rows checked again';
    print(`${command} ${p.column}: ${p.done} of ${p.toDo} ${what} (pass ${p.pass}), ${p.changed} changed so far`);
  };
}

function printRemaining(remaining: ResealReport['remaining'], sealing: string, print: (line: string) => void) {
  const columns = Object.entries(remaining);
  if (columns.length === 0) print(`Every sealed value is sealed with key ${sealing}.`);
  for (const [column, byKey] of columns)
    for (const [id, n] of Object.entries(byKey)) print(`${column}: ${n} sealed with key ${id}, not ${sealing}`);
}

/** The end of a re-seal: done, and which key ids may go; or what is left (an instance still sealing with an old key). */
function resealOutcome(report: ResealReport, sealing: string, print: (line: string) => void): number {
  if (Object.keys(report.remaining).length) {
    printRemaining(report.remaining, sealing, print);
    print(
      'Some values are still sealed with another key: an instance still seals with it (give every instance ' +
        `DATA_ENCRYPTION_KEY ${sealing}) or the product rewrote them meanwhile. Run the re-seal again.`,
    );
    return 1;
  }
  print(`No sealed value needs a previous key: every value is sealed with key ${sealing}.`);
  if (report.oldKeyIds.length)
    print(
      `Key ids listed that no value needs: ${report.oldKeyIds.join(', ')}. Once every instance seals with ${sealing}, ` +
        'take those keys out of DATA_ENCRYPTION_PREVIOUS_KEYS and run `npm run keys -- forget <key id>` for each.',
    );
  return 0;
}
