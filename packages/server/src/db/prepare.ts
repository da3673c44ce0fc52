import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Db } from './client.js';
import { applyMigrations, withStartupLock } from './migrate.js';
import { ensureReferenceData } from './reference-data.js';

export interface PreparedDatabase {
  /** True when this call loaded the demo data set (the database had no user yet). */
  seeded: boolean;
  /** How long this instance waited for another one to finish preparing the database. */
  waitedMs: number;
}

/**
 * The demo data set (seed/index.ts), which the caller passes in: the seed writes through the modules, a layer above
 * db/, so db/ does not import it.
 */
export interface DemoSeed {
  /** True once any user exists: the demo data is loaded only into a database nobody has used yet. */
  isDatabaseSeeded(db: Db): Promise<boolean>;
  seedDemoData(
    db: Db,
    keys: { panHmacKey: Buffer; dataEncryptionKey: Buffer; pinKeys: Config['pinKeys'] },
  ): Promise<unknown>;
}

/**
 * Brings the database to what this build of the server needs before it serves: the migrations, the reference data
 * and, with SEED=demo on a database nobody has used yet, the demo data set. All three run under one PostgreSQL
 * advisory lock (withStartupLock), so instances started together take turns: the first does the work and the others,
 * once the lock is theirs, find the migrations applied, the lookups current and a user present, and go on. Every
 * step is safe to repeat; the demo seed is one transaction, so an instance that dies mid-seed leaves nothing and the
 * next one seeds again.
 */
export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'seed' | 'hmacKey' | 'encryptionKey' | 'pinKeys'>,
  log: Pick<FastifyBaseLogger, 'info'>,
  demo: DemoSeed,
): Promise<PreparedDatabase> {
  const asked = Date.now();
  return withStartupLock(database, async (lock) => {
    const waitedMs = Date.now() - asked;
    if (waitedMs >= 1000) log.info({ waitedMs }, 'another instance prepared the database first');
    await applyMigrations(database, lock);
    await ensureReferenceData(database.db);
    if (config.seed !== 'demo' || (await demo.isDatabaseSeeded(database.db))) return { seeded: false, waitedMs };
    const started = Date.now();
    log.info('empty database: loading the demo data set');
    await demo.seedDemoData(database.db, {
      panHmacKey: config.hmacKey,
      dataEncryptionKey: config.encryptionKey,
      pinKeys: config.pinKeys,
    });
    log.info({ ms: Date.now() - started }, 'demo data loaded');
    return { seeded: true, waitedMs };
  });
}
