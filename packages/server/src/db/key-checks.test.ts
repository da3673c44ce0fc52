import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { auditLog, benefits, users } from './schema/index.js';
import { createTestDatabase } from '../testing/database.js';
import { makeProgram, makeRecipient, makeUser } from '../testing/factories.js';

// Decision 0087 (migration 0035): a benefit's account and program are checked by one two-column key, and the audit
// log keeps its actor without a key to users.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The SQLSTATE of a failed statement, through Drizzle's wrapper (the driver's error is its cause). */
async function failure(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
    return undefined;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
}

const benefit = (programId: number, accountId: number, authorizationNumber: string) => ({
  programId,
  accountId,
  authorizationNumber,
  availableDate: '2026-11-01',
  expirationDate: '2026-12-31',
  amount: '20.00',
  balance: '20.00',
});

describe('benefits_account_program_fk', () => {
  it("takes a benefit in its account's program and refuses one in another program", async () => {
    const { db } = database;
    const [home, other] = [await makeProgram(db), await makeProgram(db)];
    const account = await makeRecipient(db, { program: home });
    await db.insert(benefits).values(benefit(home.id, account.id, 'KEYOK1'));
    expect(await failure(db.insert(benefits).values(benefit(other.id, account.id, 'KEYBAD1')))).toBe('23503');
    // An account that does not exist is refused as before.
    expect(await failure(db.insert(benefits).values(benefit(home.id, 2_000_000_000, 'KEYBAD2')))).toBe('23503');
    const stored = await db
      .select({ n: benefits.authorizationNumber })
      .from(benefits)
      .where(eq(benefits.accountId, account.id));
    expect(stored.map((r) => r.n)).toEqual(['KEYOK1']);
  });
});

describe('audit_log.actor_user_id', () => {
  it('keeps the actor an entry was written with when the user row goes', async () => {
    const { db } = database;
    const user = await makeUser(db);
    const [entry] = await db
      .insert(auditLog)
      .values({ actorUserId: user.id, action: 'update', entity: 'program', entityId: 'x' })
      .returning();
    await db.delete(users).where(eq(users.id, user.id));
    const [kept] = await db.select({ actor: auditLog.actorUserId }).from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(kept!.actor).toBe(user.id);
  });
});
