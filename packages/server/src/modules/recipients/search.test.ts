import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { RECIPIENT_SEARCH_COUNT_CAP } from '@ebt/core/recipients';
import { useTestApp } from '../../testing/app.js';
import { makeProgram, makeRecipient, makeUser } from '../../testing/factories.js';
import { makeRecipientWorld, type RecipientWorld } from '../../testing/recipients.js';

// GET /account-api/account (the search) and the statuses look-up; the export has export.test.ts.

const t = useTestApp();

describe('GET /account-api/account (search)', () => {
  let w: RecipientWorld;
  beforeAll(async () => {
    w = await makeRecipientWorld(t);
    const { db } = t.database;
    await makeRecipient(db, {
      program: w.programA,
      agency: w.a1,
      firstName: 'Ann',
      lastName: 'Zyskowski',
      email: 'Ann.Z@Example.com',
      mobilePhone: '8605550101',
      recipientIdentifier: 'ZS-1',
    });
    await makeRecipient(db, {
      program: w.programA,
      agency: w.a1,
      firstName: 'Bob',
      lastName: 'zyskowski',
      mobilePhone: '8605550102',
      recipientIdentifier: 'ZS-2',
    });
    await makeRecipient(db, {
      program: w.programA,
      agency: w.a2,
      firstName: 'Cy',
      lastName: 'Zysk',
      recipientIdentifier: 'ZS-3',
    });
    await makeRecipient(db, {
      program: w.programA,
      agency: null,
      firstName: 'Di',
      lastName: 'Zysman',
      recipientIdentifier: 'ZS-4',
    });
    await makeRecipient(db, {
      program: w.programB,
      agency: w.b1,
      firstName: 'Ed',
      lastName: 'Zyskind',
      recipientIdentifier: 'ZS-5',
    });
    await makeRecipient(db, {
      program: w.programA,
      agency: w.a1,
      firstName: 'Percent',
      lastName: 'Zy%ko',
      recipientIdentifier: 'ZS-6',
    });
  });

  const search = (token: string, query: string) =>
    t.injectAs(token, { method: 'GET', url: `/account-api/account?${query}` });
  const ids = (res: { json(): { data: { recipientIdentifier: string }[] } }) =>
    res.json().data.map((r) => r.recipientIdentifier);

  it('finds by last-name prefix regardless of case, ordered by last name, first name, id, with the row fields', async () => {
    const res = await search(w.tokens.platformAdmin, 'lastname=ZYSK');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(['ZS-3', 'ZS-5', 'ZS-1', 'ZS-2']);
    expect(res.json()).toMatchObject({ page: 0, totalCount: 4, totalPages: 1, countCapped: false });
    expect(res.json().data[2]).toEqual({
      accountUuid: expect.any(String),
      programId: w.programA.id,
      programUuid: w.programA.uuid,
      programName: w.programA.name,
      recipientIdentifier: 'ZS-1',
      firstname: 'Ann',
      middlename: null,
      lastname: 'Zyskowski',
      email: 'Ann.Z@Example.com',
      mobilePhone: '8605550101',
      agencyUuid: w.a1.uuid,
      agencyName: w.a1.name,
      accountStatusId: 0,
    });
  });

  it('matches e-mail by prefix regardless of case, the phone by its digits, the Account ID exactly', async () => {
    expect(ids(await search(w.tokens.platformAdmin, 'email=ann.z%40EXAMPLE'))).toEqual(['ZS-1']);
    expect(ids(await search(w.tokens.platformAdmin, `mobilePhone=${encodeURIComponent('(860) 555-01')}`))).toEqual([
      'ZS-1',
      'ZS-2',
    ]);
    expect(ids(await search(w.tokens.platformAdmin, 'recipientIdentifier=ZS-2'))).toEqual(['ZS-2']);
    expect(ids(await search(w.tokens.platformAdmin, 'recipientIdentifier=ZS'))).toEqual([]);
    expect(ids(await search(w.tokens.platformAdmin, 'firstname=an&lastname=zys'))).toEqual(['ZS-1']);
  });

  it('treats % and _ typed by a person as themselves', async () => {
    expect(ids(await search(w.tokens.platformAdmin, 'lastname=Zy%25'))).toEqual(['ZS-6']);
    expect(ids(await search(w.tokens.platformAdmin, 'lastname=Zy_'))).toEqual([]);
  });

  it('narrows by program and agency', async () => {
    expect(ids(await search(w.tokens.platformAdmin, `lastname=zy&programUuid=${w.programB.uuid}`))).toEqual(['ZS-5']);
    expect(ids(await search(w.tokens.platformAdmin, `lastname=zy&agencyUuid=${w.a2.uuid}`))).toEqual(['ZS-3']);
    expect(ids(await search(w.tokens.platformAdmin, `lastname=zy&agencyUuid=${crypto.randomUUID()}`))).toEqual([]);
  });

  it('limits program admins to their programs and agency staff to their agencies', async () => {
    expect(ids(await search(w.tokens.programAdminA, 'lastname=zy'))).toEqual(['ZS-6', 'ZS-3', 'ZS-1', 'ZS-2', 'ZS-4']);
    expect(ids(await search(w.tokens.programAdminB, 'lastname=zy'))).toEqual(['ZS-5']);
    expect(ids(await search(w.tokens.agencyUserA1, 'lastname=zy'))).toEqual(['ZS-6', 'ZS-1', 'ZS-2']);
    expect(ids(await search(w.tokens.agencyAdminA1, 'lastname=zy'))).toEqual(['ZS-6', 'ZS-1', 'ZS-2']);
    // Naming a program or agency outside the scope finds nothing rather than widening it.
    expect(ids(await search(w.tokens.agencyUserA1, `lastname=zy&agencyUuid=${w.a2.uuid}`))).toEqual([]);
    expect(ids(await search(w.tokens.programAdminB, `lastname=zy&programUuid=${w.programA.uuid}`))).toEqual([]);
  });

  it('pages with a zero-based page and a page size', async () => {
    const first = await search(w.tokens.programAdminA, 'lastname=zy&pageSize=2&page=0');
    expect(ids(first)).toEqual(['ZS-6', 'ZS-3']);
    expect(first.json()).toMatchObject({ page: 0, totalCount: 5, totalPages: 3 });
    expect(ids(await search(w.tokens.programAdminA, 'lastname=zy&pageSize=2&page=1'))).toEqual(['ZS-1', 'ZS-2']);
    const last = await search(w.tokens.programAdminA, 'lastname=zy&pageSize=2&page=2');
    expect(ids(last)).toEqual(['ZS-4']);
    expect(last.json()).toMatchObject({ page: 2, totalCount: 5, totalPages: 3, countCapped: false });
    const past = await search(w.tokens.programAdminA, 'lastname=zy&pageSize=2&page=3');
    expect(ids(past)).toEqual([]);
    expect(past.json()).toMatchObject({ page: 3, totalCount: 5, totalPages: 3 });
    // Resolution 13: a page size above 2000 is capped, not refused.
    expect((await search(w.tokens.programAdminA, 'lastname=zy&pageSize=5000')).statusCode).toBe(200);
  });

  it("answers 400 'At least one field must be entered.' without a criterion", async () => {
    for (const query of [
      '',
      `programUuid=${w.programA.uuid}&agencyUuid=${w.a1.uuid}`,
      'lastname=%20%20&mobilePhone=--',
    ]) {
      const res = await search(w.tokens.platformAdmin, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: MESSAGES.AT_LEAST_ONE_FIELD,
        errorMessages: [{ appErrorMessage: MESSAGES.AT_LEAST_ONE_FIELD }],
      });
    }
  });

  it('answers 400 for criteria over the limits of part 1 §5 and for bad paging', async () => {
    const cases: [string, string][] = [
      [`recipientIdentifier=${'1'.repeat(21)}`, 'recipientIdentifier'],
      [`firstname=${'a'.repeat(101)}`, 'firstname'],
      [`lastname=${'a'.repeat(101)}`, 'lastname'],
      [`email=${'a'.repeat(256)}`, 'email'],
      [`mobilePhone=${'1'.repeat(21)}`, 'mobilePhone'],
      ['lastname=a&programUuid=not-a-uuid', 'programUuid'],
      ['lastname=a&page=-1', 'page'],
      ['lastname=a&pageSize=0', 'pageSize'],
    ];
    for (const [query, field] of cases) {
      const res = await search(w.tokens.platformAdmin, query);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(res.json().errorMessages[0].field).toBe(field);
    }
    // At the limits: accepted.
    const atLimits = await search(
      w.tokens.platformAdmin,
      `recipientIdentifier=${'1'.repeat(20)}&lastname=${'a'.repeat(100)}&mobilePhone=${'1'.repeat(20)}`,
    );
    expect(atLimits.statusCode).toBe(200);
  });

  it('refuses recipients (403) and callers without a session (401)', async () => {
    expect((await search(w.tokens.recipient, 'lastname=zy')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/account-api/account?lastname=zy' })).statusCode).toBe(401);
  });

  it(`caps the count at ${RECIPIENT_SEARCH_COUNT_CAP} and answers no rows past it`, async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    await db.execute(
      sql.raw(`insert into recipient_accounts (program_id, recipient_identifier, first_name, last_name)
       select ${program.id}, 'CAP' || g, 'Many', 'Capped' from generate_series(1, ${RECIPIENT_SEARCH_COUNT_CAP + 5}) g`),
    );
    const res = await search(
      w.tokens.platformAdmin,
      `lastname=capped&programUuid=${program.uuid}&pageSize=2000&page=4`,
    );
    expect(res.json()).toMatchObject({ totalCount: RECIPIENT_SEARCH_COUNT_CAP, totalPages: 5, countCapped: true });
    expect(res.json().data).toHaveLength(2000);
    const past = await search(
      w.tokens.platformAdmin,
      `lastname=capped&programUuid=${program.uuid}&pageSize=2000&page=5`,
    );
    expect(past.json().data).toEqual([]);
  });
});

describe('GET /account-api/statuses', () => {
  it('lists Active, Inactive and Deleted for staff', async () => {
    const admin = await makeUser(t.database.db, { roleId: ROLE.AGENCY_USER });
    const res = await t.injectAs(await t.signIn(admin.username), { method: 'GET', url: '/account-api/statuses' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { accountStatusId: 0, descr: 'Active' },
      { accountStatusId: 1, descr: 'Inactive' },
      { accountStatusId: 2, descr: 'Deleted' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/account-api/statuses' })).statusCode).toBe(401);
  });
});
