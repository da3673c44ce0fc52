import { like, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database, DbOrTx } from '../db/client.js';
import {
  devEncryptionKeys,
  encryptionKeyIds,
  externalCards,
  merchantBankAccounts,
  farmerApplications,
  merchantBankChangeRequests,
  merchants,
  pans,
  programs,
} from '../db/schema/index.js';
import { keyId } from './crypto.js';

/**
 * The encryption keys an instance starts with, settled against its database once the migrations have run and before
 * it seals or serves anything (main.ts; decision 0098):
 *
 * - Without DATA_ENCRYPTION_KEY (development only: production refuses to start without it), the key of
 *   DATA_DIR/dev-encryption.key is offered to the database (`dev_encryption_keys`). The first key a database was
 *   offered seals for every instance on it, so two instances with their own DATA_DIR on one database read what the
 *   other sealed; every other key offered stays readable by the instance that offered it and by every instance that
 *   starts after it (a key file that sealed values before this build). With DATA_ENCRYPTION_KEY set that table is
 *   never read.
 * - Then the instance checks that it holds the key of every value already sealed in the database: `encryption_key_ids`
 *   lists the keys values may be sealed with (a handful of rows). A listed key it does not hold is looked for in the
 *   sealed columns (`LIMIT 1`, the only scans, and only then); found, the instance refuses to start and names the key
 *   (its id, never the key); not found, it warns and starts. Last it lists its own key, which it will seal with.
 */

/** Every column that holds sealed values (`v1:<keyId>:...`); migration 0039 filled encryption_key_ids from these. */
export const SEALED_COLUMNS = [
  { name: 'pans.pan_encrypted', table: pans, column: pans.panEncrypted },
  { name: 'external_cards.pan_encrypted', table: externalCards, column: externalCards.panEncrypted },
  { name: 'merchants.tax_id_encrypted', table: merchants, column: merchants.taxIdEncrypted },
  {
    name: 'merchant_bank_accounts.account_number_encrypted',
    table: merchantBankAccounts,
    column: merchantBankAccounts.accountNumberEncrypted,
  },
  {
    name: 'merchant_bank_accounts.routing_number_encrypted',
    table: merchantBankAccounts,
    column: merchantBankAccounts.routingNumberEncrypted,
  },
  { name: 'programs.configuration_secrets', table: programs, column: programs.configurationSecrets },
  {
    name: 'merchant_bank_change_requests.account_number_encrypted',
    table: merchantBankChangeRequests,
    column: merchantBankChangeRequests.accountNumberEncrypted,
  },
  {
    name: 'merchant_bank_change_requests.routing_number_encrypted',
    table: merchantBankChangeRequests,
    column: merchantBankChangeRequests.routingNumberEncrypted,
  },
  {
    name: 'farmer_applications.tax_id_encrypted',
    table: farmerApplications,
    column: farmerApplications.taxIdEncrypted,
  },
  {
    name: 'farmer_applications.account_number_encrypted',
    table: farmerApplications,
    column: farmerApplications.accountNumberEncrypted,
  },
  {
    name: 'farmer_applications.routing_number_encrypted',
    table: farmerApplications,
    column: farmerApplications.routingNumberEncrypted,
  },
  {
    name: 'farmer_applications.status_token_encrypted',
    table: farmerApplications,
    column: farmerApplications.statusTokenEncrypted,
  },
] as const;

type KeyConfig = Pick<Config, 'encryptionKey' | 'previousEncryptionKeys' | 'developmentKeyFile'>;

export interface SettledKeys {
  encryptionKey: Buffer;
  previousEncryptionKeys: Buffer[];
  /** For the log, at warn level: which development key seals, a listed key found nowhere. Never a key. */
  warnings: string[];
}

/** Thrown when values in the database are sealed with a key this instance does not hold: it must not start. */
export class MissingEncryptionKeyError extends Error {
  constructor(
    readonly keyId: string,
    where: string,
    held: string[],
  ) {
    super(
      `Values in the database are sealed with key ${keyId} (${where}), which this instance does not hold: set ` +
        'DATA_ENCRYPTION_KEY (or DATA_ENCRYPTION_PREVIOUS_KEYS) to the key the other instances use. ' +
        `This instance holds key${held.length === 1 ? '' : 's'} ${held.join(', ')}.`,
    );
    this.name = 'MissingEncryptionKeyError';
  }
}

export async function settleEncryptionKeys(
  database: Database,
  config: KeyConfig,
  /**
   * listKey false: check without listing the key (`npm run keys`, platform/keys-command.ts, which must not make a key
   * look like one an instance seals with).
   */
  { listKey = true }: { listKey?: boolean } = {},
): Promise<SettledKeys> {
  const warnings: string[] = [];
  const keys = config.developmentKeyFile
    ? await developmentKeys(database.db, config, config.developmentKeyFile, warnings)
    : { encryptionKey: config.encryptionKey, previousEncryptionKeys: config.previousEncryptionKeys };
  await checkSealingKeys(database.db, keys, warnings, listKey);
  return { ...keys, warnings };
}

/**
 * Offers the key file's key to the database, sealing if the database has no sealing key yet, else readable; answers
 * the database's sealing key as current and every other key (the configured previous ones included) as previous.
 * Each insert is one statement: of two instances offering at once, the second waits for the first one's row and
 * then keeps it (`on conflict do nothing`), so both read back the same sealing key.
 */
async function developmentKeys(
  db: DbOrTx,
  config: KeyConfig,
  file: NonNullable<KeyConfig['developmentKeyFile']>,
  warnings: string[],
) {
  const offered = { keyId: keyId(config.encryptionKey), key: config.encryptionKey.toString('hex') };
  await db
    .insert(devEncryptionKeys)
    .values({ ...offered, seals: true })
    .onConflictDoNothing();
  await db
    .insert(devEncryptionKeys)
    .values({ ...offered, seals: false })
    .onConflictDoNothing();
  const rows = await db.select({ key: devEncryptionKeys.key, seals: devEncryptionKeys.seals }).from(devEncryptionKeys);
  const sealing = rows.find((r) => r.seals);
  if (!sealing) throw new Error('dev_encryption_keys has no sealing key: delete its rows and start again');
  const current = Buffer.from(sealing.key, 'hex');
  const readable = rows.filter((r) => !r.seals).map((r) => Buffer.from(r.key, 'hex'));
  const previous = distinct([...readable, ...config.previousEncryptionKeys]).filter((k) => !k.equals(current));
  warnings.push(
    `DATA_ENCRYPTION_KEY is not set: sealing with the database's development key ${keyId(current)}` +
      (current.equals(config.encryptionKey)
        ? `, the one of ${file.path}${file.created ? ' (made now)' : ''}`
        : `, another instance's (the key of ${file.path}, ${offered.keyId}, stays readable)`) +
      `; ${rows.length - 1} other development key${rows.length === 2 ? '' : 's'} of this database readable.` +
      ' Set DATA_ENCRYPTION_KEY in production, the same on every instance.',
  );
  return { encryptionKey: current, previousEncryptionKeys: previous };
}

/**
 * Refuses a start whose keys cannot read every value already sealed (MissingEncryptionKeyError), then lists the key
 * this instance seals with. In one transaction holding encryption_key_ids in a mode that excludes itself, so starts
 * take turns and each sees the keys listed by those before it (one with nothing sealed under them yet draws only a
 * warning: an instance that has not sealed cannot be told from one gone).
 */
async function checkSealingKeys(
  db: Database['db'],
  keys: { encryptionKey: Buffer; previousEncryptionKeys: Buffer[] },
  warnings: string[],
  listKey: boolean,
): Promise<void> {
  const held = distinct([keys.encryptionKey, ...keys.previousEncryptionKeys]).map(keyId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${encryptionKeyIds} in share row exclusive mode`);
    const listed = await tx.select({ keyId: encryptionKeyIds.keyId }).from(encryptionKeyIds);
    for (const { keyId: id } of listed) {
      if (held.includes(id)) continue;
      const where = await columnSealedWith(tx, id);
      if (where) throw new MissingEncryptionKeyError(id, where, held);
      warnings.push(
        `Key ${id} is listed in encryption_key_ids but seals no value now, and this instance does not hold it. Once no ` +
          `instance seals with it, \`npm run keys -- forget ${id}\` (until then each start looks for it in the sealed ` +
          'columns).',
      );
    }
    if (!listKey) return;
    await tx
      .insert(encryptionKeyIds)
      .values({ keyId: keyId(keys.encryptionKey) })
      .onConflictDoNothing();
  });
}

/**
 * The first sealed column holding a value sealed with the key `id`, or undefined: a scan, only for unheld keys (and
 * before `npm run keys -- forget` lets a key id go, platform/reseal.ts).
 */
export async function columnSealedWith(db: DbOrTx, id: string): Promise<string | undefined> {
  for (const { name, table, column } of SEALED_COLUMNS) {
    const found = await db
      .select({ one: sql`1` })
      .from(table)
      .where(like(column, `v1:${id}:%`))
      .limit(1);
    if (found.length) return name;
  }
  return undefined;
}

function distinct(keys: Buffer[]): Buffer[] {
  return keys.filter((key, i) => keys.findIndex((other) => other.equals(key)) === i);
}
