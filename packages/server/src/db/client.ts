import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
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
  /**
   * Statements sent so far through this handle, those inside transactions included (not BEGIN and COMMIT): tests prove
   * a request's cost with it ("The request path").
   */
  readonly statementCount: () => number;
  /**
   * Round trips to the database so far through this handle: the statements and every BEGIN, COMMIT and ROLLBACK.
   * What the engine's cost is held to (docs/transaction-engine.md "Cost").
   */
  readonly roundTripCount: () => number;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir?: string } // no dataDir: in memory (tests)
  | { kind: 'pglite-instance'; client: PGlite };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    // Pool size: two cores here; the pool is the unit a second instance multiplies.
    // Without JIT (decision 0103): the product's statements are short, and a plan mis-costed on stale statistics
    // crossed jit_above_cost and spent 170 ms compiling a 0.1 ms look-up.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      options: '-c jit=off',
    });
    const counter = countPoolStatements(pool);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      prepared: async <Row>(name: string, text: string, values: readonly unknown[]) =>
        (await pool.query({ name, text, values: [...values] })).rows as Row[],
      statementCount: counter.statements,
      roundTripCount: counter.roundTrips,
      close: () => pool.end(),
    };
  }
  // PGlite and its driver are loaded only here: a server on PostgreSQL never holds them (tens of MB of an idle
  // process; bench/README.md, "Idle memory").
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  let client: PGlite;
  if (target.kind === 'pglite-instance') {
    client = target.client;
  } else {
    if (target.dataDir) mkdirSync(path.dirname(target.dataDir), { recursive: true });
    const [{ PGlite }, { pg_trgm }, { btree_gist }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('@electric-sql/pglite/contrib/btree_gist'),
    ]);
    // pg_trgm: the contains-search indexes; btree_gist: the enrolment overlap constraint (migration 0016).
    client = await PGlite.create({ dataDir: target.dataDir, extensions: { pg_trgm, btree_gist } });
  }
  const counter = countPgliteStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite runs in this process: there is no connection to keep a plan on, and its query() prepares each call.
    prepared: async <Row>(_name: string, text: string, values: readonly unknown[]) =>
      (await client.query<Row>(text, [...values])).rows,
    statementCount: counter.statements,
    roundTripCount: counter.roundTrips,
    close: () => client.close(),
  };
}

/** BEGIN, COMMIT and ROLLBACK: every transaction has them, and PGlite sends them outside `query`: never counted. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|start transaction)\b/i;

/**
 * Counts the statements a PostgreSQL pool sends, inside transactions too, by wrapping the query method of each of its
 * connections (`pool.query` and Drizzle's transactions both end there). One integer increment a statement: cheap
 * enough to keep on in production, where nothing reads it.
 */
function countPoolStatements(pool: pg.Pool): Counters {
  let count = 0;
  let control = 0;
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
      if (TRANSACTION_CONTROL.test(text ?? '')) control += 1;
      else count += 1;
      return original(...args);
    };
  });
  return { statements: () => count, roundTrips: () => count + control };
}

interface Counters {
  statements: () => number;
  roundTrips: () => number;
}

/** The same for PGlite: its own `query`, and the `query` of each transaction it opens. */
function countPgliteStatements(client: PGlite): Counters {
  let count = 0;
  // PGlite sends BEGIN and COMMIT (or ROLLBACK) itself around each transaction's callback: two round trips each.
  let control = 0;
  const wrap = <T extends { query: (...args: never[]) => unknown }>(target: T): T => {
    const original = target.query.bind(target) as (...args: unknown[]) => unknown;
    (target as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      count += 1;
      return original(...args);
    };
    return target;
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) => {
    control += 2;
    return transaction((tx) => callback(wrap(tx)));
  }) as PGlite['transaction'];
  return { statements: () => count, roundTrips: () => count + control };
}

/**
 * Runs a hand-written statement on a handle or inside an open Drizzle transaction, as a named prepared statement on
 * PostgreSQL (parsed and planned once per connection) and as a plain query on PGlite. For the few statements of the
 * transaction engine's hot path (decision 0072), which run inside a transaction that `Database.prepared` cannot reach.
 * Rows come with the driver's own types (cast dates to text in the statement).
 */
export async function preparedIn<Row>(
  db: DbOrTx,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<Row[]> {
  const client = (db as unknown as { session: { client: unknown } }).session.client as {
    exec?: unknown;
    query: (...args: unknown[]) => Promise<{ rows: Row[] }>;
  };
  // PGlite and its transactions have exec(); node-postgres pools and clients take a query config with a name.
  if (typeof client.exec === 'function') return (await client.query(text, [...values])).rows;
  return (await client.query({ name, text, values: [...values] })).rows;
}
