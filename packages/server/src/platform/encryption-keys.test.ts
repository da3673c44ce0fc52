import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { buildApp } from '../app.js';
import { DEV_ENCRYPTION_KEY_FILE, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import { devEncryptionKeys, encryptionKeyIds } from '../db/schema/index.js';
import { makeMerchant } from '../testing/merchants.js';
import type { TestApp } from '../testing/app.js';
import { createTestDatabase } from '../testing/database.js';
import { buildWorld } from '../testing/world.js';
import { keyId } from './crypto.js';
import { SEALED_COLUMNS, settleEncryptionKeys } from './encryption-keys.js';

// Several instances on one database and the encryption keys (decision 0098). Each instance here starts as main.ts
// starts one: its configuration from its own environment, its keys settled against the database
// (settleEncryptionKeys), then the app. On PostgreSQL each has a pool of its own; PGlite is one process, so there
// the two share the one handle.

interface Instance {
  app: FastifyInstance;
  keys: { encryptionKey: Buffer; previousEncryptionKeys: Buffer[] };
  warnings: string[];
}

const apps: FastifyInstance[] = [];
/** Other handles on the test databases, closed before them (closing a PostgreSQL test database drops it). */
const handles: Database[] = [];
const databases: Database[] = [];

async function testDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

async function start(database: Database, env: Record<string, string>): Promise<Instance> {
  const loaded = loadConfig({ LOG_LEVEL: 'silent', SEED: 'none', WEB_DIST_DIR: '/nonexistent', ...env });
  const { warnings, ...keys } = await settleEncryptionKeys(database, loaded);
  const app = await buildApp({ config: { ...loaded, ...keys }, database, logger: false });
  await app.ready();
  apps.push(app);
  return { app, keys, warnings };
}

/** Another handle on the same database: a pool of its own on PostgreSQL, the same PGlite elsewhere. */
async function anotherHandle(database: Database): Promise<Database> {
  if (database.kind === 'pglite') return database;
  const handle = await openDatabase({ kind: 'postgres', url: database.pool!.options.connectionString! });
  handles.push(handle);
  return handle;
}

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ebt-keys-'));
  dirs.push(dir);
  return dir;
};
const fileKey = (dir: string) => Buffer.from(readFileSync(path.join(dir, DEV_ENCRYPTION_KEY_FILE), 'utf8'), 'hex');
const hex = (key: Buffer) => key.toString('hex');

const bankForm = (merchantUuid: string, accountNumber: string) => ({
  merchantUuid,
  bankName: 'Farmers Credit Union',
  bankAccountNumber: accountNumber,
  bankRoutingNumber: '021000021',
  bankAccountType: 1,
  firstName: 'Rosa',
  middleName: 'M',
  lastName: 'Lane',
});

/** A world of one program and its admin (BANK_VIEW), made on `database`, signed in through `app`. */
async function bankWorld(database: Database, app: FastifyInstance) {
  const signIn = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } });
    return (res.json() as { token: string }).token;
  };
  const w = await buildWorld({ database, signIn } as unknown as TestApp, {
    programs: { programA: {} },
    users: { admin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] } },
  });
  const headers = { authorization: `Bearer ${w.tokens.admin}` };
  return {
    /** Seals a bank account number through `on`: a merchant with no bank row yet, then the bank info PUT. */
    async sealOn(on: Instance, accountNumber: string) {
      const merchant = await makeMerchant(database.db, { programs: [w.programs.programA], bank: null, taxId: null });
      const put = await on.app.inject({
        method: 'PUT',
        url: '/merchant-api/bank-info',
        headers,
        payload: bankForm(merchant.uuid, accountNumber),
      });
      expect(put.statusCode, put.body).toBe(200);
      return merchant.uuid;
    },
    /** The bank info read (decrypted) through `on`. */
    readOn(on: Instance, merchantUuid: string) {
      return on.app.inject({ method: 'GET', url: `/merchant-api/merchant/${merchantUuid}/bank-info`, headers });
    },
  };
}

const listedKeyIds = async (database: Database) =>
  (await database.db.select().from(encryptionKeyIds)).map((r) => r.keyId).sort();

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.close();
  for (const database of databases) await database.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two instances without DATA_ENCRYPTION_KEY, each with its own DATA_DIR, on one database', () => {
  let database: Database;
  let own: [string, string];
  let one: Instance;
  let two: Instance;
  let bank: Awaited<ReturnType<typeof bankWorld>>;

  beforeAll(async () => {
    database = await testDatabase();
    own = [dataDir(), dataDir()];
    // Started together, as two replicas of a deploy are.
    [one, two] = await Promise.all([
      start(database, { DATA_DIR: own[0] }),
      start(await anotherHandle(database), { DATA_DIR: own[1] }),
    ]);
    bank = await bankWorld(database, one.app);
  });

  it('seal with one key, the database development key: the first key file offered; the other file stays readable', async () => {
    const files = own.map(fileKey);
    expect(files[0]!.equals(files[1]!)).toBe(false);
    expect(one.keys.encryptionKey.equals(two.keys.encryptionKey)).toBe(true);
    const sealing = one.keys.encryptionKey;
    expect(files.some((f) => f.equals(sealing))).toBe(true);
    // The other file's key stays readable: by the instance that offered it, and by every instance started later.
    const holds = (instance: Instance, key: Buffer) =>
      [instance.keys.encryptionKey, ...instance.keys.previousEncryptionKeys].some((k) => k.equals(key));
    for (const [i, instance] of [one, two].entries()) expect(holds(instance, files[i]!)).toBe(true);
    const later = await start(await anotherHandle(database), { DATA_DIR: dataDir() });
    for (const file of files) expect(holds(later, file)).toBe(true);
    // The later instance's own (fresh) file was offered too: three development keys, one of them sealing.
    const rows = await database.db.select().from(devEncryptionKeys);
    expect(rows.filter((r) => r.seals).map((r) => r.keyId)).toEqual([keyId(sealing)]);
    expect(rows.map((r) => r.keyId)).toEqual(expect.arrayContaining(files.map(keyId)));
    expect(rows).toHaveLength(3);
    expect(await listedKeyIds(database)).toEqual([keyId(sealing)]);

    // The log says which key seals, by id, and never a key.
    const warnings = [...one.warnings, ...two.warnings].join('\n');
    expect(warnings).toContain(`sealing with the database's development key ${keyId(sealing)}`);
    expect(warnings).toContain("another instance's");
    for (const file of files) expect(warnings).not.toContain(hex(file));
  });

  it('each reads what the other sealed', async () => {
    const byOne = await bank.sealOn(one, '000123456789');
    const byTwo = await bank.sealOn(two, '000987654321');
    const readByTwo = await bank.readOn(two, byOne);
    expect(readByTwo.statusCode, readByTwo.body).toBe(200);
    expect(readByTwo.json()).toMatchObject({ bankAccountNumber: '000123456789', bankRoutingNumber: '021000021' });
    const readByOne = await bank.readOn(one, byTwo);
    expect(readByOne.statusCode, readByOne.body).toBe(200);
    expect(readByOne.json()).toMatchObject({ bankAccountNumber: '000987654321' });
  });

  it('an instance restarted keeps the key and reads what either sealed', async () => {
    const again = await start(database, { DATA_DIR: own[1] });
    expect(again.keys.encryptionKey.equals(one.keys.encryptionKey)).toBe(true);
    const sealed = await bank.sealOn(one, '000111000111');
    expect((await bank.readOn(again, sealed)).json()).toMatchObject({ bankAccountNumber: '000111000111' });
  });

  it('refuses to start with another DATA_ENCRYPTION_KEY, naming the id of the key it lacks, never a key', async () => {
    const other = randomBytes(32);
    const devKey = one.keys.encryptionKey;
    const devRows = await database.db.select().from(devEncryptionKeys);
    const envs: Record<string, string>[] = [
      { DATA_DIR: dataDir(), DATA_ENCRYPTION_KEY: hex(other) },
      {
        DATA_DIR: dataDir(),
        DATA_ENCRYPTION_KEY: hex(other),
        NODE_ENV: 'production',
        PAN_HMAC_KEY: hex(other),
        PIN_HMAC_KEY: hex(other),
      },
    ];
    for (const env of envs) {
      const refused = await start(database, env).then(
        () => undefined,
        (err: unknown) => err as Error,
      );
      expect(refused?.message).toBe(
        `Values in the database are sealed with key ${keyId(devKey)} (merchant_bank_accounts.account_number_encrypted), ` +
          'which this instance does not hold: set DATA_ENCRYPTION_KEY (or DATA_ENCRYPTION_PREVIOUS_KEYS) to the key ' +
          `the other instances use. This instance holds key ${keyId(other)}.`,
      );
      expect(refused!.message).not.toContain(hex(other));
      expect(refused!.message).not.toContain(hex(devKey));
    }
    // A refused instance lists no key and never touches the development keys.
    expect(await listedKeyIds(database)).toEqual([keyId(devKey)]);
    expect(await database.db.select().from(devEncryptionKeys)).toEqual(devRows);
  });

  it('starts with the development key as a previous key (moving to DATA_ENCRYPTION_KEY) and reads every value', async () => {
    const next = randomBytes(32);
    const devKey = one.keys.encryptionKey;
    const moved = await start(database, {
      DATA_DIR: dataDir(),
      DATA_ENCRYPTION_KEY: hex(next),
      DATA_ENCRYPTION_PREVIOUS_KEYS: hex(devKey),
      NODE_ENV: 'production',
      PAN_HMAC_KEY: hex(randomBytes(32)),
      PIN_HMAC_KEY: hex(randomBytes(32)),
    });
    expect(moved.keys.encryptionKey.equals(next)).toBe(true);
    expect(moved.warnings).toEqual([]);
    const sealedByDev = await bank.sealOn(one, '000555666777');
    const read = await bank.readOn(moved, sealedByDev);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ bankAccountNumber: '000555666777' });
    expect(await listedKeyIds(database)).toEqual([keyId(devKey), keyId(next)].sort());
  });
});

describe('instances with DATA_ENCRYPTION_KEY on one database', () => {
  const first = randomBytes(32);
  const second = randomBytes(32);
  let database: Database;

  beforeAll(async () => {
    database = await testDatabase();
  });

  it('refuse a key that cannot read what is sealed, start once they hold it, and never use the development keys', async () => {
    const a = await start(database, { DATA_DIR: dataDir(), DATA_ENCRYPTION_KEY: hex(first) });
    const bank = await bankWorld(database, a.app);
    const sealedByA = await bank.sealOn(a, '000123123123');

    await expect(
      start(await anotherHandle(database), { DATA_DIR: dataDir(), DATA_ENCRYPTION_KEY: hex(second) }),
    ).rejects.toThrow(
      `Values in the database are sealed with key ${keyId(first)} (merchant_bank_accounts.account_number_encrypted), ` +
        'which this instance does not hold: set DATA_ENCRYPTION_KEY (or DATA_ENCRYPTION_PREVIOUS_KEYS) to the key ' +
        'the other instances use.',
    );

    // A key rotation: the new key seals, the old one reads.
    const b = await start(await anotherHandle(database), {
      DATA_DIR: dataDir(),
      DATA_ENCRYPTION_KEY: hex(second),
      DATA_ENCRYPTION_PREVIOUS_KEYS: hex(first),
    });
    expect((await bank.readOn(b, sealedByA)).json()).toMatchObject({ bankAccountNumber: '000123123123' });
    expect(await listedKeyIds(database)).toEqual([keyId(first), keyId(second)].sort());
    expect(await database.db.select().from(devEncryptionKeys)).toEqual([]);

    // The second key seals nothing yet: the first key alone still starts, and says so.
    const aAgain = await start(database, { DATA_DIR: dataDir(), DATA_ENCRYPTION_KEY: hex(first) });
    expect(aAgain.warnings).toEqual([expect.stringContaining(`Key ${keyId(second)} is listed in encryption_key_ids`)]);
    // Once it has sealed a value, the first key alone no longer starts.
    await bank.sealOn(b, '000456456456');
    await expect(start(database, { DATA_DIR: dataDir(), DATA_ENCRYPTION_KEY: hex(first) })).rejects.toThrow(
      `Values in the database are sealed with key ${keyId(second)} (merchant_bank_accounts.account_number_encrypted)`,
    );
  });
});

describe('the sealed columns the start-up check looks in', () => {
  it('are every column of the schema that holds sealed values (*_encrypted, *_secrets)', () => {
    const sealed = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) =>
        Object.values(getTableColumns(table))
          .filter((column) => /_(encrypted|secrets)$/.test(column.name))
          .map((column) => `${getTableName(table)}.${column.name}`),
      );
    expect(SEALED_COLUMNS.map((c) => c.name).sort()).toEqual(sealed.sort());
  });
});
