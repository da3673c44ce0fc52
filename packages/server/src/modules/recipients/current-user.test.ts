import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS, ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import type { CurrentRecipientAccount, CurrentRecipientProgram } from '@ebt/core/recipients';
import { useTestApp } from '../../testing/app.js';
import { makeAgency, makeProgram, makeRecipient, makeStaffCast, makeUser } from '../../testing/factories.js';

const t = useTestApp();

/** One recipient with accounts in two programs, another with one account, and the staff cast. */
async function makeWorld() {
  const { db } = t.database;
  const programA = await makeProgram(db, { name: 'Alpha Market Program', contactStateCode: 'CT' });
  const programB = await makeProgram(db, { name: 'Beta Market Program' });
  const agencyA = await makeAgency(db, programA);
  const me = await makeUser(db, { roleId: ROLE.RECIPIENT });
  const other = await makeUser(db, { roleId: ROLE.RECIPIENT });
  const myAccountA = await makeRecipient(db, { program: programA, agency: agencyA, user: me, firstName: 'Rosa' });
  const myAccountB = await makeRecipient(db, {
    program: programB,
    user: me,
    firstName: 'Rosa',
    statusId: ACCOUNT_STATUS.INACTIVE,
  });
  const otherAccount = await makeRecipient(db, { program: programA, agency: agencyA, user: other });
  const staff = await makeStaffCast(db);
  return { programA, programB, agencyA, me, other, myAccountA, myAccountB, otherAccount, staff };
}

describe('GET /account-api/account/currentuser', () => {
  let w: Awaited<ReturnType<typeof makeWorld>>;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it("answers the recipient's own accounts, one per program, and no one else's", async () => {
    const res = await t.injectAs(await t.signIn(w.me.username), {
      method: 'GET',
      url: '/account-api/account/currentuser',
    });
    expect(res.statusCode).toBe(200);
    const accounts = res.json() as CurrentRecipientAccount[];
    expect(accounts).toEqual([
      expect.objectContaining({
        accountUuid: w.myAccountA.uuid,
        recipientIdentifier: w.myAccountA.recipientIdentifier,
        accountStatusId: ACCOUNT_STATUS.ACTIVE,
        firstname: 'Rosa',
        lastname: w.myAccountA.lastName,
        email: w.myAccountA.email,
        programUuid: w.programA.uuid,
        programName: 'Alpha Market Program',
        agencyUuid: w.agencyA.uuid,
        agencyName: w.agencyA.name,
      }),
      expect.objectContaining({
        accountUuid: w.myAccountB.uuid,
        accountStatusId: ACCOUNT_STATUS.INACTIVE,
        programUuid: w.programB.uuid,
        agencyUuid: null,
      }),
    ]);
    expect(res.body).not.toContain(w.otherAccount.uuid);
    // Staff-only fields of the full account stay out of the recipient's answer.
    expect(accounts[0]).not.toHaveProperty('username');
    expect(accounts[0]).not.toHaveProperty('maxPrintedPans');
  });

  it('answers the other recipient only their own account', async () => {
    const res = await t.injectAs(await t.signIn(w.other.username), {
      method: 'GET',
      url: '/account-api/account/currentuser',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as CurrentRecipientAccount[]).map((a) => a.accountUuid)).toEqual([w.otherAccount.uuid]);
  });

  it('answers an empty list to a recipient with no account yet', async () => {
    const lone = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
    const res = await t.injectAs(await t.signIn(lone.username), {
      method: 'GET',
      url: '/account-api/account/currentuser',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 403 to every staff role and 401 without a session', async () => {
    const { platformAdmin, programAdmin, agencyAdmin, agencyUser } = w.staff;
    for (const user of [platformAdmin, programAdmin, agencyAdmin, agencyUser]) {
      for (const url of ['/account-api/account/currentuser', '/account-api/account/currentuser/programs']) {
        const res = await t.injectAs(await t.signIn(user.username), { method: 'GET', url });
        expect({ url, role: user.roleId, status: res.statusCode }).toEqual({ url, role: user.roleId, status: 403 });
        expect(res.json().message).toBe(MESSAGES.PRIVILEGE_ERROR);
      }
    }
    for (const url of ['/account-api/account/currentuser', '/account-api/account/currentuser/programs']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /account-api/account/currentuser/programs', () => {
  let w: Awaited<ReturnType<typeof makeWorld>>;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it('answers the programs the recipient holds an account in, with that account', async () => {
    const res = await t.injectAs(await t.signIn(w.me.username), {
      method: 'GET',
      url: '/account-api/account/currentuser/programs',
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as CurrentRecipientProgram[];
    expect(list).toEqual([
      {
        programUuid: w.programA.uuid,
        programId: w.programA.id,
        programName: 'Alpha Market Program',
        shortName: w.programA.shortName,
        programStatusId: w.programA.statusId,
        contactEmail: w.programA.contactEmail,
        contactPhone: w.programA.contactPhone,
        contactStateCode: 'CT',
        accountUuid: w.myAccountA.uuid,
        recipientIdentifier: w.myAccountA.recipientIdentifier,
        accountStatusId: ACCOUNT_STATUS.ACTIVE,
      },
      expect.objectContaining({
        programUuid: w.programB.uuid,
        accountUuid: w.myAccountB.uuid,
        accountStatusId: ACCOUNT_STATUS.INACTIVE,
      }),
    ]);
  });

  it("never lists another recipient's account, even in a shared program", async () => {
    const res = await t.injectAs(await t.signIn(w.other.username), {
      method: 'GET',
      url: '/account-api/account/currentuser/programs',
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as CurrentRecipientProgram[];
    expect(list.map((p) => [p.programUuid, p.accountUuid])).toEqual([[w.programA.uuid, w.otherAccount.uuid]]);
    expect(res.body).not.toContain(w.myAccountA.uuid);
  });
});
