import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { ensureReferenceData } from '../packages/server/src/db/reference-data.js';
import * as schema from '../packages/server/src/db/schema/index.js';
import { seedDemoData } from '../packages/server/src/db/seed/index.js';
import { scratchPostgresDatabase } from './shared.js';

const database = await scratchPostgresDatabase('ebt_tmp_rc');
await migrateDatabase(database);
await ensureReferenceData(database.db);
const config0 = loadConfig({ ...process.env, SEED: 'demo' });
await seedDemoData(database.db, { panHmacKey: config0.hmacKey, dataEncryptionKey: config0.encryptionKey });
const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.RC_LOG ?? 'info', SEED: 'none', JOBS: 'off', WEB_DIST_DIR: '/nonexistent' });
const app = await buildApp({ config, database });
const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'progadmin01', password: 'Welcome#2026' } });
const token = (res.json() as { token: string }).token;
const [account] = await database.db.select({ uuid: schema.recipientAccounts.uuid }).from(schema.recipientAccounts).limit(1);
const url = process.env.RC_URL ?? `/account-api/account/${account!.uuid}`;
const headers = { authorization: `Bearer ${token}` };
async function run(n: number) {
  const c = 10;
  let i = 0;
  await Promise.all(Array.from({ length: c }, async () => {
    while (i++ < n) {
      const r = await app.inject({ method: 'GET', url, headers });
      if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
    }
  }));
}
await run(2000);
const N = 5000;
const session = new Session();
session.connect();
const prof = process.env.RC_PROFILE === '1';
if (prof) { await session.post('Profiler.enable'); await session.post('Profiler.start'); }
const before = process.cpuUsage();
const t0 = performance.now();
await run(N);
const cpu = process.cpuUsage(before);
const wall = performance.now() - t0;
if (prof) { const { profile } = await session.post('Profiler.stop'); writeFileSync('/tmp/rc/inject.cpuprofile', JSON.stringify(profile)); }
console.log(`${url}: ${((cpu.user + cpu.system) / N).toFixed(0)} µs CPU/request, ${(wall * 1000 / N).toFixed(0)} µs wall/request`);
await app.close();
process.exit(0);
