import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { applicants, applicationPrograms, applications, auditLog } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram, makeUser } from '../../testing/factories.js';
import { APPLICATIONS_PER_ADDRESS } from './apply.js';

const t = useTestApp();

beforeEach(() => t.clock.advance(2 * 3_600_000));

let nextApplicationId = 100;
/** An application definition with an enabled and a disabled program. */
async function makeApplication(overrides: Partial<typeof applications.$inferInsert> = {}) {
  const { db } = t.database;
  const id = ++nextApplicationId;
  await db.insert(applications).values({
    id,
    name: 'Senior Farmers Market Nutrition Program',
    descr: '<p>Apply for <b>SFMNP</b> checks.</p>',
    ...overrides,
  });
  const enabled = await makeProgram(db, { name: `Enabled ${id}` });
  const disabled = await makeProgram(db, { name: `Disabled ${id}`, statusId: 1 });
  await db.insert(applicationPrograms).values([
    { applicationId: id, programId: enabled.id },
    { applicationId: id, programId: disabled.id },
  ]);
  return { id, enabled, disabled };
}

const applicant = (programId: number) => ({
  firstname: 'Rosa',
  lastname: 'Parks',
  middlename: 'L',
  address1: '12 Elm Street',
  address2: 'Apt 3',
  city: 'Hartford',
  stateId: 'ct',
  zipcode: '06103-1234',
  email: 'rosa.parks@example.com',
  mobilePhone: '(860) 555-0142',
  programId,
});

const submit = (payload: unknown, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/account-api/applicant', payload: payload as object, remoteAddress: ip });

const applicantRows = (programId: number) =>
  t.database.db.select().from(applicants).where(eq(applicants.programId, programId));

describe('GET /account-api/application/{id}', () => {
  it('answers the definition with its enabled programs only, without a session', async () => {
    const { id, enabled } = await makeApplication();
    const res = await t.app.inject({ method: 'GET', url: `/account-api/application/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      applicationId: id,
      name: 'Senior Farmers Market Nutrition Program',
      descr: '<p>Apply for <b>SFMNP</b> checks.</p>',
      active: true,
      programs: [{ programId: enabled.id, programName: enabled.name }],
    });
  });

  it('answers an inactive definition as inactive (the form shows the unavailable warning)', async () => {
    const { id } = await makeApplication({ active: false });
    expect((await t.app.inject({ method: 'GET', url: `/account-api/application/${id}` })).json().active).toBe(false);
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/account-api/application/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.APPLICATION_UNAVAILABLE);
    expect((await t.app.inject({ method: 'GET', url: '/account-api/application/abc' })).statusCode).toBe(400);
  });
});

describe('POST /account-api/applicant', () => {
  it('stores the applicant with the phone as digits and answers 201 {applicantId}', async () => {
    const { id, enabled } = await makeApplication();
    const res = await submit(applicant(enabled.id));
    expect(res.statusCode).toBe(201);
    const { applicantId } = res.json();
    const [row] = await t.database.db.select().from(applicants).where(eq(applicants.id, applicantId));
    expect(row).toMatchObject({
      programId: enabled.id,
      applicationId: id,
      firstName: 'Rosa',
      middleName: 'L',
      lastName: 'Parks',
      address1: '12 Elm Street',
      address2: 'Apt 3',
      city: 'Hartford',
      stateCode: 'CT',
      zipcode: '06103-1234',
      email: 'rosa.parks@example.com',
      mobilePhone: '8605550142',
    });
    expect(row!.createdAt.getTime()).toBe(t.clock.now().getTime());
    expect(row!.agreedAt!.getTime()).toBe(t.clock.now().getTime());
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, row!.uuid));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('takes empty optional fields as none', async () => {
    const { enabled } = await makeApplication();
    const res = await submit({ ...applicant(enabled.id), middlename: '', address2: '' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(applicants).where(eq(applicants.id, res.json().applicantId));
    expect(row).toMatchObject({ middleName: null, address2: null });
  });

  it.each([
    ['no first name', { firstname: '' }],
    ['a 101-character last name', { lastname: 'x'.repeat(101) }],
    ['a two-letter middle initial', { middlename: 'LL' }],
    ['no address line 1', { address1: undefined }],
    ['a 61-character address line 2', { address2: 'x'.repeat(61) }],
    ['a 61-character city', { city: 'x'.repeat(61) }],
    ['no state', { stateId: '' }],
    ['a state that is not a US state', { stateId: 'XX' }],
    ['a 4-digit zip', { zipcode: '0610' }],
    ['a zip with letters', { zipcode: '06103-12AB' }],
    ['a bad e-mail', { email: 'rosa@' }],
    ['a 256-character e-mail', { email: `${'r'.repeat(244)}@example.com` }],
    ['no phone', { mobilePhone: '' }],
    ['a 21-character phone', { mobilePhone: '8'.repeat(21) }],
    ['no program', { programId: undefined }],
    ['a program as text', { programId: 'one' }],
  ])('refuses %s with 400 and stores nothing', async (_name, change) => {
    const { enabled } = await makeApplication();
    const res = await submit({ ...applicant(enabled.id), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessages.length).toBeGreaterThan(0);
    expect(await applicantRows(enabled.id)).toHaveLength(0);
  });

  it("answers 'The application cannot be submitted at this time.' for a program it does not take, a disabled program or a closed application", async () => {
    const open = await makeApplication();
    const stranger = await makeProgram(t.database.db);
    const notTaken = await submit(applicant(stranger.id));
    expect(notTaken.statusCode).toBe(400);
    expect(notTaken.json().message).toBe('The application cannot be submitted at this time.');

    const disabled = await submit(applicant(open.disabled.id));
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().message).toBe(MESSAGES.APPLICATION_SUBMIT_FAILED);

    const closed = await makeApplication({ active: false });
    const res = await submit({ ...applicant(closed.enabled.id), applicationId: closed.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.APPLICATION_SUBMIT_FAILED);
    // A program of one application sent with another application's id is not taken either.
    expect((await submit({ ...applicant(open.enabled.id), applicationId: closed.id })).statusCode).toBe(400);

    for (const programId of [stranger.id, open.disabled.id, closed.enabled.id])
      expect(await applicantRows(programId)).toHaveLength(0);
  });

  it(`refuses more than ${APPLICATIONS_PER_ADDRESS} submissions per address per hour with 429`, async () => {
    const { enabled } = await makeApplication();
    for (let i = 0; i < APPLICATIONS_PER_ADDRESS; i++)
      expect((await submit(applicant(enabled.id), '10.40.0.1')).statusCode).toBe(201);
    const res = await submit(applicant(enabled.id), '10.40.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(MESSAGES.APPLICATION_THROTTLED);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await applicantRows(enabled.id)).toHaveLength(APPLICATIONS_PER_ADDRESS);
    expect((await submit(applicant(enabled.id), '10.40.0.2')).statusCode).toBe(201);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await submit(applicant(enabled.id), '10.40.0.1')).statusCode).toBe(201);
  });
});

describe('POST /account-api/application/{id}/{programId} (admin test screen)', () => {
  it('checks a definition for a program with an empty body, for platform admins only', async () => {
    const { id, enabled, disabled } = await makeApplication();
    const admin = await makeUser(t.database.db, { roleId: ROLE.PLATFORM_ADMIN });
    const token = await t.signIn(admin.username);
    const post = (url: string, tok: string | null = token) =>
      t.injectAs(tok, { method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '' });

    const ok = await post(`/account-api/application/${id}/${enabled.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ applicationId: id, programId: enabled.id, accepting: true, message: null });
    expect((await post(`/account-api/application/${id}/${disabled.id}`)).json()).toMatchObject({
      accepting: false,
      message: MESSAGES.APPLICATION_SUBMIT_FAILED,
    });
    expect((await post(`/account-api/application/999999/${enabled.id}`)).statusCode).toBe(404);

    const programAdmin = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN });
    expect(
      (await post(`/account-api/application/${id}/${enabled.id}`, await t.signIn(programAdmin.username))).statusCode,
    ).toBe(403);
    expect((await post(`/account-api/application/${id}/${enabled.id}`, null)).statusCode).toBe(401);
  });
});
