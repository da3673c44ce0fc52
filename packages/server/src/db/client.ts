import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type the code uses: PGlite and node-postgres both satisfy it, so no module knows which it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: services accept either so they compose inside one transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool when kind is 'postgres' (for work that needs one connection, like advisory locks). */
  pool?: pg.Pool;
  /**
   * Runs one hand-written statement of the request path as a named prepared statement (PostgreSQL parses and plans
   * it once per connection, then only binds). For the few statements every request runs, where Drizzle's query
   * building and its per-query type parsers would cost more than the statement itself (platform/session-hook.ts).
   * Rows come with the driver's own types: timestamptz as Date, int4[] and text[] as arrays.
   */
  prepared<Row>(name: string, text: string, values: readonly unknown[]): Promise<Row[]>;
  /** Statements sent so far through this handle: tests prove a request's cost with it ("The request path"). */
  readonly statementCount: () => number;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir?: string } // no dataDir: in memory (tests)
  | { kind: 'pglite-instance'; client: PGlite };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    // Pool size: two cores here; the pool is the unit a second instance multiplies.
    const pool = new pg.Pool({ connectionString: target.url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    const counter = countStatements(pool);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      prepared: async <Row>(name: string, text: string, values: readonly unknown[]) =>
        (await pool.query({ name, text, values: [...values] })).rows as Row[],
      statementCount: counter,
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (target.kind === 'pglite-instance') {
    client = target.client;
  } else {
    if (target.dataDir) mkdirSync(path.dirname(target.dataDir), { recursive: true });
    // pg_trgm: the contains-search indexes; btree_gist: the enrolment overlap constraint (migration 0016).
    client = await PGlite.create({ dataDir: target.dataDir, extensions: { pg_trgm, btree_gist } });
  }
  const counter = countStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite runs in this process: there is no connection to keep a plan on, and its query() prepares each call.
    prepared: async <Row>(_name: string, text: string, values: readonly unknown[]) =>
      (await client.query<Row>(text, [...values])).rows,
    statementCount: counter,
    close: () => client.close(),
  };
}

/**
 * Counts the statements a handle sends by wrapping its query method (the one Drizzle and `prepared` call for work
 * outside transactions; statements inside a transaction go through a checked-out client and are not counted).
 * One integer increment a statement: cheap enough to keep on in production, where nothing reads it.
 */
function countStatements(target: { query: (...args: never[]) => unknown }): () => number {
  let count = 0;
  const original = target.query.bind(target) as (...args: unknown[]) => unknown;
  (target as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    count += 1;
    return original(...args);
  };
  return () => count;
}
