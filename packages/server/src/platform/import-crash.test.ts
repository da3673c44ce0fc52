import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import {
  agencies,
  auditLog,
  benefits,
  notifications,
  outbox,
  programs,
  recipientAccounts,
  users,
} from '../db/schema/index.js';
import { DEMO_PASSWORD } from '../seed/index.js';
import { createTestDatabase, databaseUrl as urlOfDatabase } from '../testing/database.js';
import { freePort } from '../testing/free-port.js';
import { multipartFile } from '../testing/multipart.js';
import { FILE_SIZE_LIMIT_BYTES } from '@ebt/core/constants';
import { parseSpreadsheet } from './file-import.js';
import { csvLine } from './import-sample.js';

// An import is one transaction (import-run.ts), so a server killed with SIGKILL in the middle of one leaves nothing
// of the file behind, and the same file imports whole once the server is back. This runs the real server as a child
// process on a scratch PostgreSQL database (PGlite lives inside the process: there is nothing to kill it under),
// waits until PostgreSQL shows the import's transaction holding a write lock on the table it fills, kills the server
// there, and compares the tables the import writes before and after.

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface RunningServer {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** Starts the server from its sources (`node --import tsx src/main.ts`, as `npm run dev` does), and waits for /healthz. */
async function startServer(databaseUrl: string): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED: 'demo',
      JOBS: 'off', // no scheduled job's transaction to mistake for the import's
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  // The first start migrates and loads the demo data set: allow for it.
  for (let waited = 0; waited < 150_000; waited += 200) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /healthz:\n${output}`);
}

async function stopServer(server: RunningServer | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
}

async function signIn(server: RunningServer, username: string): Promise<string> {
  const res = await fetch(`${server.base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Sends a file as the upload form does; the answer's status and body. */
async function upload(server: RunningServer, token: string, url: string, field: string, content: Buffer) {
  const { payload, headers } = multipartFile(field, 'crash.csv', content);
  const res = await fetch(`${server.base}${url}`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.skipIf(!onPostgres)('an import killed mid-way (SIGKILL) leaves nothing, and runs again whole', () => {
  let database: Database;
  let databaseName: string;
  let databaseUrl: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { rows } = await database.pool!.query<{ name: string }>('select current_database() as name');
    databaseName = rows[0]!.name;
    databaseUrl = urlOfDatabase(databaseName);
    server = await startServer(databaseUrl);
  }, 180_000);

  afterAll(async () => {
    await stopServer(server);
    await database?.close();
  }, 60_000);

  /** True while PostgreSQL still has the session `pid` (it ends the session, rolling back, once it sees the socket closed). */
  async function sessionAlive(pid: number): Promise<boolean> {
    const { rows } = await database.pool!.query('select 1 from pg_stat_activity where pid = $1', [pid]);
    return rows.length > 0;
  }

  /**
   * Waits until a session other than this test's holds an open transaction with a write lock (RowExclusiveLock, taken
   * by an insert or update) on `table`: the import is applying its rows and has not committed. Answers that pid.
   */
  async function waitForWritingTransaction(table: string, answered: () => boolean): Promise<number> {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      const { rows } = await database.pool!.query<{ pid: number }>(
        `select a.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.relation = $1::regclass and l.mode = 'RowExclusiveLock' and l.granted
            and a.datname = $2 and a.xact_start is not null and a.pid <> pg_backend_pid()`,
        [table, databaseName],
      );
      if (rows[0]) return rows[0].pid;
      if (answered()) throw new Error('the import answered before its transaction was seen');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no transaction writing ${table} was seen`);
  }

  /** Sends the file and kills the server (SIGKILL) while the upload's transaction is writing `table`. */
  async function killMidImport(token: string, url: string, field: string, content: Buffer, table: string) {
    const running = server!;
    let answered = false;
    const request = upload(running, token, url, field, content).then(
      (res) => {
        answered = true;
        return res;
      },
      (err: unknown) => err,
    );
    const pid = await waitForWritingTransaction(table, () => answered);
    const exited = once(running.child, 'exit');
    running.child.kill('SIGKILL');
    await exited;
    // The request never got an answer: the server died before the import's COMMIT could be acknowledged.
    expect(await request).toBeInstanceOf(Error);
    // PostgreSQL rolls back a transaction whose client is gone once it notices the closed socket.
    for (let waited = 0; waited < 10_000 && (await sessionAlive(pid)); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await sessionAlive(pid)).toBe(false);
  }

  async function tally() {
    const { db } = database;
    const one = async (table: typeof benefits | typeof auditLog | typeof notifications | typeof outbox) =>
      (await db.select({ n: count() }).from(table))[0]!.n;
    return {
      benefits: await one(benefits),
      audit: await one(auditLog),
      notifications: await one(notifications),
      outbox: await one(outbox),
      recipients: (await db.select({ n: count() }).from(recipientAccounts))[0]!.n,
      users: (await db.select({ n: count() }).from(users))[0]!.n,
    };
  }

  it('benefit file: nothing of it after the kill; all of it after a restart', async () => {
    // Rows the upload accepts, as the sample built from the demo data shows them; each with a number of its own.
    const token = await signIn(server!, 'progadmin01');
    const sampleRes = await fetch(`${server!.base}/benefit-api/benefit/file/sample`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sampleRes.status).toBe(200);
    const sample = await parseSpreadsheet(Buffer.from(await sampleRes.text()));
    const numberColumn = sample.header.indexOf('Authorization Number');
    const typeColumn = sample.header.indexOf('Type');
    const templates = sample.rows.map((r) => r.cells).filter((cells) => cells[typeColumn] === 'Regular');
    expect(templates.length).toBeGreaterThan(0);
    const lines = [csvLine(sample.header)];
    let size = lines[0]!.length + 2;
    for (let i = 0; i < 10_000; i++) {
      const cells = [...templates[i % templates.length]!];
      cells[numberColumn] = `CRASH${String(i).padStart(6, '0')}`;
      const line = csvLine(cells);
      if (size + line.length + 2 > FILE_SIZE_LIMIT_BYTES) break;
      size += line.length + 2;
      lines.push(line);
    }
    const rowCount = lines.length - 1;
    expect(rowCount).toBeGreaterThanOrEqual(5_000);
    const file = Buffer.from(lines.join('\r\n') + '\r\n');
    const ofFile = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(benefits)
          .where(sql`${benefits.authorizationNumber} like 'CRASH%'`)
      )[0]!.n;

    const before = await tally();
    await killMidImport(token, '/benefit-api/benefit/file', 'benefitFile', file, getTableName(benefits));
    expect(await tally()).toEqual(before);
    expect(await ofFile()).toBe(0);

    server = await startServer(databaseUrl);
    const again = await upload(
      server,
      await signIn(server, 'progadmin01'),
      '/benefit-api/benefit/file',
      'benefitFile',
      file,
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ processed: rowCount, added: rowCount, rejected: 0 });
    expect(await ofFile()).toBe(rowCount);
    expect((await tally()).benefits).toBe(before.benefits + rowCount);
  }, 120_000);

  it('account file: nothing of it after the kill; all of it after a restart', async () => {
    const [program] = await database.db
      .select({ id: programs.id, uuid: programs.uuid })
      .from(programs)
      .innerJoin(users, eq(users.username, 'progadmin01'))
      .where(
        sql`exists (select 1 from user_programs up where up.user_id = ${users.id} and up.program_id = ${programs.id})`,
      )
      .orderBy(programs.id)
      .limit(1);
    const [agency] = await database.db
      .select({ code: agencies.code })
      .from(agencies)
      .where(eq(agencies.programId, program!.id))
      .orderBy(agencies.id)
      .limit(1);
    const header =
      'Action Code,Account ID,Agency Code,First Name,Last Name,Address 1,City,State,Zip,Email,Mobile Phone';
    const rowCount = 6_000;
    const rows = Array.from({ length: rowCount }, (_, i) =>
      csvLine([
        '01',
        '',
        agency!.code,
        'Pat',
        `Crash${i}`,
        `${(i % 900) + 1} Orchard Lane`,
        'Hartford',
        'CT',
        '06103',
        `crash.${i}@example.com`,
        `860555${String(i % 10_000).padStart(4, '0')}`,
      ]),
    );
    const file = Buffer.from([header, ...rows].join('\r\n') + '\r\n');
    expect(file.length).toBeLessThanOrEqual(FILE_SIZE_LIMIT_BYTES);
    const url = `/account-api/account/file/${program!.uuid}`;
    const ofFile = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(recipientAccounts)
          .where(sql`${recipientAccounts.email} like 'crash.%@example.com'`)
      )[0]!.n;

    const token = await signIn(server!, 'progadmin01');
    const before = await tally();
    await killMidImport(token, url, 'accountFile', file, getTableName(recipientAccounts));
    expect(await tally()).toEqual(before);
    expect(await ofFile()).toBe(0);

    server = await startServer(databaseUrl);
    const again = await upload(server, await signIn(server, 'progadmin01'), url, 'accountFile', file);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ processed: rowCount, added: rowCount, rejected: 0 });
    expect(await ofFile()).toBe(rowCount);
    expect((await tally()).recipients).toBe(before.recipients + rowCount);
  }, 120_000);
});
