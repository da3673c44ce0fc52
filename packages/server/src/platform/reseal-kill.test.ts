import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { pans } from '../db/schema/index.js';
import { DEMO_PASSWORD, seedDemoData } from '../seed/index.js';
import { createTestDatabase, databaseUrl } from '../testing/database.js';
import { keyedHash, keyId } from './crypto.js';
import { settleEncryptionKeys } from './encryption-keys.js';
import { valuesNotUnder } from './reseal.js';

// The re-seal as an operator runs it (`npm run keys -- reseal`, src/keys.ts in a process of its own), killed outright
// (SIGKILL: no handler, no clean-up) once it has started, then run again: it finishes with every value under the new
// key, and an instance without the old key reads a card number. PostgreSQL only: a PGlite data directory is one
// process's, so the command and the test cannot share it. platform/reseal.test.ts covers the walk itself.

const ON_POSTGRES = process.env.TEST_DATABASE === 'postgres';
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const hex = (key: Buffer) => key.toString('hex');
const OLD = randomBytes(32);
const NEW = randomBytes(32);
const PAN_KEY = randomBytes(32);
const PIN_KEY = randomBytes(32);
/** recipient01's demo card (seed/model.ts DEMO_CARD_ACCOUNT_NUMBER). */
const DEMO_PAN = '9001000021000000013';

let database: Database;
let url = '';
const total = async (key: Buffer) =>
  Object.values(await valuesNotUnder(database.db, key)).reduce(
    (sum, byKey) => sum + Object.values(byKey).reduce((a, b) => a + b, 0),
    0,
  );

/** The environment of the instances during the rotation: the new key seals, the old one still reads. */
const ROTATING = {
  DATA_ENCRYPTION_KEY: hex(NEW),
  DATA_ENCRYPTION_PREVIOUS_KEYS: hex(OLD),
  PAN_HMAC_KEY: hex(PAN_KEY),
  PIN_HMAC_KEY: hex(PIN_KEY),
};
const configOf = (env: Record<string, string>): Config =>
  loadConfig({ LOG_LEVEL: 'silent', SEED: 'none', WEB_DIST_DIR: '/nonexistent', ...env });

/** `npm run keys -- reseal --batch 1` in a process of its own, as the operator starts it; its output gathered. */
function keysCommand(): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/keys.ts', 'reseal', '--batch', '1'], {
    cwd: serverRoot,
    env: { ...process.env, ...ROTATING, DATABASE_URL: url, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { child, output: () => text };
}

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  database = await createTestDatabase();
  const name = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  url = databaseUrl(name.rows[0]!.name);
  const old = configOf({ ...ROTATING, DATA_ENCRYPTION_KEY: hex(OLD), DATA_ENCRYPTION_PREVIOUS_KEYS: '' });
  await seedDemoData(database.db, { panHmacKey: PAN_KEY, dataEncryptionKey: OLD, pinKeys: old.pinKeys });
  await settleEncryptionKeys(database, old);
  // An instance restarted with the new key: it lists the new key's id, which the command requires.
  await settleEncryptionKeys(database, configOf(ROTATING));
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe.runIf(ON_POSTGRES)('npm run keys -- reseal, killed and started again', () => {
  it('finishes with every value under the new key, read by an instance that no longer holds the old one', async () => {
    const before = await total(NEW);
    expect(before).toBeGreaterThan(100);

    // Killed outright once it has printed its first progress line (a batch of one row is committed by then).
    const first = keysCommand();
    await new Promise<void>((resolve, reject) => {
      first.child.stdout!.on('data', () => {
        if (/rows done/.test(first.output())) resolve();
      });
      first.child.once('exit', () => reject(new Error(`the command ended before it was killed:\n${first.output()}`)));
    });
    const exited = once(first.child, 'exit');
    first.child.kill('SIGKILL');
    const [code, signal] = (await exited) as [number | null, string | null];
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
    const left = await total(NEW);
    expect(left).toBeLessThan(before);
    expect(left).toBeGreaterThan(0);

    // Started again: it goes on with what is left and says it is done.
    const second = keysCommand();
    const [secondCode] = (await once(second.child, 'exit')) as [number | null];
    expect(second.output()).toContain(
      `No sealed value needs a previous key: every value is sealed with key ${keyId(NEW)}.`,
    );
    expect(secondCode).toBe(0);
    expect(await total(NEW)).toBe(0);

    // An instance with the new key alone reveals the demo card's number (recipient01's, seed/model.ts).
    const config = configOf({ ...ROTATING, DATA_ENCRYPTION_PREVIOUS_KEYS: '' });
    const { warnings: _warnings, ...keys } = await settleEncryptionKeys(database, config);
    const app = await buildApp({ config: { ...config, ...keys }, database, logger: false });
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'sysadmin01', password: DEMO_PASSWORD },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const headers = { authorization: `Bearer ${signIn.json<{ token: string }>().token}` };
      const [card] = await database.db
        .select({ id: pans.id })
        .from(pans)
        .where(eq(pans.panHash, keyedHash(DEMO_PAN, PAN_KEY)));
      const revealed = await app.inject({ method: 'POST', url: `/account-api/pans/${card!.id}/reveal`, headers });
      expect(revealed.statusCode, revealed.body).toBe(200);
      expect(revealed.json()).toEqual({ panId: card!.id, pan: DEMO_PAN });
    } finally {
      await app.close();
    }
  }, 120_000);
});
