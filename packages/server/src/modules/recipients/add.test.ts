import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { RECIPIENT_MESSAGES } from '@ebt/core/recipients';
import { applicants, auditLog, recipientAccounts, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram, makeRecipient, makeUser } from '../../testing/factories.js';
import { validRecipient } from '../../testing/recipient-form.js';
import { makeRecipientWorld, type RecipientWorld } from '../../testing/recipients.js';

// One recipient: GET /account-api/account/{uuid} and POST /account-api/account (add).

const t = useTestApp();

describe('GET /account-api/account/{accountUuid}', () => {
  let w: RecipientWorld;
  beforeAll(async () => {
    w = await makeRecipientWorld(t);
  });

  it('answers the full account of part 1 §3 with the program, agency and user', async () => {
    const { db } = t.database;
    const user = await makeUser(db, { roleId: ROLE.RECIPIENT, statusId: USER_STATUS.PENDING, password: null });
    const account = await makeRecipient(db, {
      program: w.programA,
      agency: w.a1,
      user,
      middleName: 'Q',
      address2: 'Apt 2',
      cardIssuance: true,
      maxPrintedPans: 3,
    });
    const res = await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: `/account-api/account/${account.uuid}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accountUuid: account.uuid,
      recipientIdentifier: account.recipientIdentifier,
      accountStatusId: 0,
      firstname: 'Pat',
      middlename: 'Q',
      lastname: account.lastName,
      address1: '1 Elm Street',
      address2: 'Apt 2',
      city: 'Hartford',
      stateCode: 'CT',
      zipcode: '06103',
      email: account.email,
      mobilePhone: '2035550123',
      cardIssuanceCode: true,
      accountTypeId: 0,
      programId: w.programA.id,
      programUuid: w.programA.uuid,
      programName: w.programA.name,
      agencyUuid: w.a1.uuid,
      agencyName: w.a1.name,
      userUuid: user.uuid,
      username: user.username,
      applicantId: null,
      maxPrintedPans: 3,
      creationChannel: 'API',
      createdDate: account.createdAt.toISOString(),
      updatedDate: account.updatedAt.toISOString(),
    });
  });

  it('answers 404 for an account of another agency or another program, as for a missing one', async () => {
    const { db } = t.database;
    const otherAgency = await makeRecipient(db, { program: w.programA, agency: w.a2 });
    const otherProgram = await makeRecipient(db, { program: w.programB, agency: w.b1 });
    const programLevel = await makeRecipient(db, { program: w.programA, agency: null });
    const get = (token: string, uuid: string) =>
      t.injectAs(token, { method: 'GET', url: `/account-api/account/${uuid}` });
    expect((await get(w.tokens.agencyUserA1, otherAgency.uuid)).statusCode).toBe(404);
    expect((await get(w.tokens.agencyUserA1, programLevel.uuid)).statusCode).toBe(404);
    expect((await get(w.tokens.programAdminA, otherProgram.uuid)).statusCode).toBe(404);
    expect((await get(w.tokens.programAdminB, otherAgency.uuid)).statusCode).toBe(404);
    const missing = await get(w.tokens.platformAdmin, crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(RECIPIENT_MESSAGES.RECIPIENT_NOT_FOUND);
    expect((await get(w.tokens.programAdminA, programLevel.uuid)).statusCode).toBe(200);
    expect((await get(w.tokens.platformAdmin, otherProgram.uuid)).statusCode).toBe(200);
    expect((await get(w.tokens.recipient, otherProgram.uuid)).statusCode).toBe(403);
  });
});

describe('POST /account-api/account (add)', () => {
  let w: RecipientWorld;
  beforeAll(async () => {
    w = await makeRecipientWorld(t);
  });

  const add = (token: string, payload: Record<string, unknown>) =>
    t.injectAs(token, { method: 'POST', url: '/account-api/account', payload });

  it('creates the account with a generated Account ID, a Pending recipient user and an audit row', async () => {
    const { db } = t.database;
    const body = validRecipient();
    const res = await add(w.tokens.agencyUserA1, { ...body, programUuid: w.programA.uuid, agencyUuid: w.a1.uuid });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      recipientIdentifier: expect.stringMatching(/^\d{8}$/),
      programId: w.programA.id,
      accountUuid: expect.any(String),
    });

    const [account] = await db.select().from(recipientAccounts).where(eq(recipientAccounts.uuid, created.accountUuid));
    expect(account).toMatchObject({
      programId: w.programA.id,
      agencyId: w.a1.id,
      recipientIdentifier: created.recipientIdentifier,
      statusId: 0,
      accountTypeId: 0,
      firstName: 'Margaret',
      middleName: 'A',
      address2: null,
      stateCode: 'CT',
      zipcode: '06103-1234',
      email: body.email,
      mobilePhone: '2035550147',
      cardIssuance: true,
      creationChannel: 'API',
    });
    const [user] = await db.select().from(users).where(eq(users.id, account!.userId!));
    expect(user).toMatchObject({
      roleId: ROLE.RECIPIENT,
      statusId: USER_STATUS.PENDING,
      email: body.email,
      firstName: 'Margaret',
      lastName: 'Kowalski',
      mobile: '2035550147',
      passwordHash: null,
      emailVerified: false,
    });
    expect(user!.username).toMatch(/^[a-z][a-z0-9]{7,19}$/);
    expect(user!.username).toBe(`mkowalski${created.recipientIdentifier}`);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'recipient_account'), eq(auditLog.entityId, created.accountUuid)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorUserId: w.users.agencyUserA1.id });

    const detail = await t.injectAs(w.tokens.agencyUserA1, {
      method: 'GET',
      url: `/account-api/account/${created.accountUuid}`,
    });
    expect(detail.json()).toMatchObject({
      userUuid: user!.uuid,
      username: user!.username,
      recipientIdentifier: created.recipientIdentifier,
    });
  });

  it('gives each new account of a program the next Account ID, also under concurrent adds', async () => {
    const program = await makeProgram(t.database.db);
    const token = await t.signIn(
      (await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] })).username,
    );
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        add(token, { ...validRecipient({ lastname: `Parallel${i}` }), programUuid: program.uuid }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const identifiers = responses.map((r) => r.json().recipientIdentifier).sort();
    expect(identifiers).toEqual(['10000001', '10000002', '10000003', '10000004', '10000005', '10000006']);
    // Another program counts on its own.
    const other = await add(w.tokens.programAdminB, { ...validRecipient(), programUuid: w.programB.uuid });
    expect(other.json().recipientIdentifier).toBe('10000001');
  });

  it("answers 409 'Email already exists.' on the email field for an e-mail used in the program, any case", async () => {
    const { db } = t.database;
    await makeRecipient(db, { program: w.programA, agency: w.a2, email: 'Taken@Example.com' });
    const res = await add(w.tokens.programAdminA, {
      ...validRecipient({ email: 'taken@example.COM' }),
      programUuid: w.programA.uuid,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: 409,
      message: MESSAGES.RECIPIENT_EMAIL_EXISTS,
      errorMessages: [{ field: 'email', appErrorMessage: 'Email already exists.' }],
    });
    // The same e-mail in another program is fine.
    const elsewhere = await add(w.tokens.programAdminB, {
      ...validRecipient({ email: 'taken@example.com' }),
      programUuid: w.programB.uuid,
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('requires an agency of their own from agency staff', async () => {
    const missing = await add(w.tokens.agencyUserA1, { ...validRecipient(), programUuid: w.programA.uuid });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorMessages[0]).toMatchObject({
      field: 'agencyUuid',
      appErrorMessage: MESSAGES.AGENCY_REQUIRED,
    });
    const notTheirs = await add(w.tokens.agencyUserA1, {
      ...validRecipient(),
      programUuid: w.programA.uuid,
      agencyUuid: w.a2.uuid,
    });
    expect(notTheirs.statusCode).toBe(404);
    // Program admins may add a program-level account.
    const programLevel = await add(w.tokens.programAdminA, { ...validRecipient(), programUuid: w.programA.uuid });
    expect(programLevel.statusCode).toBe(201);
  });

  it('refuses an agency of another program and a program outside the scope', async () => {
    const wrongAgency = await add(w.tokens.platformAdmin, {
      ...validRecipient(),
      programUuid: w.programA.uuid,
      agencyUuid: w.b1.uuid,
    });
    expect(wrongAgency.statusCode).toBe(400);
    expect(wrongAgency.json().message).toBe(RECIPIENT_MESSAGES.AGENCY_NOT_IN_PROGRAM);
    const otherProgram = await add(w.tokens.programAdminA, { ...validRecipient(), programUuid: w.programB.uuid });
    expect(otherProgram.statusCode).toBe(404);
  });

  it('refuses a disabled program', async () => {
    const disabled = await makeProgram(t.database.db, { statusId: 1 });
    const res = await add(w.tokens.platformAdmin, { ...validRecipient(), programUuid: disabled.uuid });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessages[0]).toMatchObject({
      field: 'programUuid',
      appErrorMessage: RECIPIENT_MESSAGES.PROGRAM_NOT_ENABLED,
    });
  });

  it('lets only platform admins set the account type; it is dropped for everyone else', async () => {
    const { db } = t.database;
    const typeOf = async (uuid: string) =>
      (await db.select().from(recipientAccounts).where(eq(recipientAccounts.uuid, uuid)))[0]!.accountTypeId;
    const byAdmin = await add(w.tokens.platformAdmin, {
      ...validRecipient(),
      programUuid: w.programA.uuid,
      accountTypeId: 1,
    });
    expect(await typeOf(byAdmin.json().accountUuid)).toBe(1);
    const byProgramAdmin = await add(w.tokens.programAdminA, {
      ...validRecipient(),
      programUuid: w.programA.uuid,
      accountTypeId: 1,
    });
    expect(byProgramAdmin.statusCode).toBe(201);
    expect(await typeOf(byProgramAdmin.json().accountUuid)).toBe(0);
  });

  it('checks recipientProgramIdentifier against the program', async () => {
    const ok = await add(w.tokens.programAdminA, {
      ...validRecipient(),
      programUuid: w.programA.uuid,
      recipientProgramIdentifier: w.programA.shortName.toLowerCase(),
    });
    expect(ok.statusCode).toBe(201);
    const byId = await add(w.tokens.programAdminA, {
      ...validRecipient(),
      programUuid: w.programA.uuid,
      recipientProgramIdentifier: w.programA.id,
    });
    expect(byId.statusCode).toBe(201);
    const wrong = await add(w.tokens.programAdminA, {
      ...validRecipient(),
      programUuid: w.programA.uuid,
      recipientProgramIdentifier: w.programB.shortName,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorMessages[0].field).toBe('recipientProgramIdentifier');
  });

  it('validates the fields of part 1 §5', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstname: '' }, 'firstname'],
      [{ firstname: 'a'.repeat(101) }, 'firstname'],
      [{ lastname: '  ' }, 'lastname'],
      [{ middlename: 'AB' }, 'middlename'],
      [{ address1: '' }, 'address1'],
      [{ address1: 'a'.repeat(61) }, 'address1'],
      [{ address2: 'a'.repeat(61) }, 'address2'],
      [{ city: '' }, 'city'],
      [{ stateCode: 'XX' }, 'stateCode'],
      [{ zipcode: '0610' }, 'zipcode'],
      [{ zipcode: '06103-12' }, 'zipcode'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'email'],
      [{ mobilePhone: '555-0147' }, 'mobilePhone'],
      [{ cardIssuanceCode: 'yes' }, 'cardIssuanceCode'],
    ];
    for (const [override, field] of cases) {
      const res = await add(w.tokens.platformAdmin, { ...validRecipient(override), programUuid: w.programA.uuid });
      expect({ override, status: res.statusCode }).toEqual({ override, status: 400 });
      expect(res.json().errorMessages.map((e: { field?: string }) => e.field)).toContain(field);
    }
    const invalidEmail = await add(w.tokens.platformAdmin, {
      ...validRecipient({ email: 'x@y' }),
      programUuid: w.programA.uuid,
    });
    expect(invalidEmail.json().errorMessages[0]).toMatchObject({
      appErrorMessage: MESSAGES.INVALID_EMAIL,
      field: 'email',
    });
    const noProgram = await add(w.tokens.platformAdmin, validRecipient());
    expect(noProgram.statusCode).toBe(400);
  });

  it('links and marks the applicant it is made from, once', async () => {
    const { db } = t.database;
    const [applicant] = await db
      .insert(applicants)
      .values({
        programId: w.programA.id,
        firstName: 'Ada',
        lastName: 'Applicant',
        address1: '1 Main',
        city: 'Hartford',
        stateCode: 'CT',
        zipcode: '06103',
        email: 'ada@example.com',
        mobilePhone: '2035550100',
      })
      .returning();
    const res = await add(w.tokens.agencyAdminA1, {
      ...validRecipient(),
      programUuid: w.programA.uuid,
      agencyUuid: w.a1.uuid,
      applicantId: applicant!.id,
    });
    expect(res.statusCode).toBe(201);
    const [account] = await db
      .select()
      .from(recipientAccounts)
      .where(eq(recipientAccounts.uuid, res.json().accountUuid));
    const [processed] = await db.select().from(applicants).where(eq(applicants.id, applicant!.id));
    expect(account!.applicantId).toBe(applicant!.id);
    expect(processed!.processedAccountId).toBe(account!.id);
    expect(processed!.processedAt).not.toBeNull();

    const again = await add(w.tokens.agencyAdminA1, {
      ...validRecipient(),
      programUuid: w.programA.uuid,
      agencyUuid: w.a1.uuid,
      applicantId: applicant!.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RECIPIENT_MESSAGES.APPLICANT_ALREADY_PROCESSED);
    // Agency users do not hold PROCESS_APPLICANT.
    const byAgencyUser = await add(w.tokens.agencyUserA1, {
      ...validRecipient(),
      programUuid: w.programA.uuid,
      agencyUuid: w.a1.uuid,
      applicantId: applicant!.id,
    });
    expect(byAgencyUser.statusCode).toBe(403);
  });

  it('rolls everything back when a step fails', async () => {
    const { db } = t.database;
    const before = (await db.select().from(users)).length;
    await makeRecipient(db, { program: w.programB, agency: w.b1, email: 'rollback@example.com' });
    const res = await add(w.tokens.programAdminB, {
      ...validRecipient({ email: 'rollback@example.com' }),
      programUuid: w.programB.uuid,
    });
    expect(res.statusCode).toBe(409);
    expect((await db.select().from(users)).length).toBe(before);
  });
});
