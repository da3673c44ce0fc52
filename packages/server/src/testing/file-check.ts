import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FileCheckAnswer, FileImportAnswer } from '@ebt/core/imports';
import type { DbOrTx } from '../db/client.js';
import {
  auditLog,
  benefits,
  merchantAddresses,
  merchantPrograms,
  merchants,
  notifications,
  outbox,
  recipientAccounts,
  users,
} from '../db/schema/index.js';

const TABLES = {
  auditLog,
  benefits,
  merchantAddresses,
  merchantPrograms,
  merchants,
  notifications,
  outbox,
  recipientAccounts,
  users,
};

/** Rows of every table a file import writes to: a check must leave each count as it was. */
export async function writtenRowCounts(db: DbOrTx): Promise<Record<keyof typeof TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0]!.n]),
  );
  return Object.fromEntries(entries) as Record<keyof typeof TABLES, number>;
}

/** A check's per-row outcomes tallied, to compare with its counts and with what the import then does. */
export function tally(check: FileCheckAnswer) {
  const of = (outcome: string) => check.rows.filter((r) => r.outcome === outcome).length;
  return { added: of('added'), updated: of('updated'), unchanged: of('unchanged'), rejected: of('refused') };
}

/** The counts of an import or check answer. */
export const counts = (a: FileImportAnswer) => ({
  processed: a.processed,
  added: a.added,
  updated: a.updated,
  unchanged: a.unchanged,
  rejected: a.rejected,
});

/** Expects a 200 and answers the parsed body. */
export function ok<T>(res: { statusCode: number; body: string; json(): unknown }): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
