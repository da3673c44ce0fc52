import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import type { DbOrTx } from '../db/client.js';
import { useTestApp } from '../testing/app.js';
import { makeProgram } from '../testing/factories.js';
import { replanStatements } from './import-sql.js';

// Decision 0095: a foreign key's check is planned once a connection and kept. Planned while `users` was small, the
// accounts' check of their user reads the whole table for each account; an import that grows `users` in its own
// transaction would pay, for every account, for every user before it. replanStatements makes the next check be
// planned for the table as it is.
const t = useTestApp();

/** Users read by sequential scan so far in this transaction, on this connection. */
async function usersReadWhole(tx: DbOrTx): Promise<number> {
  const result = await tx.execute(sql`select seq_tup_read from pg_stat_xact_user_tables where relname = 'users'`);
  return Number((result as unknown as { rows: { seq_tup_read: number }[] }).rows[0]?.seq_tup_read ?? 0);
}

/** `count` recipients as the account file writes them: each one's user, then its account, in one statement. */
async function addRecipients(tx: DbOrTx, programId: number, run: string, count: number) {
  await tx.execute(sql`
    with u as (
      insert into users (username, email, first_name, last_name, role_id, program_ids)
      select ${run} || g, ${run} || g || '@example.com', 'Plan', 'Test', ${ROLE.RECIPIENT}, array[${programId}::int]
      from generate_series(1, ${count}::int) g
      returning id, username
    )
    insert into recipient_accounts (program_id, user_id, recipient_identifier, first_name, last_name)
    select ${programId}::int, id, username, 'Plan', 'Test' from u`);
}

class RolledBack extends Error {}

/** Users read whole while 2,000 recipients are added after a first part of 50, in a transaction rolled back. */
async function readsAfterFirstPart(programId: number, run: string, replan: boolean): Promise<number> {
  const { db } = t.database;
  // The users table as a new deployment has it: a handful of rows, vacuumed, so a plan made for it reads it whole.
  await db.execute(sql`vacuum analyze users`);
  let reads = 0;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`discard plans`); // no plan this connection kept from before the test
      await addRecipients(tx, programId, `${run}a`, 50);
      if (replan) await replanStatements(tx);
      const before = await usersReadWhole(tx);
      await addRecipients(tx, programId, `${run}b`, 2000);
      reads = (await usersReadWhole(tx)) - before;
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return reads;
}

describe('replanStatements (decision 0095)', () => {
  it("plans the accounts' check of their user again for a users table grown in the transaction", async () => {
    const program = await makeProgram(t.database.db);
    // Without it, the check kept from the first part reads every user so far for each of the 2,000 accounts:
    // millions of rows. With it, the check probes the primary key: no user is read by a sequential scan.
    expect(await readsAfterFirstPart(program.id, 'kept', false)).toBeGreaterThan(1_000_000);
    expect(await readsAfterFirstPart(program.id, 'replanned', true)).toBeLessThan(10_000);
  });
});
