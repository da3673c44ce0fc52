import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import {
  agencies,
  auditLog,
  benefits,
  fundingSources,
  incentives,
  merchants,
  programs,
  users,
} from './schema/index.js';
import { holdFundingSources } from '../platform/funding-sources.js';
import { makeFundingSource, makeIncentive } from '../testing/benefits.js';
import { createTestDatabase } from '../testing/database.js';
import { makeAgency, makeProgram, makeRecipient, makeUser } from '../testing/factories.js';
import { makeMerchant } from '../testing/merchants.js';

// Decision 0087 (migration 0035): a benefit's account and program are checked by one two-column key, and the audit
// log keeps its actor without a key to users. Decision 0123 (migration 0053): the rows every purchase names are kept
// by triggers instead of the keys of the rows that name them.

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

describe('the rows transactions and benefits name without a key (decision 0123)', () => {
  it('are never deleted, renumbered or truncated', async () => {
    const { db } = database;
    const program = await makeProgram(db);
    const agency = await makeAgency(db, program);
    const merchant = await makeMerchant(db);
    const incentive = await makeIncentive(db, program, await makeFundingSource(db, program));
    expect(await failure(db.delete(programs).where(eq(programs.id, program.id)))).toBe('23503');
    expect(await failure(db.delete(agencies).where(eq(agencies.id, agency.id)))).toBe('23503');
    expect(await failure(db.delete(merchants).where(eq(merchants.id, merchant.id)))).toBe('23503');
    expect(await failure(db.delete(incentives).where(eq(incentives.id, incentive.id)))).toBe('23503');
    expect(await failure(db.execute(sql`delete from transaction_types where id = 1`))).toBe('23503');
    expect(await failure(db.execute(sql`delete from response_codes where id = 1`))).toBe('23503');
    // Ids of the product's rows are generated always (428C9 on an update); the reference data's own are refused.
    expect(await failure(db.execute(sql`update response_codes set id = 999 where id = 1`))).toBe('23503');
    expect(await failure(db.execute(sql`update transaction_types set id = 99 where id = 1`))).toBe('23503');
    expect(await failure(db.execute(sql`truncate response_codes`))).toBe('23503');
    expect(await failure(db.execute(sql`truncate transaction_types`))).toBe('23503');
    // Their other columns change as before.
    await db
      .update(programs)
      .set({ name: `${program.name} renamed` })
      .where(eq(programs.id, program.id));
    const [kept] = await db.select({ name: programs.name }).from(programs).where(eq(programs.id, program.id));
    expect(kept!.name).toBe(`${program.name} renamed`);
    const [codes] = (
      (await db.execute(sql`select count(*)::int as n from response_codes where id = 1`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(codes!.n).toBe(1);
  });

  it('lets a funding source go only while no benefit names it, with its journal rows', async () => {
    const { db } = database;
    const program = await makeProgram(db);
    const account = await makeRecipient(db, { program });
    const named = await makeFundingSource(db, program);
    const unnamed = await makeFundingSource(db, program);
    await db.insert(benefits).values({ ...benefit(program.id, account.id, 'FSKEPT1'), fundingSourceId: named.id });
    // An issuance undone leaves two journal rows that sum to zero; they go with their source, as the key's cascade took
    // them, so the fold never meets a source that is gone.
    await db.execute(sql`insert into issuance_journal (program_id, day, funding_source_id, amount, count)
      values (${program.id}, '2026-11-01', ${unnamed.id}, 5, 1), (${program.id}, '2026-11-01', ${unnamed.id}, -5, -1)`);

    let refusal: unknown;
    await db
      .delete(fundingSources)
      .where(eq(fundingSources.id, named.id))
      .catch((e: unknown) => (refusal = e));
    const e = refusal as { code?: string; detail?: string; cause?: { code?: string; detail?: string } };
    expect(e.cause?.code ?? e.code).toBe('23503');
    // The detail names the source as the key's did: the program save's 409 names it from there.
    expect(e.cause?.detail ?? e.detail).toBe(`Key (id)=(${named.id}) is still referenced from table "benefits".`);

    await db.delete(fundingSources).where(eq(fundingSources.id, unnamed.id));
    const left = (
      (await db.execute(
        sql`select (select count(*) from funding_sources where id in (${named.id}, ${unnamed.id}))::int as sources,
          (select count(*) from issuance_journal where funding_source_id = ${unnamed.id})::int as journal`,
      )) as unknown as { rows: { sources: number; journal: number }[] }
    ).rows;
    expect(left).toEqual([{ sources: 1, journal: 0 }]);
  });

  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'a source a writer holds is removed only after it commits, and then refused for its benefit',
    async () => {
      const { db } = database;
      const program = await makeProgram(db);
      const account = await makeRecipient(db, { program });
      const source = await makeFundingSource(db, program);
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const writer = db.transaction(async (tx) => {
        expect(await holdFundingSources(tx, [source.id, null, source.id])).toEqual(new Set([source.id]));
        holding();
        await released;
        await tx.insert(benefits).values({ ...benefit(program.id, account.id, 'FSHELD1'), fundingSourceId: source.id });
      });
      await held;
      let removed = false;
      const removal = failure(db.delete(fundingSources).where(eq(fundingSources.id, source.id))).finally(
        () => (removed = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(removed).toBe(false);
      release();
      await writer;
      expect(await removal).toBe('23503');
      // And a writer that comes after a removal finds nothing to hold.
      const gone = await makeFundingSource(db, program);
      await db.delete(fundingSources).where(eq(fundingSources.id, gone.id));
      expect(await db.transaction((tx) => holdFundingSources(tx, [gone.id]))).toEqual(new Set());
    },
  );
});
