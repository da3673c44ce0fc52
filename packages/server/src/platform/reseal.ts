import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client.js';
import { encryptionKeyIds, externalCards, pans } from '../db/schema/index.js';
import { decrypt, encrypt, type HmacKeys, keyedHash, keyId, type Keyring } from './crypto.js';
import { columnSealedWith, SEALED_COLUMNS } from './encryption-keys.js';
import { hasSqlState } from './errors.js';

/**
 * Key rotations that finish (docs/operations.md "Data", decision 0120): `npm run keys -- reseal` seals every sealed
 * value again under the current DATA_ENCRYPTION_KEY, so the previous keys can be dropped, and
 * `npm run keys -- rehash-pans` recomputes every card number's look-up hash under the current PAN_HMAC_KEY from its
 * sealed copy, so PAN_HMAC_PREVIOUS_KEYS can be emptied.
 *
 * Both walk each column in batches by primary key (keyset: `id > last`, never an offset), one short statement per
 * batch written back as a compare-and-set on the value read (`where id = … and <column> = <value read>`): a row the
 * running product changed between the read and the write keeps the product's value, which it wrote under its own
 * current key. The walk holds no lock between batches and the product waits on it at most for one batch's update, so
 * instances keep serving.
 * Progress needs no table: a value still sealed under another key is found again by the next run (`not like
 * 'v1:<current id>:%'`), and a hash already under the current key is left as it is, so a run killed at any point is
 * simply started again.
 */

/** A batch the walk wrote: how far it is in its column. */
export interface BatchProgress {
  /** `table.column`. */
  column: string;
  /** The pass over the column: the first does the work, a later one finds what is left (normally nothing). */
  pass: number;
  /** Rows read so far in this pass (written, found as they should be, or left as the product rewrote them). */
  done: number;
  /** Rows to read as counted at the column's start. */
  toDo: number;
  /** Rows changed so far in this column. */
  changed: number;
}

export interface WalkOptions {
  /** Rows a batch reads and writes back (default 500: a few milliseconds of row locks on PostgreSQL). */
  batchSize?: number;
  /** After each batch is committed. A throw stops the walk there (the tests' crash in the middle). */
  onBatch?: (progress: BatchProgress) => void | Promise<void>;
  /** Between a batch's read and its write: where the tests write as the running product would. */
  beforeWrite?: (column: string, ids: number[]) => Promise<void>;
}

const DEFAULT_BATCH = 500;
/**
 * Passes over a column before the walk gives up on it: a second pass finds only what instances still sealing with an
 * old key wrote during the first; a value that keeps coming back is reported, not chased forever.
 */
const MAX_PASSES = 3;
/**
 * A batch that lost a deadlock with the product (40P01: an update takes its rows' locks in no set order) is tried
 * again; nothing of it was written.
 */
const BATCH_ATTEMPTS = 5;

interface Row {
  id: number;
  value: string;
  sealed: string;
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** One batch's write, tried again when it lost a deadlock. */
async function writeBatch(db: DbOrTx, statement: SQL): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return rowsOf(await db.execute(statement)).length;
    } catch (error) {
      if (attempt < BATCH_ATTEMPTS && hasSqlState(error, '40P01')) continue;
      throw error;
    }
  }
}

interface ColumnWalk {
  name: string;
  table: PgTable;
  /** The column the walk rewrites. */
  target: PgColumn;
  /** The sealed copy it is computed from (the target itself when re-sealing). */
  sealed: PgColumn;
  /** Rows still to do, as SQL (undefined: every row is read). */
  stale?: SQL;
  /** The new value of a row (undefined: the row is as it should be). */
  next(row: Row): string | undefined;
}

/** Walks one column in batches by id until a pass changes nothing; answers how many rows it changed. */
async function walkColumn(db: Db, walk: ColumnWalk, options: WalkOptions): Promise<number> {
  const size = options.batchSize ?? DEFAULT_BATCH;
  const t = sql.identifier(getTableName(walk.table));
  const target = sql.identifier(walk.target.name);
  const source = sql.identifier(walk.sealed.name);
  const where = sql`${target} is not null${walk.stale ? sql` and ${walk.stale}` : sql``}`;
  const [counted] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*)::int as n from ${t} where ${where}`),
  );
  const progress: BatchProgress = { column: walk.name, pass: 0, done: 0, toDo: Number(counted?.n ?? 0), changed: 0 };
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    Object.assign(progress, { pass, done: 0 });
    let after = 0;
    let changedThisPass = 0;
    for (;;) {
      const rows = rowsOf<Row>(
        await db.execute(sql`select id, ${target} as value, ${source} as sealed from ${t}
          where id > ${after} and ${where} order by id limit ${size}`),
      ).map((r) => ({ ...r, id: Number(r.id) }));
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      const changes = rows.flatMap((row) => {
        const next = walk.next(row);
        return next === undefined || next === row.value ? [] : [{ id: row.id, old: row.value, new: next }];
      });
      await options.beforeWrite?.(
        walk.name,
        rows.map((r) => r.id),
      );
      const written = changes.length
        ? await writeBatch(
            db,
            sql`update ${t} set ${target} = x.new
              from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as x(id bigint, old text, new text)
              where ${t}.id = x.id and ${t}.${target} = x.old
              returning ${t}.id`,
          ).catch((error: unknown) => {
            throw new Error(`${walk.name}: the batch of ids ${rows[0]!.id}-${after} could not be written`, {
              cause: error,
            });
          })
        : 0;
      changedThisPass += written;
      progress.done += rows.length;
      progress.changed += written;
      await options.onBatch?.({ ...progress });
    }
    // A pass that changed nothing found nothing left to do, or only rows the product rewrote under it each time
    // (an instance still sealing with an old key), which the re-seal's end counts and reports.
    if (changedThisPass === 0) break;
  }
  return progress.changed;
}

/** Opens a sealed value or says which row could not be opened (never the value). */
function opened(name: string, row: Row, ring: Keyring): string {
  try {
    return decrypt(row.sealed, ring);
  } catch (error) {
    throw new Error(`${name} of row ${row.id} cannot be opened with the configured keys`, { cause: error });
  }
}

/** The keys a re-seal seals with and reads with: the instance's, as start-up settled them. */
export interface EncryptionKeys {
  encryptionKey: Buffer;
  previousEncryptionKeys: readonly Buffer[];
}

const ringOf = (keys: EncryptionKeys): Keyring => ({
  current: keys.encryptionKey,
  previous: [...keys.previousEncryptionKeys],
});

export interface ResealReport {
  /** Per sealed column, the values this run sealed again. */
  resealed: Record<string, number>;
  /** Values still not under the current key, by column and key id ('unversioned': sealed before key ids); {} once done. */
  remaining: Record<string, Record<string, number>>;
  /** Key ids listed in encryption_key_ids besides the current key's: no value needs them once `remaining` is {}. */
  oldKeyIds: string[];
}

/** Seals every sealed value under the current key (SEALED_COLUMNS, the columns start-up checks), batch by batch. */
export async function resealValues(db: Db, keys: EncryptionKeys, options: WalkOptions = {}): Promise<ResealReport> {
  const ring = ringOf(keys);
  const resealed: Record<string, number> = {};
  for (const { name, table, column } of SEALED_COLUMNS) {
    resealed[name] = await walkColumn(
      db,
      {
        name,
        table,
        target: column,
        sealed: column,
        stale: notUnder(column, keys.encryptionKey),
        next: (row) => encrypt(opened(name, row, ring), keys.encryptionKey),
      },
      options,
    );
  }
  return { resealed, remaining: await valuesNotUnder(db, keys.encryptionKey), oldKeyIds: await oldKeyIds(db, keys) };
}

const notUnder = (column: PgColumn, key: Buffer) =>
  sql`${sql.identifier(column.name)} not like ${`v1:${keyId(key)}:%`}`;

/** Values of the sealed columns not sealed under `key`, by column and key id: a scan of each sealed column. */
export async function valuesNotUnder(db: DbOrTx, key: Buffer): Promise<ResealReport['remaining']> {
  const remaining: ResealReport['remaining'] = {};
  for (const { name, table, column } of SEALED_COLUMNS) {
    const c = sql.identifier(column.name);
    const rows = rowsOf<{ key_id: string; n: number | string }>(
      await db.execute(sql`select case when ${c} ~ '^v1:[0-9a-f]{8}:' then substr(${c}, 4, 8) else 'unversioned' end
          as key_id, count(*)::int as n
        from ${sql.identifier(getTableName(table))} where ${c} is not null and ${notUnder(column, key)} group by 1`),
    );
    if (rows.length) remaining[name] = Object.fromEntries(rows.map((r) => [r.key_id, Number(r.n)]));
  }
  return remaining;
}

async function oldKeyIds(db: DbOrTx, keys: EncryptionKeys): Promise<string[]> {
  const current = keyId(keys.encryptionKey);
  const rows = await db.select({ keyId: encryptionKeyIds.keyId }).from(encryptionKeyIds);
  return rows.map((r) => r.keyId).filter((id) => id !== current);
}

/**
 * Takes a key id off `encryption_key_ids` once no value is sealed with it (checked here again, in the transaction
 * and under the lock start-up takes, so an instance starting meanwhile waits and then lists its own key afresh).
 * Refuses the current key, and a key some value still needs, naming its column.
 */
export async function forgetKeyId(db: Db, id: string, keys: EncryptionKeys): Promise<void> {
  if (id === keyId(keys.encryptionKey)) throw new Error(`key ${id} is DATA_ENCRYPTION_KEY: it seals, it stays listed`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${encryptionKeyIds} in share row exclusive mode`);
    const where = await columnSealedWith(tx, id);
    if (where) throw new Error(`values are still sealed with key ${id} (${where}): run \`npm run keys -- reseal\``);
    await tx.delete(encryptionKeyIds).where(sql`${encryptionKeyIds.keyId} = ${id}`);
  });
}

/**
 * Every column holding a card number's keyed hash under PAN_HMAC_KEY, with the sealed copy it is computed from. The
 * other keyed hashes under that key are not kept past a day and are not recomputed: the sign-in failure counts
 * (`sign_in_failures`, purged daily), the engine's retry digests (`transactions.request_digest`, a trace number's
 * day) and the file check tokens (not stored, 30 minutes); see decision 0120.
 */
export const PAN_HASH_COLUMNS = [
  { name: 'pans.pan_hash', table: pans, hash: pans.panHash, sealed: pans.panEncrypted },
  {
    name: 'external_cards.pan_hash',
    table: externalCards,
    hash: externalCards.panHash,
    sealed: externalCards.panEncrypted,
  },
] as const;

export interface RehashReport {
  /** Per hash column, the hashes this run recomputed; a run that finds them all current changes none. */
  rehashed: Record<string, number>;
}

/**
 * Recomputes every card number hash under the current PAN key from the number's sealed copy. A stored hash under none
 * of the configured PAN keys stops the walk before it writes a wrong one: the command was then given other keys than
 * the instances have. The last pass of each column changes nothing (it is the check that none is left).
 */
export async function rehashPanHashes(
  db: Db,
  keys: EncryptionKeys & HmacKeys,
  options: WalkOptions = {},
): Promise<RehashReport> {
  const ring = ringOf(keys);
  const rehashed: Record<string, number> = {};
  for (const { name, table, hash, sealed } of PAN_HASH_COLUMNS) {
    rehashed[name] = await walkColumn(
      db,
      {
        name,
        table,
        target: hash,
        sealed,
        next: (row) => {
          const pan = opened(name, row, ring);
          const current = keyedHash(pan, keys.hmacKey);
          if (row.value === current) return undefined;
          if (!keys.previousHmacKeys.some((key) => keyedHash(pan, key) === row.value))
            throw new Error(
              `${name} of row ${row.id} is under none of PAN_HMAC_KEY and PAN_HMAC_PREVIOUS_KEYS: give this command ` +
                'the keys the instances have',
            );
          return current;
        },
      },
      options,
    );
  }
  return { rehashed };
}
