import { and, count, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_SEARCH_CAP } from '@ebt/core/applicants';
import { PROGRAM_STATUS, ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { RECIPIENT_MESSAGES } from '@ebt/core/recipients';
import { applicants, auditLog, programs, recipientAccounts, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeApplicant, makeApplication, makeProgram, makeRecipient, makeUser } from '../../testing/factories.js';
import { buildWorld } from '../../testing/world.js';

// The staff applicant screens (B§2, B§5, B§7; decision 0013): the programs list, the search of pending applicants,
// and processing one through POST /account-api/account with its applicantId.

const t = useTestApp();

/**
 * Programs A and B take online applications, program C does not. Program A has agency A1. One signed-in user per
 * role; the agency user holds no PROCESS_APPLICANT.
 */
async function makeWorld() {
  const world = await buildWorld(t, {
    programs: {
      programA: { name: 'Alpha Farmers Market' },
      programB: { name: 'Beta Farmers Market' },
      programC: { name: 'Gamma Without Applications' },
    },
    agencies: { a1: { program: 'programA' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA', 'programC'] },
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      recipient: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB, programC } = world.programs;
  await makeApplication(t.database.db, [programA, programB]);
  return { programA, programB, programC, a1: world.agencies.a1, tokens: world.tokens };
}
type World = Awaited<ReturnType<typeof makeWorld>>;

const search = (token: string | null, query: Record<string, string | number>) =>
  t.injectAs(token, {
    method: 'GET',
    url: '/account-api/applicant',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });

const lastnames = (res: { json: () => { data: { lastname: string }[] } }) => res.json().data.map((r) => r.lastname);

describe('GET /account-api/application/programs', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  const programsOf = (token: string | null) =>
    t.injectAs(token, { method: 'GET', url: '/account-api/application/programs' });

  it("answers the caller's programs that take applications, by name", async () => {
    const res = await programsOf(w.tokens.programAdminA);
    expect(res.statusCode).toBe(200);
    // Program C is the admin's too, but takes no online application.
    expect(res.json()).toEqual([
      { programId: w.programA.id, programName: 'Alpha Farmers Market', programUuid: w.programA.uuid },
    ]);
    expect((await programsOf(w.tokens.agencyAdminA1)).json().map((p: { programId: number }) => p.programId)).toEqual([
      w.programA.id,
    ]);
    expect((await programsOf(w.tokens.programAdminB)).json().map((p: { programId: number }) => p.programId)).toEqual([
      w.programB.id,
    ]);
    const all = (await programsOf(w.tokens.platformAdmin)).json().map((p: { programId: number }) => p.programId);
    expect(all).toEqual(expect.arrayContaining([w.programA.id, w.programB.id]));
    expect(all).not.toContain(w.programC.id);
  });

  it('refuses callers without PROCESS_APPLICANT (403) and without a session (401)', async () => {
    expect((await programsOf(w.tokens.agencyUserA1)).statusCode).toBe(403);
    expect((await programsOf(w.tokens.recipient)).statusCode).toBe(403);
    expect((await programsOf(null)).statusCode).toBe(401);
  });
});

describe('GET /account-api/applicant (search)', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
    const { db } = t.database;
    const at = (day: number) => new Date(Date.UTC(2026, 9, day, 12));
    await makeApplicant(db, {
      program: w.programA,
      firstName: 'Rosa',
      lastName: 'Quimby',
      email: 'Rosa.Q@Example.com',
      mobilePhone: '8605550101',
      createdAt: at(1),
    });
    await makeApplicant(db, {
      program: w.programA,
      firstName: 'rowan',
      lastName: 'quill',
      email: 'rowan@example.com',
      mobilePhone: '8605550102',
      createdAt: at(3),
    });
    await makeApplicant(db, {
      program: w.programA,
      firstName: 'Sam',
      lastName: 'Qu%ark',
      mobilePhone: '2035550199',
      createdAt: at(2),
    });
    // Processed: never listed.
    const account = await makeRecipient(db, { program: w.programA });
    await makeApplicant(db, {
      program: w.programA,
      firstName: 'Rory',
      lastName: 'Quayle',
      processedAccountId: account.id,
      processedAt: at(4),
      createdAt: at(1),
    });
    // Another program's applicants with matching names.
    await makeApplicant(db, {
      program: w.programB,
      firstName: 'Rosa',
      lastName: 'Quimby',
      mobilePhone: '8605550101',
      createdAt: at(5),
    });
  });

  it('matches first and last name and e-mail as case-insensitive prefixes, newest first', async () => {
    const byFirst = await search(w.tokens.programAdminA, { firstname: 'RO' });
    expect(byFirst.statusCode).toBe(200);
    expect(lastnames(byFirst)).toEqual(['quill', 'Quimby']);
    expect(lastnames(await search(w.tokens.programAdminA, { lastname: 'qui' }))).toEqual(['quill', 'Quimby']);
    expect(lastnames(await search(w.tokens.programAdminA, { email: 'rosa.q@' }))).toEqual(['Quimby']);
    expect(lastnames(await search(w.tokens.programAdminA, { firstname: 'ro', lastname: 'quim' }))).toEqual(['Quimby']);
  });

  it('answers every field the screen shows and the add form is prefilled from', async () => {
    const res = await search(w.tokens.programAdminA, { email: 'rosa.q@example.com' });
    expect(res.json()).toEqual({
      data: [
        {
          applicantId: expect.any(Number),
          firstname: 'Rosa',
          middlename: null,
          lastname: 'Quimby',
          address1: '12 Elm Street',
          address2: null,
          city: 'Hartford',
          stateId: 'CT',
          zipcode: '06103',
          email: 'Rosa.Q@Example.com',
          mobilePhone: '8605550101',
          programId: w.programA.id,
          programUuid: w.programA.uuid,
          programName: 'Alpha Farmers Market',
          programStatusId: PROGRAM_STATUS.ENABLED,
          createdDate: '2026-10-01T12:00:00.000Z',
        },
      ],
      totalCount: 1,
      countCapped: false,
    });
  });

  it('matches the phone by its digits, whatever separators are typed', async () => {
    expect(lastnames(await search(w.tokens.programAdminA, { mobilePhone: '(860) 555-010' }))).toEqual([
      'quill',
      'Quimby',
    ]);
    expect(lastnames(await search(w.tokens.programAdminA, { mobilePhone: '2035550199' }))).toEqual(['Qu%ark']);
  });

  it('reads % and _ typed in a name as themselves', async () => {
    expect(lastnames(await search(w.tokens.programAdminA, { lastname: 'qu%' }))).toEqual(['Qu%ark']);
    expect(lastnames(await search(w.tokens.programAdminA, { lastname: 'q_' }))).toEqual([]);
  });

  it('lists a whole program with the program alone', async () => {
    expect(lastnames(await search(w.tokens.programAdminA, { programId: w.programA.id }))).toEqual([
      'quill',
      'Qu%ark',
      'Quimby',
    ]);
  });

  it('never lists processed applicants', async () => {
    expect(lastnames(await search(w.tokens.platformAdmin, { lastname: 'quay' }))).toEqual([]);
  });

  it("keeps to the caller's programs: another program's applicants are invisible", async () => {
    // Same name in program B: program admin A sees only A's.
    const res = await search(w.tokens.programAdminA, { lastname: 'quimby' });
    expect(res.json().data.map((r: { programId: number }) => r.programId)).toEqual([w.programA.id]);
    // Asking for program B by id answers nothing, as a missing program does.
    expect((await search(w.tokens.programAdminA, { programId: w.programB.id })).json()).toEqual({
      data: [],
      totalCount: 0,
      countCapped: false,
    });
    expect((await search(w.tokens.programAdminA, { programId: 999_999 })).json().data).toEqual([]);
    // Agency staff see the applicants of their agencies' programs.
    expect(lastnames(await search(w.tokens.agencyAdminA1, { lastname: 'quimby' }))).toEqual(['Quimby']);
    expect(
      (await search(w.tokens.programAdminB, { lastname: 'quimby' }))
        .json()
        .data.map((r: { programId: number }) => r.programId),
    ).toEqual([w.programB.id]);
    // The platform admin sees both.
    expect((await search(w.tokens.platformAdmin, { lastname: 'quimby' })).json().totalCount).toBe(2);
  });

  it("answers 400 'At least one field must be entered.' without a criterion", async () => {
    const queries: Record<string, string>[] = [{}, { firstname: '  ', programId: '' }, { mobilePhone: '()-' }];
    for (const query of queries) {
      const res = await search(w.tokens.programAdminA, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toBe(MESSAGES.AT_LEAST_ONE_FIELD);
    }
  });

  it('answers 400 for a criterion past its limit, and takes one at it', async () => {
    for (const [field, max] of [
      ['firstname', 100],
      ['lastname', 100],
      ['email', 255],
      ['mobilePhone', 20],
    ] as const) {
      const over = await search(w.tokens.programAdminA, { [field]: '9'.repeat(max + 1) });
      expect(over.statusCode, field).toBe(400);
      expect(over.json().errorMessages[0].field).toBe(field);
      expect(over.json().errorMessages[0].appErrorMessage).toBe(`Must be at most ${max} characters.`);
      expect((await search(w.tokens.programAdminA, { [field]: '9'.repeat(max) })).statusCode, field).toBe(200);
    }
    expect((await search(w.tokens.programAdminA, { programId: 'abc' })).statusCode).toBe(400);
  });

  it('refuses callers without PROCESS_APPLICANT (403) and without a session (401)', async () => {
    expect((await search(w.tokens.agencyUserA1, { lastname: 'q' })).statusCode).toBe(403);
    expect((await search(w.tokens.recipient, { lastname: 'q' })).statusCode).toBe(403);
    expect((await search(null, { lastname: 'q' })).statusCode).toBe(401);
  });
});

describe('GET /account-api/applicant (cap)', () => {
  it(`answers at most ${APPLICANT_SEARCH_CAP} rows, newest first, and says when more match`, async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
    const rows = Array.from({ length: APPLICANT_SEARCH_CAP + 1 }, (_, i) => ({
      programId: program.id,
      firstName: 'Many',
      lastName: `Capped${String(i).padStart(4, '0')}`,
      address1: '1 Main',
      city: 'Hartford',
      stateCode: 'CT',
      zipcode: '06103',
      email: `capped${i}@example.com`,
      mobilePhone: '8605550000',
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    }));
    await db.insert(applicants).values(rows);
    const res = await search(await t.signIn(admin.username), { programId: program.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(APPLICANT_SEARCH_CAP);
    expect(body.totalCount).toBe(APPLICANT_SEARCH_CAP);
    expect(body.countCapped).toBe(true);
    // Newest first: the oldest one is the one left out.
    expect(body.data[0].lastname).toBe(`Capped${APPLICANT_SEARCH_CAP}`);
    expect(body.data.at(-1).lastname).toBe('Capped0001');
  });
});

describe('processing an applicant (POST /account-api/account with applicantId)', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  const recipientFrom = (applicant: typeof applicants.$inferSelect, overrides: Record<string, unknown> = {}) => ({
    firstname: applicant.firstName,
    middlename: applicant.middleName ?? '',
    lastname: applicant.lastName,
    address1: applicant.address1,
    address2: applicant.address2 ?? '',
    city: applicant.city,
    stateCode: applicant.stateCode,
    zipcode: applicant.zipcode,
    email: applicant.email,
    mobilePhone: applicant.mobilePhone,
    cardIssuanceCode: false,
    creationChannel: 'WEB',
    applicantId: applicant.id,
    ...overrides,
  });
  const processApplicant = (token: string, body: Record<string, unknown>) =>
    t.injectAs(token, { method: 'POST', url: '/account-api/account', payload: body });

  /** Rows a refused process must leave as they were. */
  async function snapshot(applicantId: number) {
    const { db } = t.database;
    const [accounts] = await db.select({ n: count() }).from(recipientAccounts);
    const [people] = await db.select({ n: count() }).from(users);
    // Refusals are audited themselves (platform/refusal-audit.ts): count the rows of changes.
    const [audits] = await db.select({ n: count() }).from(auditLog).where(ne(auditLog.action, 'access-denied'));
    const [applicant] = await db.select().from(applicants).where(eq(applicants.id, applicantId));
    return {
      accounts: accounts!.n,
      users: people!.n,
      audits: audits!.n,
      processedAccountId: applicant!.processedAccountId,
      processedAt: applicant!.processedAt,
    };
  }

  it('creates the recipient, links the applicant to it and hides it from the search', async () => {
    const { db } = t.database;
    const applicant = await makeApplicant(db, { program: w.programA, lastName: 'Processme' });
    expect(lastnames(await search(w.tokens.programAdminA, { lastname: 'processme' }))).toEqual(['Processme']);

    const res = await processApplicant(
      w.tokens.programAdminA,
      recipientFrom(applicant, { programUuid: w.programA.uuid }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json();
    const [account] = await db.select().from(recipientAccounts).where(eq(recipientAccounts.uuid, created.accountUuid));
    const [linked] = await db.select().from(applicants).where(eq(applicants.id, applicant.id));
    expect(account).toMatchObject({
      applicantId: applicant.id,
      programId: w.programA.id,
      lastName: 'Processme',
      creationChannel: 'WEB',
    });
    expect(linked!.processedAccountId).toBe(account!.id);
    expect(linked!.processedAt).toEqual(t.clock.now());
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'applicant'), eq(auditLog.entityId, applicant.uuid), eq(auditLog.action, 'process')),
      );
    expect(audit!.after).toMatchObject({ processedAccountUuid: created.accountUuid });

    expect((await search(w.tokens.programAdminA, { lastname: 'processme' })).json().data).toEqual([]);
    // The recipient is there for the recipient search.
    const found = await t.injectAs(w.tokens.programAdminA, {
      method: 'GET',
      url: '/account-api/account',
      query: { lastname: 'processme' },
    });
    expect(found.json().data.map((r: { accountUuid: string }) => r.accountUuid)).toEqual([created.accountUuid]);
  });

  it('answers 409 for an applicant processed already, and changes nothing', async () => {
    const { db } = t.database;
    const applicant = await makeApplicant(db, { program: w.programA });
    expect(
      (
        await processApplicant(
          w.tokens.agencyAdminA1,
          recipientFrom(applicant, { programUuid: w.programA.uuid, agencyUuid: w.a1.uuid }),
        )
      ).statusCode,
    ).toBe(201);
    const before = await snapshot(applicant.id);
    const again = await processApplicant(
      w.tokens.programAdminA,
      recipientFrom(applicant, { programUuid: w.programA.uuid, email: 'someone.else@example.com' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RECIPIENT_MESSAGES.APPLICANT_ALREADY_PROCESSED);
    expect(await snapshot(applicant.id)).toEqual(before);
  });

  it("answers 404 for an applicant of another caller's program, as for a missing one, and changes nothing", async () => {
    const { db } = t.database;
    const applicantB = await makeApplicant(db, { program: w.programB });
    const before = await snapshot(applicantB.id);
    const res = await processApplicant(
      w.tokens.programAdminA,
      recipientFrom(applicantB, { programUuid: w.programA.uuid }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(RECIPIENT_MESSAGES.APPLICANT_NOT_FOUND);
    const missing = await processApplicant(
      w.tokens.programAdminA,
      recipientFrom({ ...applicantB, id: 2_000_000_000 }, { programUuid: w.programA.uuid }),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(RECIPIENT_MESSAGES.APPLICANT_NOT_FOUND);
    expect(await snapshot(applicantB.id)).toEqual(before);
  });

  it('answers 400 when the applicant applied to another program than the one chosen', async () => {
    const { db } = t.database;
    const applicantB = await makeApplicant(db, { program: w.programB });
    const before = await snapshot(applicantB.id);
    const res = await processApplicant(
      w.tokens.platformAdmin,
      recipientFrom(applicantB, { programUuid: w.programA.uuid }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RECIPIENT_MESSAGES.APPLICANT_OTHER_PROGRAM);
    expect(await snapshot(applicantB.id)).toEqual(before);
  });

  it('answers 403 without PROCESS_APPLICANT, and changes nothing', async () => {
    const { db } = t.database;
    const applicant = await makeApplicant(db, { program: w.programA });
    const before = await snapshot(applicant.id);
    const res = await processApplicant(
      w.tokens.agencyUserA1,
      recipientFrom(applicant, { programUuid: w.programA.uuid, agencyUuid: w.a1.uuid }),
    );
    expect(res.statusCode).toBe(403);
    expect(await snapshot(applicant.id)).toEqual(before);
  });

  it("lists an applicant of a disabled program with the program's status, and refuses to process it", async () => {
    const { db } = t.database;
    const program = await makeProgram(db, { name: 'Delta Farmers Market' });
    await makeApplication(db, [program]);
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
    const token = await t.signIn(admin.username);
    const applicant = await makeApplicant(db, { program, lastName: 'Waitingondelta' });
    await db.update(programs).set({ statusId: PROGRAM_STATUS.DISABLED }).where(eq(programs.id, program.id));

    // Still pending, so still listed; the status lets the screen disable 'Process' (decision 0013).
    const listed = await search(token, { lastname: 'waitingondelta' });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ applicantId: applicant.id, programStatusId: PROGRAM_STATUS.DISABLED }),
    ]);

    const before = await snapshot(applicant.id);
    const res = await processApplicant(token, recipientFrom(applicant, { programUuid: program.uuid }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessages[0]).toMatchObject({
      field: 'programUuid',
      appErrorMessage: RECIPIENT_MESSAGES.PROGRAM_NOT_ENABLED,
    });
    expect(await snapshot(applicant.id)).toEqual(before);
  });

  it('leaves the applicant pending when a later step refuses the recipient (e-mail in use)', async () => {
    const { db } = t.database;
    await makeRecipient(db, { program: w.programA, email: 'taken.by.recipient@example.com' });
    const applicant = await makeApplicant(db, {
      program: w.programA,
      email: 'taken.by.recipient@example.com',
      lastName: 'Stillpending',
    });
    const before = await snapshot(applicant.id);
    const res = await processApplicant(
      w.tokens.programAdminA,
      recipientFrom(applicant, { programUuid: w.programA.uuid }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.RECIPIENT_EMAIL_EXISTS);
    expect(await snapshot(applicant.id)).toEqual(before);
    expect(lastnames(await search(w.tokens.programAdminA, { lastname: 'stillpending' }))).toEqual(['Stillpending']);
  });
});
