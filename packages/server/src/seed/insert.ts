import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';

/** Rows per INSERT: well under PostgreSQL's 65535 bind parameters for the widest table (transactions, 31 columns). */
const BATCH = 1000;

export async function insertRows<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(table).values(rows.slice(i, i + BATCH));
}

/**
 * Inserts in batches and answers a map from a unique key column (uuid, PAN hash) to the new identity id, so
 * children refer to their parents without relying on the order of RETURNING rows.
 */
export async function insertKeyed<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: PgInsertValue<T>[],
  key: PgColumn,
  id: PgColumn,
): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  for (let i = 0; i < rows.length; i += BATCH) {
    const returned = (await tx
      .insert(table)
      .values(rows.slice(i, i + BATCH))
      .returning({ key, id })) as { key: unknown; id: unknown }[];
    for (const r of returned) map.set(String(r.key), Number(r.id));
  }
  return map;
}
