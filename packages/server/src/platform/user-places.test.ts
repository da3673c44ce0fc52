import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import type { Database } from '../db/client.js';
import { recipientAccounts, userAgencies, userPrograms, users } from '../db/schema/index.js';
import { createTestDatabase } from '../testing/database.js';
import { makeAgency, makeProgram, makeRecipient, makeUser } from '../testing/factories.js';

// users.program_ids and users.agency_ids follow the link tables through the triggers of migration 0012 (decision
// 0032): the user scope (platform/user-scope.ts) tests them, so a link the arrays missed would hide a user from the
// staff of its program or agency, and a link they kept after it went would show one to staff who may not see it.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

async function placesOf(userId: number) {
  const [row] = await database.db
    .select({ programIds: users.programIds, agencyIds: users.agencyIds })
    .from(users)
    .where(eq(users.id, userId));
  return { programs: sorted(row!.programIds), agencies: sorted(row!.agencyIds) };
}

describe('users.program_ids and users.agency_ids', () => {
  it('follow staff links: a program link, an agency link (and its program), and their removal', async () => {
    const { db } = database;
    const [p, q] = [await makeProgram(db), await makeProgram(db)];
    const [a, b] = [await makeAgency(db, p), await makeAgency(db, q)];
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [p, q] });
    const staff = await makeUser(db, { roleId: ROLE.AGENCY_USER, agencies: [a, b] });
    expect(await placesOf(admin.id)).toEqual({ programs: sorted([p.id, q.id]), agencies: [] });
    expect(await placesOf(staff.id)).toEqual({ programs: sorted([p.id, q.id]), agencies: sorted([a.id, b.id]) });

    await db.delete(userPrograms).where(eq(userPrograms.programId, p.id));
    await db.delete(userAgencies).where(eq(userAgencies.agencyId, b.id));
    expect(await placesOf(admin.id)).toEqual({ programs: [q.id], agencies: [] });
    expect(await placesOf(staff.id)).toEqual({ programs: [p.id], agencies: [a.id] });
  });

  it('keep a program that still reaches the user another way when one link goes', async () => {
    const { db } = database;
    const p = await makeProgram(db);
    const a = await makeAgency(db, p);
    const user = await makeUser(db, { roleId: ROLE.AGENCY_ADMIN, programs: [p], agencies: [a] });
    await db.delete(userAgencies).where(eq(userAgencies.userId, user.id));
    expect(await placesOf(user.id)).toEqual({ programs: [p.id], agencies: [] });
    await db.delete(userPrograms).where(eq(userPrograms.userId, user.id));
    expect(await placesOf(user.id)).toEqual({ programs: [], agencies: [] });
  });

  it('follow recipient accounts: added in one statement for many users, moved, unlinked and deleted', async () => {
    const { db } = database;
    const [p, q] = [await makeProgram(db), await makeProgram(db)];
    const [a, b] = [await makeAgency(db, p), await makeAgency(db, p)];
    const one = await makeUser(db, { roleId: ROLE.RECIPIENT });
    const two = await makeUser(db, { roleId: ROLE.RECIPIENT });
    const account = await makeRecipient(db, { program: p, agency: a, user: one });
    await makeRecipient(db, { program: q, agency: null, user: one });
    await makeRecipient(db, { program: p, agency: b, user: two });
    expect(await placesOf(one.id)).toEqual({ programs: sorted([p.id, q.id]), agencies: [a.id] });
    expect(await placesOf(two.id)).toEqual({ programs: [p.id], agencies: [b.id] });

    // A name change moves nothing; an agency change moves the account's agency.
    await db.update(recipientAccounts).set({ firstName: 'Renamed' }).where(eq(recipientAccounts.id, account.id));
    await db.update(recipientAccounts).set({ agencyId: b.id }).where(eq(recipientAccounts.id, account.id));
    expect(await placesOf(one.id)).toEqual({ programs: sorted([p.id, q.id]), agencies: [b.id] });

    // The account handed to another user: both users' arrays follow.
    await db.update(recipientAccounts).set({ userId: two.id }).where(eq(recipientAccounts.id, account.id));
    expect(await placesOf(one.id)).toEqual({ programs: [q.id], agencies: [] });
    expect(await placesOf(two.id)).toEqual({ programs: [p.id], agencies: [b.id] });

    await db.delete(recipientAccounts).where(eq(recipientAccounts.userId, two.id));
    expect(await placesOf(two.id)).toEqual({ programs: [], agencies: [] });
  });

  it('rewrite no user whose arrays already hold its links', async () => {
    const { db } = database;
    const p = await makeProgram(db);
    const user = await makeUser(db, { roleId: ROLE.RECIPIENT });
    await makeRecipient(db, { program: p, user });
    const version = async () =>
      (
        (await db.execute(sql`select xmin::text as v from users where id = ${user.id}`)) as unknown as {
          rows: { v: string }[];
        }
      ).rows[0]!.v;
    const before = await version();
    await db.update(recipientAccounts).set({ firstName: 'Again' }).where(eq(recipientAccounts.userId, user.id));
    await makeRecipient(db, { program: p, user, recipientIdentifier: 'SECOND-ACCOUNT' });
    expect(await version()).toBe(before);
  });

  it('stay right for users this transaction made, with or without their places, and in a savepoint (decision 0093)', async () => {
    const { db } = database;
    const p = await makeProgram(db);
    const a = await makeAgency(db, p);
    const ids = await db.transaction(async (tx) => {
      // Made with the places its account gives it, as the account file makes them: the refresh is skipped.
      const made = await makeUser(tx, { roleId: ROLE.RECIPIENT, programIds: [p.id], agencyIds: [a.id] });
      await makeRecipient(tx, { program: p, agency: a, user: made });
      // Made without them, or with only the program: refreshed.
      const bare = await makeUser(tx, { roleId: ROLE.RECIPIENT });
      await makeRecipient(tx, { program: p, agency: a, user: bare });
      const half = await makeUser(tx, { roleId: ROLE.RECIPIENT, programIds: [p.id] });
      await makeRecipient(tx, { program: p, agency: a, user: half });
      // Made in a savepoint (its row carries the savepoint's id): refreshed as before.
      const saved = await tx.transaction(async (savepoint) => {
        const user = await makeUser(savepoint, { roleId: ROLE.RECIPIENT });
        await makeRecipient(savepoint, { program: p, agency: null, user });
        return user.id;
      });
      return [made.id, bare.id, half.id, saved];
    });
    for (const id of ids.slice(0, 3)) expect(await placesOf(id)).toEqual({ programs: [p.id], agencies: [a.id] });
    expect(await placesOf(ids[3]!)).toEqual({ programs: [p.id], agencies: [] });

    // What shows the refresh was skipped: a place its maker wrote without a link stays (the skip trusts the arrays the
    // transaction wrote), where a refresh, as for the same user made in a savepoint, drops it.
    const q = await makeProgram(db);
    const [trusted, refreshed] = await db.transaction(async (tx) => {
      const places = { roleId: ROLE.RECIPIENT, programIds: [p.id, q.id], agencyIds: [a.id] };
      const user = await makeUser(tx, places);
      await makeRecipient(tx, { program: p, agency: a, user });
      const inSavepoint = await tx.transaction(async (savepoint) => {
        const other = await makeUser(savepoint, places);
        await makeRecipient(savepoint, { program: p, agency: a, user: other });
        return other.id;
      });
      return [user.id, inSavepoint];
    });
    expect(await placesOf(trusted!)).toEqual({ programs: sorted([p.id, q.id]), agencies: [a.id] });
    expect(await placesOf(refreshed!)).toEqual({ programs: [p.id], agencies: [a.id] });
  });

  // A user others can see keeps the refresh's row lock even when its places already hold the new account's: it keeps
  // this account and another transaction's change of the user's links apart (the test above this one's neighbour).
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    "lock a user others can see when an account is added, though its places hold the account's",
    async () => {
      const { db } = database;
      const p = await makeProgram(db);
      const user = await makeUser(db, { roleId: ROLE.RECIPIENT });
      await makeRecipient(db, { program: p, user });
      expect(await placesOf(user.id)).toEqual({ programs: [p.id], agencies: [] });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let added!: () => void;
      const accountAdded = new Promise<void>((resolve) => (added = resolve));
      const adding = db.transaction(async (tx) => {
        await makeRecipient(tx, { program: p, user, recipientIdentifier: 'SECOND-SEEN' });
        added();
        await released;
      });
      await accountAdded;
      // The foreign key's check takes FOR KEY SHARE, which FOR SHARE does not wait for; the refresh's FOR NO KEY
      // UPDATE is what refuses it.
      const probe = db.execute(sql`select 1 from users where id = ${user.id} for share nowait`);
      await expect(probe).rejects.toMatchObject({ cause: { code: '55P03' } });
      release();
      await adding;
    },
  );

  it('keep the staff links apart by kind for the caller (users.linked_*, decision 0086), equal to the link tables', async () => {
    const { db } = database;
    const [p, q, r] = [await makeProgram(db), await makeProgram(db), await makeProgram(db)];
    const [a, b] = [await makeAgency(db, p), await makeAgency(db, q)];
    // Links of both kinds and a recipient account (no role has all three; the arrays must not mix them).
    const user = await makeUser(db, { roleId: ROLE.AGENCY_ADMIN, programs: [r], agencies: [a, b] });
    await makeRecipient(db, { program: q, agency: b, user });
    const truth = async () =>
      (
        (await db.execute(sql`
          select
            array(select program_id from user_programs where user_id = ${user.id} order by 1) as programs,
            array(select agency_id from user_agencies where user_id = ${user.id} order by 1) as agencies,
            array(select a.program_id from user_agencies ua join agencies a on a.id = ua.agency_id
                   where ua.user_id = ${user.id} order by 1) as agency_programs`)) as unknown as {
          rows: Record<string, number[]>[];
        }
      ).rows[0];
    const linked = async () => {
      const [row] = await db
        .select({
          programs: users.linkedProgramIds,
          agencies: users.linkedAgencyIds,
          agency_programs: users.linkedAgencyProgramIds,
        })
        .from(users)
        .where(eq(users.id, user.id));
      // Null when there is no link of the kind; a program may repeat: compared as sorted lists.
      return Object.fromEntries(Object.entries(row!).map(([k, ids]) => [k, sorted(ids ?? [])]));
    };
    expect(await linked()).toEqual(await truth());
    expect(await linked()).toEqual({
      programs: [r.id],
      agencies: sorted([a.id, b.id]),
      agency_programs: sorted([p.id, q.id]),
    });

    await db.delete(userAgencies).where(eq(userAgencies.agencyId, a.id));
    await db.insert(userPrograms).values({ userId: user.id, programId: q.id });
    expect(await linked()).toEqual(await truth());
    await db.update(userAgencies).set({ agencyId: a.id }).where(eq(userAgencies.userId, user.id));
    expect(await linked()).toEqual(await truth());
    await db.delete(userPrograms).where(eq(userPrograms.userId, user.id));
    await db.delete(userAgencies).where(eq(userAgencies.userId, user.id));
    expect(await linked()).toEqual({ programs: [], agencies: [], agency_programs: [] });
    const [raw] = await db.select({ programs: users.linkedProgramIds }).from(users).where(eq(users.id, user.id));
    expect(raw!.programs).toBeNull();
  });

  // Two links of one user written by two transactions at once: the second trigger waits for the first's row lock,
  // then reads the links afresh and sees the first's. Both programs arrive.
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')('keep both of two links written at once', async () => {
    const { db } = database;
    const [p, q] = [await makeProgram(db), await makeProgram(db)];
    const user = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let linked!: () => void;
    const firstLinked = new Promise<void>((resolve) => (linked = resolve));
    const first = db.transaction(async (tx) => {
      await tx.insert(userPrograms).values({ userId: user.id, programId: p.id });
      linked();
      await released;
    });
    await firstLinked;
    const second = db.transaction(async (tx) => {
      await makeRecipient(tx, { program: q, user });
    });
    // Let the second reach the user row and wait on it before the first commits.
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([first, second]);
    expect(await placesOf(user.id)).toEqual({ programs: sorted([p.id, q.id]), agencies: [] });
  });
});
