/**
 * Bulk printed PAN generation (issue 17 "Done when": 9,999 PANs commit in under 5 seconds, and their PDF streams its
 * first page in under 1 second), on PostgreSQL.
 *
 *   npm run bench:pan-generation                              # PostgreSQL at 127.0.0.1:5432, user postgres (trust)
 *   BENCH_EXISTING=20000 BENCH_RUNS=1 npm run bench:pan-generation   # a quick smoke run
 *
 * Creates a scratch database, migrates it and loads BENCH_EXISTING PANs already drawn (default 1,000,000, spread over
 * the program's recipients, so the unique hash index is the size a live program's would be). Then, BENCH_RUNS times:
 * POST /account-api/pans/gen/printed with count 9999 through the real server over HTTP (the time to its answer, which
 * comes after the commit), and GET /benefit-api/pans/qrcode/pdfs/{panGenId}: the time to the first byte, to the end of
 * the first page (the first page object of the file) and to the last byte, with the file's size. Fetching the PDF
 * ends the generation's in-process state, so the next run may start. Drops the database at the end. Reading:
 * bench/README.md.
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { ROLE } from '@ebt/core/enums';
import { buildApp } from '../packages/server/src/app.js';
import type { Database } from '../packages/server/src/db/client.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import { programs, recipientAccounts, users } from '../packages/server/src/db/schema/index.js';
import { createSession } from '../packages/server/src/platform/sessions.js';
import { benchConfig, benchGoal, machineLoad, scratchPostgresDatabase, seconds } from './shared.js';

const EXISTING = Number(process.env.BENCH_EXISTING ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const COUNT = 9999;
const GENERATE_GOAL = benchGoal(`issue 17: ${COUNT} PANs committed (the answer) under 5 s`, 5, {
  unit: 's',
  digits: 2,
});
const FIRST_PAGE_GOAL = benchGoal("issue 17: the PDF's first page streamed under 1 s", 1, { unit: 's', digits: 2 });

interface Timing {
  status: number;
  firstByte: number;
  firstPage: number;
  total: number;
  bytes: number;
  body: string;
}

/** One HTTP call, timed: first byte, the first '/Type /Page' object of a PDF (pdfkit writes it when a page ends), end. */
function call(port: number, method: string, path: string, token: string, body?: object): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let firstByte = 0;
        let firstPage = 0;
        let bytes = 0;
        let tail = '';
        const text: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          const now = performance.now() - started;
          if (!firstByte) firstByte = now;
          bytes += chunk.length;
          if (!firstPage) {
            const seen = tail + chunk.toString('latin1');
            if (/\/Type \/Page\n/.test(seen)) firstPage = now;
            tail = seen.slice(-32);
          }
          if (!res.headers['content-type']?.includes('pdf')) text.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            firstByte,
            firstPage,
            total: performance.now() - started,
            bytes,
            body: Buffer.concat(text).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function main() {
  let database: Database | undefined;
  try {
    database = await scratchPostgresDatabase('ebt_bench_pans');
    const { db, pool } = database;
    await migrateDatabase(database);
    await ensureReferenceData(db);
    console.log(((await pool!.query('select version()')).rows[0].version as string).split(',')[0]);

    const [program] = await db
      .insert(programs)
      .values({ name: 'Bench PAN Program', shortName: 'BPAN', bin: '900100', seriesNbr: '009', maxPrintedPans: 20_000 })
      .returning();
    const [holder] = await db
      .insert(recipientAccounts)
      .values({ programId: program!.id, recipientIdentifier: 'BENCH-HOLDER', firstName: 'Bench', lastName: 'Holder' })
      .returning();
    const started = performance.now();
    // PANs drawn before: random 64-hex hashes stand for their keyed hashes (what the unique index holds).
    await pool!.query(`
      insert into pans (program_id, account_id, pan_hash, pan_encrypted, pan_last4, pan_type_id, pan_status_id)
      select ${program!.id}, ${holder!.id}, md5(g::text || random()::text) || md5(random()::text), 'x', lpad((g % 10000)::text, 4, '0'), 1, 3
      from generate_series(1, ${EXISTING}) g`);
    await pool!.query('vacuum analyze');
    console.log(`inserted ${EXISTING.toLocaleString('en-US')} existing PANs and ANALYZE done (${seconds(started)})\n`);

    const [admin] = await db
      .insert(users)
      .values({
        username: 'benchpans',
        email: 'benchpans@example.org',
        firstName: 'Bench',
        lastName: 'Admin',
        roleId: ROLE.PLATFORM_ADMIN,
        statusId: 2,
      })
      .returning();
    const token = await createSession(db, admin!.id, new Date());
    const config = benchConfig({ LOG_LEVEL: 'silent', SEED: 'none', WEB_DIST_DIR: '/nonexistent' });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;

    const setup = await call(port, 'GET', `/account-api/account/pangen/${program!.id}`, token);
    const { accountUuid } = JSON.parse(setup.body) as { accountUuid: string };
    console.log(
      `| run | generate ${COUNT} (answer after commit) | goal | | PDF first byte | PDF first page | goal | | PDF whole | PDF size |`,
    );
    console.log('|---:|---:|---|---|---:|---:|---|---|---:|---:|');
    const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    for (let run = 1; run <= RUNS; run += 1) {
      const made = await call(port, 'POST', '/account-api/pans/gen/printed', token, {
        programId: program!.id,
        accountUuid,
        count: COUNT,
      });
      if (made.status !== 200) throw new Error(`generation answered ${made.status}: ${made.body}`);
      const { panGenId } = JSON.parse(made.body) as { panGenId: number };
      const pdf = await call(port, 'GET', `/benefit-api/pans/qrcode/pdfs/${panGenId}`, token);
      if (pdf.status !== 200) throw new Error(`PDF answered ${pdf.status}`);
      if (!pdf.firstPage) throw new Error(`the PDF of ${pdf.bytes} bytes has no page object`);
      const generated = GENERATE_GOAL.check(`run ${run}`, made.total / 1000);
      const firstPage = FIRST_PAGE_GOAL.check(`run ${run}`, pdf.firstPage / 1000);
      console.log(
        `| ${run} | ${f(made.total)} | ${GENERATE_GOAL.cell} | ${generated} | ${f(pdf.firstByte)} | ${f(pdf.firstPage)} | ${FIRST_PAGE_GOAL.cell} | ${firstPage} | ${f(pdf.total)} | ${(pdf.bytes / 1_048_576).toFixed(1)} MB |`,
      );
      // Room for the next run: the printed PANs of this one are handed out (to the holder), as assign would.
      await pool!.query('update pans set account_id = $1 where pan_generation_id = $2', [holder!.id, panGenId]);
    }
    await app.close();
    console.log(`\n${machineLoad()}`);
    GENERATE_GOAL.report();
    FIRST_PAGE_GOAL.report();
  } finally {
    await database?.close();
  }
}

await main();
