import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../config.js';
import { MissingEncryptionKeyError } from '../platform/encryption-keys.js';
import { DEMO_PASSWORD } from '../seed/index.js';
import { DEMO_CARD_PIN, DEMO_TERMINAL } from '../seed/model.js';
import { adminQuery, createTestDatabase, databaseUrl, dropDatabase, uniqueDatabaseName } from '../testing/database.js';
import { type Database, openDatabase } from './client.js';
import { type RunningServer, startServer } from '../serve.js';

// The restore drill of docs/operations.md "Backup and restore": a database holding the demo data set (seeded as the
// server seeds an empty database) is dumped with pg_dump -Fc, restored with pg_restore into a new database, and the
// server started on the copy with the same three keys answers what it answered before: a recipient, their benefits
// and transactions, a card number revealed (DATA_ENCRYPTION_KEY), and a balance inquiry with the card number and PIN
// (PAN_HMAC_KEY finds the card, PIN_HMAC_KEY checks the PIN). The figures it prints are the recovery time the
// operations guide quotes. PostgreSQL only, with pg_dump and pg_restore on the PATH no older than the server (the
// Debian postgresql-client on CI). A PGlite backup is a copy of its data directory, which the server takes no part in.

const ON_POSTGRES = process.env.TEST_DATABASE === 'postgres';
const run = promisify(execFile);

/** The major version of a client tool (`pg_dump (PostgreSQL) 15.20 (Debian ...)`), or 0 when it is missing. */
function toolMajor(tool: string): number {
  const answer = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  return answer.status === 0 ? Number(/\(PostgreSQL\) (\d+)/.exec(answer.stdout)?.[1] ?? 0) : 0;
}

/** pg_dump refuses a server of a later major version than its own: the drill then cannot run here. */
async function dumpToolsFit(): Promise<boolean> {
  const client = Math.min(toolMajor('pg_dump'), toolMajor('pg_restore'));
  if (!client) return false;
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ v: string }>("select current_setting('server_version_num') as v");
    return Math.floor(Number(rows[0]!.v) / 10_000) <= client;
  } finally {
    await admin.end();
  }
}

const DRILL_RUNS = ON_POSTGRES && (await dumpToolsFit());

const hexKey = () => randomBytes(32).toString('hex');
const KEYS = { DATA_ENCRYPTION_KEY: hexKey(), PAN_HMAC_KEY: hexKey(), PIN_HMAC_KEY: hexKey() };
const configWith = (keys: Record<string, string>) =>
  loadConfig({ LOG_LEVEL: 'silent', SEED: 'demo', WEB_DIST_DIR: '/nonexistent', NODE_ENV: 'test', ...keys });
/** recipient01's Active card in the second demo program (seed/model.ts DEMO_CARD_ACCOUNT_NUMBER). */
const DEMO_PAN = '9001000021000000013';

let source: Database | undefined;
let restored: Database | undefined;
let sourceServer: RunningServer | undefined;
let restoredServer: RunningServer | undefined;
const restoredName = uniqueDatabaseName('ebt_test_restored');
let dumpDir = '';
let before: Answers;
const figures: Record<string, number | string> = {};

/**
 * Starts the server on a database as main.ts does (serve.ts startServer: migrations, the key check, the app, the
 * reference and demo data, then listening), on a port of the system's, without the jobs.
 */
const startAsMain = (database: Database, loaded: Config): Promise<RunningServer> =>
  startServer({
    config: { ...loaded, port: 0, host: '127.0.0.1', jobsEnabled: false },
    open: async () => database,
    logger: false,
  });

interface Answers {
  recipient: unknown;
  benefits: unknown;
  transactions: unknown;
  cards: { panId: number; pan: string; panStatusId: number }[];
  revealed: unknown;
  inquiry: unknown;
}

/** What a program administrator and a terminal read of recipient01's CTSNAP account, Account ID 20000001. */
async function readRecipient(app: FastifyInstance): Promise<Answers> {
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/authenticate',
    payload: { username: 'progadmin01', password: DEMO_PASSWORD },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const token = (signIn.json() as { token: string }).token;
  const get = async (options: InjectOptions) => {
    const res = await app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, `${options.url} ${res.body}`).toBe(200);
    return res.json() as unknown;
  };
  const search = (await get({ method: 'GET', url: '/account-api/account?recipientIdentifier=20000001' })) as {
    data: { accountUuid: string; programId: number }[];
  };
  expect(search.data).toHaveLength(1);
  const { accountUuid, programId } = search.data[0]!;
  const cards = (await get({
    method: 'GET',
    url: `/account-api/pans?programId=${programId}&accountUuid=${accountUuid}`,
  })) as Answers['cards'];
  const active = cards.find((card) => card.pan.endsWith(DEMO_PAN.slice(-4)))!;
  // A trace number of its own for each inquiry (a repeated one answers the first call again); the rest is compared.
  const inquiry = await app.inject({
    method: 'POST',
    url: '/transaction-api/pos/balance-inquiry',
    headers: {
      authorization: `Basic ${Buffer.from(`${DEMO_TERMINAL.terminalId}:${DEMO_TERMINAL.secret}`).toString('base64')}`,
    },
    payload: {
      pan: DEMO_PAN,
      pin: DEMO_CARD_PIN,
      traceNumber: `DRILL-${randomBytes(4).toString('hex')}`,
      terminalDateTime: new Date().toISOString(),
    },
  });
  const { responseCode, balanceAfter, soonestExpiration, benefits } = inquiry.json() as Record<string, unknown>;
  return {
    recipient: await get({ method: 'GET', url: `/account-api/account/${accountUuid}` }),
    benefits: await get({ method: 'GET', url: '/benefit-api/benefit?accountId=20000001&pageSize=100' }),
    transactions: await get({
      method: 'GET',
      url: `/transaction-api/transactions?accountUuid=${accountUuid}&trxTypeId=1&pageSize=100`,
    }),
    cards,
    revealed: await get({ method: 'POST', url: `/account-api/pans/${active.panId}/reveal` }),
    inquiry: { responseCode, balanceAfter, soonestExpiration, benefits },
  };
}

describe.runIf(DRILL_RUNS)('a pg_dump of a seeded database, restored into a new one', () => {
  beforeAll(async () => {
    let started = Date.now();
    source = await createTestDatabase();
    sourceServer = await startAsMain(source, configWith(KEYS));
    figures.seedMs = Date.now() - started;
    before = await readRecipient(sourceServer.app);

    dumpDir = await mkdtemp(path.join(os.tmpdir(), 'ebt-drill-'));
    const dumpFile = path.join(dumpDir, 'portal.dump');
    const sourceUrl = String(source.pool!.options.connectionString);
    started = Date.now();
    await run('pg_dump', ['--format=custom', `--file=${dumpFile}`, `--dbname=${sourceUrl}`]);
    figures.dumpMs = Date.now() - started;
    figures.dumpBytes = (await stat(dumpFile)).size;
    const size = await source.pool!.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
    figures.databaseBytes = Number(size.rows[0]!.bytes);

    // The restore is timed from an empty database to a server answering: what the recovery time is made of.
    started = Date.now();
    await adminQuery(`create database "${restoredName}" template template0`);
    await run('pg_restore', [
      '--exit-on-error',
      '--no-owner',
      '--no-acl',
      '--jobs=2',
      `--dbname=${databaseUrl(restoredName)}`,
      dumpFile,
    ]);
    figures.pgRestoreMs = Date.now() - started;
    restored = await openDatabase({ kind: 'postgres', url: databaseUrl(restoredName) });
    restoredServer = await startAsMain(restored, configWith(KEYS));
    figures.restoreToServingMs = Date.now() - started;
  }, 120_000);

  afterAll(async () => {
    await restoredServer?.stop(0);
    await sourceServer?.stop(0);
    await restored?.close();
    await source?.close();
    await dropDatabase(restoredName);
    if (dumpDir) await rm(dumpDir, { recursive: true, force: true });
  });

  it('answers the same recipient, benefits, transactions and card as the database it was dumped from', async () => {
    const after = await readRecipient(restoredServer!.app);
    const count = await restored!.pool!.query<{ recipients: number; benefits: number; transactions: number }>(
      `select (select count(*)::int from recipient_accounts) as recipients, (select count(*)::int from benefits) as
       benefits, (select count(*)::int from transactions) as transactions`,
    );
    console.info(
      `restore drill: ${JSON.stringify({ ...figures, ...count.rows[0] })} (database and dump in bytes, times in ms)`,
    );
    expect((before.benefits as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect((before.transactions as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(after.recipient).toEqual(before.recipient);
    expect(after.benefits).toEqual(before.benefits);
    expect(after.cards).toEqual(before.cards);
    // Purchases only: each read adds a balance inquiry of its own to the history.
    expect(after.transactions).toEqual(before.transactions);
    // The sealed number opens with the same DATA_ENCRYPTION_KEY; the card is found by its number (PAN_HMAC_KEY) and
    // its PIN checks (PIN_HMAC_KEY): the same balance as before the dump.
    expect(after.revealed).toMatchObject({ pan: DEMO_PAN });
    expect(after.revealed).toEqual(before.revealed);
    expect(after.inquiry).toMatchObject({ responseCode: '00', balanceAfter: expect.any(Number) });
    expect(after.inquiry).toEqual(before.inquiry);
  });

  it('will not start on the copy without the encryption key the values were sealed with', async () => {
    const other = await openDatabase({ kind: 'postgres', url: databaseUrl(restoredName) });
    try {
      const withoutKey = configWith({ ...KEYS, DATA_ENCRYPTION_KEY: hexKey() });
      await expect(startAsMain(other, withoutKey)).rejects.toBeInstanceOf(MissingEncryptionKeyError);
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(DRILL_RUNS)('the restore drill (PostgreSQL with pg_dump and pg_restore only)', () => {
  // CI's machine has the server and Debian's postgresql-client: there the drill must run, never skip unseen.
  it.runIf(ON_POSTGRES && process.env.CI === 'true')('finds pg_dump and pg_restore fitting the server on CI', () => {
    expect(DRILL_RUNS, 'pg_dump and pg_restore (postgresql-client) no older than the server').toBe(true);
  });
  it.skip('runs in the server-postgres project where pg_dump and pg_restore fit the server', () => undefined);
});
