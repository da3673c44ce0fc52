import type { DbOrTx } from '../db/client.js';

/**
 * Hot reads as prepared statements (architecture.md "The request path"). A Drizzle query built with
 * `sql.placeholder(...)` and `.prepare(name)` is built once per database handle (or open transaction) and runs as a
 * named statement, which PostgreSQL parses and plans once per connection: for a read by key that is most of its cost
 * (bench/auth-read.ts: a four-table read by uuid took about 1 ms built and planned each time, 0.17 ms prepared).
 *
 * A prepared statement has one text for every caller, so the caller's scope cannot be part of it as a list of ids:
 * reads by key check the scope on the row they found (canSeeProgram / canSeeAgency), which answers 404 for a row
 * outside the scope exactly as a scoped query would.
 */
const byHandle = new WeakMap<object, Map<string, unknown>>();

export function preparedFor<P>(db: DbOrTx, name: string, prepare: (db: DbOrTx, name: string) => P): P {
  let statements = byHandle.get(db);
  if (!statements) byHandle.set(db, (statements = new Map()));
  let statement = statements.get(name) as P | undefined;
  if (statement === undefined) statements.set(name, (statement = prepare(db, name)));
  return statement;
}
