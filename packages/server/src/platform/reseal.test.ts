import { randomBytes } from 'node:crypto';
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import {
  encryptionKeyIds,
  merchantBankAccounts,
  merchantBankChangeRequests,
  merchants,
  pans,
} from '../db/schema/index.js';
import { DEMO_PASSWORD, seedDemoData } from '../seed/index.js';
import { DEMO_CARD_PIN, DEMO_TERMINAL } from '../seed/model.js';
import { createTestDatabase } from '../testing/database.js';
import { decrypt, encrypt, keyedHash, keyId } from './crypto.js';
import { SEALED_COLUMNS, settleEncryptionKeys } from './encryption-keys.js';
import { runKeysCommand } from './keys-command.js';
import { PAN_HASH_COLUMNS, rehashPanHashes, resealValues, valuesNotUnder } from './reseal.js';

// Key rotations that finish (decision 0120): the re-seal and the PAN hash walk, each killed in the middle and run
// again, then an instance without the previous key reads every value and finds every card by its number. On the demo
// data, which fills every sealed column; the instances start as main.ts starts one (settleEncryptionKeys, buildApp).

const hex = (key: Buffer) => key.toString('hex');
const OLD = randomBytes(32);
const NEW = randomBytes(32);
const NEWER = randomBytes(32);
const OLD_PAN = randomBytes(32);
const NEW_PAN = randomBytes(32);
const PIN = randomBytes(32);
/** recipient01's demo card (seed/demo-card.test.ts), at the demo terminal. */
const DEMO_PAN = '9001000021000000013';

const configOf = (env: Record<string, string>): Config =>
  loadConfig({
    LOG_LEVEL: 'silent',
    SEED: 'none',
    WEB_DIST_DIR: '/nonexistent',
    PIN_HMAC_KEY: hex(PIN),
    DATA_ENCRYPTION_KEY: hex(NEW),
    PAN_HMAC_KEY: hex(OLD_PAN),
    ...env,
  });

let database: Database;
const apps: FastifyInstance[] = [];
const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** An instance as main.ts starts one: its keys settled against the database, then the app. */
async function start(config: Config) {
  const { warnings, ...keys } = await settleEncryptionKeys(database, config);
  const app = await buildApp({ config: { ...config, ...keys }, database, logger: false });
  await app.ready();
  apps.push(app);
  return { app, warnings };
}

/** Every sealed value in clear, by column and row id, read with `keys`. */
async function clearValues(keys: Buffer | { current: Buffer; previous: Buffer[] }) {
  const values: Record<string, Record<number, string>> = {};
  for (const { name, table, column } of SEALED_COLUMNS) {
    const c = sql.identifier(column.name);
    const rows = rowsOf<{ id: number; v: string }>(
      await database.db.execute(
        sql`select id, ${c} as v from ${sql.identifier(getTableName(table))} where ${c} is not null`,
      ),
    );
    values[name] = Object.fromEntries(rows.map((r) => [Number(r.id), decrypt(r.v, keys)]));
  }
  return values;
}

const count = (remaining: Record<string, Record<string, number>>) =>
  Object.values(remaining).reduce((sum, byKey) => sum + Object.values(byKey).reduce((a, b) => a + b, 0), 0);

const terminal = {
  authorization: `Basic ${Buffer.from(`${DEMO_TERMINAL.terminalId}:${DEMO_TERMINAL.secret}`).toString('base64')}`,
};
let trace = 0;
const traceNumber = () => `KEYS-${Date.now().toString(36)}-${++trace}`;
const inquiry = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/transaction-api/pos/balance-inquiry',
    headers: terminal,
    payload: {
      pan: DEMO_PAN,
      pin: DEMO_CARD_PIN,
      traceNumber: traceNumber(),
      terminalDateTime: new Date().toISOString(),
    },
  });
const purchase = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/transaction-api/pos/purchase',
    headers: terminal,
    payload: {
      pan: DEMO_PAN,
      pin: DEMO_CARD_PIN,
      amount: 0.5,
      traceNumber: traceNumber(),
      terminalDateTime: new Date().toISOString(),
      posEntryMode: '071',
      mcc: '5411',
    },
  });

beforeAll(async () => {
  database = await createTestDatabase();
  const old = configOf({ DATA_ENCRYPTION_KEY: hex(OLD) });
  await seedDemoData(database.db, { panHmacKey: OLD_PAN, dataEncryptionKey: OLD, pinKeys: old.pinKeys });
  // The demo data has no farmer's bank change request: a few, long withdrawn, so that column is walked too.
  const [merchant] = await database.db.select({ id: merchants.id }).from(merchants).orderBy(merchants.id).limit(1);
  await database.db.insert(merchantBankChangeRequests).values(
    ['000123456789', '000987654321', '000555000555'].map((accountNumber) => ({
      merchantId: merchant!.id,
      accountNumberEncrypted: encrypt(accountNumber, OLD),
      accountNumberLast4: accountNumber.slice(-4),
      routingNumberEncrypted: encrypt('021000021', OLD),
      routingNumberLast4: '0021',
      accountTypeId: 1,
      firstName: 'Rosa',
      lastName: 'Lane',
      status: 'withdrawn',
    })),
  );
  // The instances before the rotation: they list the old key.
  await start(old);
}, 180_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

describe('npm run keys -- reseal', () => {
  const rotating = configOf({ DATA_ENCRYPTION_PREVIOUS_KEYS: hex(OLD) });

  it('refuses a key no instance has started with, so it never seals what the instances cannot read', async () => {
    const lines: string[] = [];
    const stranger = configOf({ DATA_ENCRYPTION_KEY: hex(randomBytes(32)), DATA_ENCRYPTION_PREVIOUS_KEYS: hex(OLD) });
    expect(await runKeysCommand(['reseal'], database, stranger, (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toContain(
      `No instance has started with DATA_ENCRYPTION_KEY ${keyId(stranger.encryptionKey)}`,
    );
    expect(count(await valuesNotUnder(database.db, OLD))).toBe(0);
  });

  it('killed mid-way and run again, seals every value with the new key; an instance without the old key reads them', async () => {
    const before = await clearValues(OLD);
    // Every sealed column has values in the demo data, so each is walked here.
    expect(SEALED_COLUMNS.filter(({ name }) => Object.keys(before[name]!).length === 0).map((c) => c.name)).toEqual([]);
    await start(rotating); // the instances now seal with the new key and read the old one
    const total = count(await valuesNotUnder(database.db, NEW));
    expect(total).toBe(Object.values(before).reduce((n, values) => n + Object.keys(values).length, 0));

    // Killed after its third batch: those batches are committed, nothing else is.
    let batches = 0;
    const killed = resealValues(database.db, rotating, {
      batchSize: 5,
      onBatch: () => {
        if (++batches === 3) throw new Error('killed');
      },
    });
    await expect(killed).rejects.toThrow('killed');
    expect(count(await valuesNotUnder(database.db, NEW))).toBe(total - 15);

    // Started again, through the command: it goes on with the values still under the old key.
    const lines: string[] = [];
    expect(await runKeysCommand(['reseal', '--batch', '7'], database, rotating, (l) => lines.push(l))).toBe(0);
    const said = lines.join('\n');
    expect(said).toContain(`reseal pans.pan_encrypted: ${Object.keys(before['pans.pan_encrypted']!).length - 15}`);
    expect(said).toContain(`No sealed value needs a previous key: every value is sealed with key ${keyId(NEW)}.`);
    expect(said).toContain(`Key ids listed that no value needs: ${keyId(OLD)}.`);
    expect(await valuesNotUnder(database.db, NEW)).toEqual({});
    // Every value is the one it was, and the new key alone opens it.
    expect(await clearValues(NEW)).toEqual(before);

    // Run again, it finds nothing to do.
    const again = await resealValues(database.db, rotating);
    expect(Object.values(again.resealed).every((n) => n === 0)).toBe(true);

    // The old key goes: off the list, then out of the configuration.
    const forget = (id: string) => runKeysCommand(['forget', id], database, rotating, () => undefined);
    await expect(forget(keyId(NEW))).rejects.toThrow('it seals, it stays listed');
    expect(await forget(keyId(OLD))).toBe(0);
    const listed = await database.db.select().from(encryptionKeyIds);
    expect(listed.map((r) => r.keyId)).toEqual([keyId(NEW)]);

    const { app, warnings } = await start(configOf({}));
    expect(warnings).toEqual([]);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'sysadmin01', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${(signIn.json() as { token: string }).token}` };
    const [pan] = await database.db.select({ id: pans.id }).from(pans).limit(1);
    const revealed = await app.inject({ method: 'POST', url: `/account-api/pans/${pan!.id}/reveal`, headers });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json()).toEqual({ panId: pan!.id, pan: before['pans.pan_encrypted']![pan!.id] });
    const [bank] = await database.db
      .select({ id: merchantBankAccounts.id, merchantUuid: merchants.uuid })
      .from(merchantBankAccounts)
      .innerJoin(merchants, sql`${merchants.id} = ${merchantBankAccounts.merchantId}`)
      .where(sql`${merchantBankAccounts.accountNumberEncrypted} is not null`)
      .limit(1);
    const bankInfo = await app.inject({
      method: 'GET',
      url: `/merchant-api/merchant/${bank!.merchantUuid}/bank-info`,
      headers,
    });
    expect(bankInfo.statusCode, bankInfo.body).toBe(200);
    expect(bankInfo.json()).toMatchObject({
      bankAccountNumber: before['merchant_bank_accounts.account_number_encrypted']![bank!.id],
      bankRoutingNumber: before['merchant_bank_accounts.routing_number_encrypted']![bank!.id],
    });
  });

  it('never overwrites a value the running product wrote between its read and its write', async () => {
    const next = configOf({ DATA_ENCRYPTION_KEY: hex(NEWER), DATA_ENCRYPTION_PREVIOUS_KEYS: hex(NEW) });
    await start(next);
    const [merchant] = await database.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(sql`${merchants.taxIdEncrypted} is not null`)
      .orderBy(merchants.id)
      .limit(1);
    let written = false;
    const report = await resealValues(database.db, next, {
      beforeWrite: async (column, ids) => {
        if (column !== 'merchants.tax_id_encrypted' || written || !ids.includes(merchant!.id)) return;
        written = true;
        // An instance not yet given the newer key changes the tax id meanwhile, sealing with the key it has.
        await database.db
          .update(merchants)
          .set({ taxIdEncrypted: encrypt('912345678', NEW) })
          .where(sql`${merchants.id} = ${merchant!.id}`);
      },
    });
    expect(written).toBe(true);
    // The product's value was kept, and a second pass sealed it again with the newer key.
    const [row] = await database.db
      .select({ taxId: merchants.taxIdEncrypted })
      .from(merchants)
      .where(sql`${merchants.id} = ${merchant!.id}`);
    expect(row!.taxId!.startsWith(`v1:${keyId(NEWER)}:`)).toBe(true);
    expect(decrypt(row!.taxId!, NEWER)).toBe('912345678');
    expect(report.remaining).toEqual({});
    expect(report.oldKeyIds).toEqual([keyId(NEW)]);
  });
});

describe('npm run keys -- rehash-pans', () => {
  it('killed mid-way and run again, moves every card number hash to the new PAN key; cards are found throughout', async () => {
    // Whichever key the re-seals above left the values under: this walk reads them, it does not seal.
    const encryption = { DATA_ENCRYPTION_KEY: hex(NEWER), DATA_ENCRYPTION_PREVIOUS_KEYS: `${hex(NEW)},${hex(OLD)}` };
    const ring = { current: NEWER, previous: [NEW, OLD] };
    const rotating = configOf({ ...encryption, PAN_HMAC_KEY: hex(NEW_PAN), PAN_HMAC_PREVIOUS_KEYS: hex(OLD_PAN) });
    const during = (await start(rotating)).app;
    // During the rotation the card is found by its hash under the previous key.
    expect((await inquiry(during)).json()).toMatchObject({ responseCode: '00' });

    let batches = 0;
    const killed = rehashPanHashes(database.db, rotating, {
      batchSize: 5,
      onBatch: () => {
        if (++batches === 2) throw new Error('killed');
      },
    });
    await expect(killed).rejects.toThrow('killed');
    expect((await purchase(during)).json()).toMatchObject({ responseCode: '00' });

    const lines: string[] = [];
    expect(await runKeysCommand(['rehash-pans', '--batch', '50'], database, rotating, (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toContain(`Every card number hash is under PAN_HMAC_KEY ${keyId(NEW_PAN)}.`);
    for (const { name, table, hash, sealed } of PAN_HASH_COLUMNS) {
      const rows = await database.db.select({ hash, sealed }).from(table);
      expect(rows.length, name).toBeGreaterThan(0);
      for (const row of rows) expect(row.hash, name).toBe(keyedHash(decrypt(row.sealed, ring), NEW_PAN));
    }

    // Only the new PAN key: the card is found by its number.
    const after = (await start(configOf({ ...encryption, PAN_HMAC_KEY: hex(NEW_PAN) }))).app;
    expect((await inquiry(after)).json()).toMatchObject({ responseCode: '00' });
    expect((await purchase(after)).json()).toMatchObject({ responseCode: '00' });

    // Given keys the stored hashes are not under, the command stops before it writes a hash.
    const wrong = configOf({ ...encryption, PAN_HMAC_KEY: hex(OLD_PAN) });
    await expect(runKeysCommand(['rehash-pans'], database, wrong, () => undefined)).rejects.toThrow(
      'pans.pan_hash of row',
    );
  });
});

describe('the columns the walks cover', () => {
  const columnsNamed = (pattern: RegExp) =>
    (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) =>
        Object.values(getTableColumns(table))
          .filter((column) => pattern.test(column.name))
          .map((column) => `${getTableName(table)}.${column.name}`),
      )
      .sort();

  it('re-seal every sealed column of the schema, the ones start-up checks', () => {
    // resealValues walks SEALED_COLUMNS; encryption-keys.test.ts holds that list to the schema's sealed columns.
    expect(SEALED_COLUMNS.map((c) => c.name).sort()).toEqual(columnsNamed(/_(encrypted|secrets)$/));
  });

  it('recompute every card number hash of the schema', () => {
    expect(PAN_HASH_COLUMNS.map((c) => c.name).sort()).toEqual(columnsNamed(/^pan_hash$/));
  });

  it('page by an integer id primary key in each table they walk', () => {
    for (const { table } of [...SEALED_COLUMNS, ...PAN_HASH_COLUMNS]) {
      const id = getTableColumns(table).id;
      expect(id?.primary, getTableName(table)).toBe(true);
      expect(id?.columnType, getTableName(table)).toBe('PgInteger');
    }
  });
});
