import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { applicants, auditLog, benefits, recipientAccounts, users } from '../db/schema/index.js';
import { makeBenefit, makeFundingSource } from '../testing/benefits.js';
import { useTestApp } from '../testing/app.js';
import { makeApplication, makeRecipient } from '../testing/factories.js';
import { buildWorld } from '../testing/world.js';

// The inputs that answered 500 before the shared schemas refused them (architecture.md "The request path"): a NUL
// character, which PostgreSQL refuses in text, a lone UTF-16 surrogate, which broke the audit insert, and a balance
// beyond numeric(12,2), which became the SQL parameter 'NaN.NaN'. Each now answers 400 with the field's message and
// changes nothing: no row written, no audit row added.

const t = useTestApp();

const NUL = 'a\u0000b';
const SURROGATE = '\ud800x';

let w: Awaited<ReturnType<typeof makeWorld>>;

async function makeWorld() {
  const { db } = t.database;
  const world = await buildWorld(t, {
    programs: { program: {} },
    agencies: { agency: { program: 'program' } },
    users: { staff: { roleId: ROLE.PROGRAM_ADMIN, programs: ['program'], middleName: 'B' } },
  });
  const { program } = world.programs;
  const { agency } = world.agencies;
  const { staff } = world.users;
  const funding = await makeFundingSource(db, program);
  const account = await makeRecipient(db, { program, agency });
  const benefit = await makeBenefit(db, { programId: program.id, accountId: account.id, fundingId: funding.id });
  const application = await makeApplication(db, [program]);
  return { program, agency, funding, staff, account, benefit, application, token: world.tokens.staff };
}

beforeAll(async () => {
  w = await makeWorld();
});

const auditCount = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
const rowCount = async (table: typeof benefits | typeof recipientAccounts | typeof applicants) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

/** The standard error body with one entry for `field` carrying `message`. */
function expectRefused(res: { statusCode: number; json(): unknown }, field: string, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    status: 400,
    message: MESSAGES.VALIDATION_FAILED,
    errorMessages: expect.arrayContaining([expect.objectContaining({ appErrorMessage: message, field })]),
  });
}

describe('a NUL character in a search or export', () => {
  const searches = [
    ['/account-api/account', 'firstname'],
    ['/account-api/account', 'recipientIdentifier'],
    ['/account-api/account/export', 'email'],
    ['/benefit-api/benefit', 'accountId'],
    ['/benefit-api/benefit', 'authNo'],
    ['/benefit-api/benefit/export', 'lastname'],
    ['/account-api/applicant', 'lastname'],
  ] as const;

  it.each(searches)('GET %s?%s= answers 400', async (url, field) => {
    const res = await t.injectAs(w.token, { method: 'GET', url: `${url}?${field}=${encodeURIComponent(NUL)}` });
    expectRefused(res, field, MESSAGES.TEXT_NOT_ALLOWED);
  });
});

describe('a NUL character in a recipient add or edit', () => {
  const recipient = {
    firstname: 'Margaret',
    middlename: 'A',
    lastname: 'Kowalski',
    address1: '1 Main Street',
    city: 'Hartford',
    stateCode: 'CT',
    zipcode: '06103',
    email: 'margaret.kowalski@example.com',
    mobilePhone: '2035550100',
  };

  it('POST /account-api/account answers 400 and adds no account', async () => {
    const [accounts, audits] = [await rowCount(recipientAccounts), await auditCount()];
    const res = await t.injectAs(w.token, {
      method: 'POST',
      url: '/account-api/account',
      payload: { ...recipient, address1: NUL, programUuid: w.program.uuid, agencyUuid: w.agency.uuid },
    });
    expectRefused(res, 'address1', MESSAGES.TEXT_NOT_ALLOWED);
    expect([await rowCount(recipientAccounts), await auditCount()]).toEqual([accounts, audits]);
  });

  it('PUT /account-api/account answers 400 and changes nothing', async () => {
    const audits = await auditCount();
    const res = await t.injectAs(w.token, {
      method: 'PUT',
      url: '/account-api/account',
      payload: { ...recipient, lastname: NUL, accountUuid: w.account.uuid },
    });
    expectRefused(res, 'lastname', MESSAGES.TEXT_NOT_ALLOWED);
    const [row] = await t.database.db.select().from(recipientAccounts).where(eq(recipientAccounts.id, w.account.id));
    expect(row).toEqual(w.account);
    expect(await auditCount()).toBe(audits);
  });
});

describe('a NUL character in a benefit issue or edit', () => {
  const issue = () => ({
    benefitRecipientAccountIdentifier: w.account.recipientIdentifier,
    benefitAuthorizationNumber: 'SAFE0001',
    benefitAvailableDate: '2026-11-23',
    benefitExpirationDate: '2027-02-28',
    benefitAmount: 25,
    programUuid: w.program.uuid,
    fundingId: w.funding.id,
    benefitTypeId: 1,
  });

  it.each(['benefitRecipientAccountIdentifier', 'benefitAuthorizationNumber', 'creationChannel', 'note'])(
    'POST /benefit-api/benefit with a NUL in %s answers 400 and issues nothing',
    async (field) => {
      const [issued, audits] = [await rowCount(benefits), await auditCount()];
      const res = await t.injectAs(w.token, {
        method: 'POST',
        url: '/benefit-api/benefit',
        payload: { ...issue(), [field]: NUL },
      });
      expectRefused(res, field, MESSAGES.TEXT_NOT_ALLOWED);
      expect([await rowCount(benefits), await auditCount()]).toEqual([issued, audits]);
    },
  );

  const edit = () => ({
    benefitUuid: w.benefit.uuid,
    benefitBalance: 10,
    benefitAvailableDate: '2026-11-23',
    benefitExpirationDate: '2027-03-31',
    benefitAuthorizationNumber: w.benefit.authorizationNumber,
  });

  it.each(['benefitAuthorizationNumber', 'updationChannel', 'note'])(
    'PUT /benefit-api/benefit with a NUL in %s answers 400 and changes nothing',
    async (field) => {
      const audits = await auditCount();
      const res = await t.injectAs(w.token, {
        method: 'PUT',
        url: '/benefit-api/benefit',
        payload: { ...edit(), [field]: NUL },
      });
      expectRefused(res, field, MESSAGES.TEXT_NOT_ALLOWED);
      const [row] = await t.database.db.select().from(benefits).where(eq(benefits.id, w.benefit.id));
      expect(row).toEqual(w.benefit);
      expect(await auditCount()).toBe(audits);
    },
  );

  // 9007199254740993 cannot be written as a JavaScript number; the body is sent as the JSON text a client would send.
  it.each(['1000000000000000', '9007199254740993', '"99999999999999999999999"'])(
    'PUT /benefit-api/benefit with benefitBalance %s answers 400 and keeps the balance',
    async (balance) => {
      const audits = await auditCount();
      const res = await t.injectAs(w.token, {
        method: 'PUT',
        url: '/benefit-api/benefit',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...edit(), benefitBalance: 0 }).replace(
          '"benefitBalance":0',
          `"benefitBalance":${balance}`,
        ),
      });
      expectRefused(res, 'benefitBalance', 'Balance cannot be more than $9,999.99.');
      const [row] = await t.database.db.select().from(benefits).where(eq(benefits.id, w.benefit.id));
      expect(row!.balance).toBe(w.benefit.balance);
      expect(row).toEqual(w.benefit);
      expect(await auditCount()).toBe(audits);
    },
  );
});

describe('PUT /user-api/user/currentuser', () => {
  const body = () => ({
    username: w.staff.username,
    userUuid: w.staff.uuid,
    firstname: 'Grace',
    middlename: 'M',
    lastname: 'Hopper',
    email: w.staff.email,
    mobile: '2035550100',
  });

  it.each([
    ['firstname', NUL],
    ['lastname', SURROGATE],
    ['firstname', SURROGATE],
    ['email', `a${NUL}@example.com`],
  ])('answers 400 to %s %j and changes nothing', async (field, value) => {
    const audits = await auditCount();
    const res = await t.injectAs(w.token, {
      method: 'PUT',
      url: '/user-api/user/currentuser',
      payload: { ...body(), [field]: value },
    });
    expectRefused(res, field, MESSAGES.TEXT_NOT_ALLOWED);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, w.staff.id));
    expect(row).toMatchObject({ firstName: w.staff.firstName, lastName: w.staff.lastName, email: w.staff.email });
    expect(await auditCount()).toBe(audits);
  });
});

describe('POST /account-api/applicant (no sign-in)', () => {
  const applicant = () => ({
    firstname: 'Rosa',
    lastname: 'Parks',
    address1: '12 Elm Street',
    city: 'Hartford',
    stateId: 'CT',
    zipcode: '06103',
    email: 'rosa.parks@example.com',
    mobilePhone: '8605550142',
    programId: w.program.id,
    applicationId: w.application.id,
  });

  it.each([
    ['firstname', NUL],
    ['lastname', SURROGATE],
    ['city', NUL],
  ])('answers 400 to %s %j and stores no applicant', async (field, value) => {
    const [stored, audits] = [await rowCount(applicants), await auditCount()];
    const res = await t.app.inject({
      method: 'POST',
      url: '/account-api/applicant',
      payload: { ...applicant(), [field]: value },
    });
    expectRefused(res, field, MESSAGES.TEXT_NOT_ALLOWED);
    expect([await rowCount(applicants), await auditCount()]).toEqual([stored, audits]);
  });

  it('answers 400 to a program id beyond the integer column', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account-api/applicant',
      payload: { ...applicant(), programId: 2_147_483_648 },
    });
    expectRefused(res, 'programId', 'Must be a whole number from 1 to 2147483647.');
  });
});

describe('POST /api/authenticate', () => {
  it.each([
    ['username', NUL],
    ['password', NUL],
    ['username', SURROGATE],
  ])('answers 400 to a %s with %j', async (field, value) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: w.staff.username, password: 'Whatever#1', [field]: value },
    });
    expectRefused(res, field, MESSAGES.TEXT_NOT_ALLOWED);
  });
});
