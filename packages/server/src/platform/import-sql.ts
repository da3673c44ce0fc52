import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

// What the file imports' set-based statements share: a whole file's keys or rows go to the database as a few arrays
// or JSON parameters per statement, cut into parts so no statement grows without bound.

/**
 * The items in parts of at most `size`, in order. With `firstSize`, the first part is that size: a pipeline that
 * builds each part while the database writes the one before waits for the first part alone, so a small one starts
 * the database sooner.
 */
export function chunks<T>(items: readonly T[], size: number, firstSize = size): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += i === 0 ? firstSize : size)
    out.push(items.slice(i, i + (i === 0 ? firstSize : size)));
  return out;
}

/**
 * Makes this connection plan its statements again at their next run, the foreign keys' checks among them (decision
 * 0095). PostgreSQL plans a foreign key's check once a connection and keeps the plan. Planned while the referenced
 * table was small (a new deployment's users, a program's first accounts), the check reads that table whole for
 * every row it checks; a file that grows the table in its own transaction then pays, for each row, for every row
 * before it (a 1 MB account file took 7-9 s instead of 2.5). `discard plans` drops the kept plans and nothing else
 * (prepared statements stay prepared), so the next check is planned for the table as it is then.
 */
export async function replanStatements(db: DbOrTx): Promise<void> {
  await db.execute(sql`discard plans`);
}
