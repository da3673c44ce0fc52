import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS, ROLE, USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { RECIPIENT_MESSAGES } from '@ebt/core/recipients';
import { auditLog, benefitIssuanceTotals, benefits, recipientAccounts, users } from '../../db/schema/index.js';
import { foldAllIssuanceJournal, rebuildIssuanceRollups } from '../../platform/issuance-totals.js';
import type { DbOrTx } from '../../db/client.js';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient, makeUser } from '../../testing/factories.js';
import { buildWorld } from '../../testing/world.js';

// PUT /account-api/account (update and status) and PUT /account-api/account/move.
const t = useTestApp();

/** Two programs; program A has agencies A1, A2 and A3; an agency admin of A1 and A2. */
async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: {
      a1: { program: 'programA' },
      a2: { program: 'programA' },
      a3: { program: 'programA' },
      b1: { program: 'programB' },
    },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      agencyAdminA1A2: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1', 'a2'] },
    },
  });
  return { ...world.programs, ...world.agencies, people: world.users, tokens: world.tokens };
}
type World = Awaited<ReturnType<typeof makeWorld>>;

const formOf = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Rosa',
  middlename: 'M',
  lastname: 'Delgado',
  address1: '4 Mill Road',
  address2: 'Unit 9',
  city: 'New Haven',
  stateCode: 'CT',
  zipcode: '06510',
  email: 'rosa.delgado@example.com',
  mobilePhone: '203.555.0188',
  cardIssuanceCode: false,
  ...overrides,
});

const rowOf = async (db: DbOrTx, id: number) =>
  (await db.select().from(recipientAccounts).where(eq(recipientAccounts.id, id)))[0]!;

describe('PUT /account-api/account (update)', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  const put = (token: string, payload: Record<string, unknown>) =>
    t.injectAs(token, { method: 'PUT', url: '/account-api/account', payload });

  it('saves every field, answers the updated account and audits before and after', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, { program: w.programA, agency: w.a1, middleName: 'Z' });
    const res = await put(w.tokens.agencyUserA1, { accountUuid: account.uuid, ...formOf() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accountUuid: account.uuid,
      firstname: 'Rosa',
      middlename: 'M',
      lastname: 'Delgado',
      address2: 'Unit 9',
      city: 'New Haven',
      zipcode: '06510',
      email: 'rosa.delgado@example.com',
      mobilePhone: '2035550188',
      cardIssuanceCode: false,
      agencyUuid: w.a1.uuid,
    });
    expect(await rowOf(db, account.id)).toMatchObject({
      firstName: 'Rosa',
      mobilePhone: '2035550188',
      updationChannel: 'API',
    });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'recipient_account'), eq(auditLog.entityId, account.uuid)));
    expect(audit).toMatchObject({ action: 'update', actorUserId: w.people.agencyUserA1.id });
    expect(audit!.before).toMatchObject({ firstname: 'Pat', middlename: 'Z' });
    expect(audit!.after).toMatchObject({ firstname: 'Rosa', middlename: 'M' });
    expect(audit!.after).not.toHaveProperty('recipientIdentifier'); // unchanged fields are not copied
  });

  it("updates a Pending recipient user's e-mail and names with the account, not an activated one's", async () => {
    const { db } = t.database;
    const pending = await makeUser(db, { roleId: ROLE.RECIPIENT, statusId: USER_STATUS.PENDING, password: null });
    const enabled = await makeUser(db, { roleId: ROLE.RECIPIENT, statusId: USER_STATUS.ENABLED });
    const a = await makeRecipient(db, { program: w.programA, agency: w.a1, user: pending });
    const b = await makeRecipient(db, { program: w.programA, agency: w.a1, user: enabled });
    await put(w.tokens.programAdminA, { accountUuid: a.uuid, ...formOf({ email: 'new.pending@example.com' }) });
    await put(w.tokens.programAdminA, { accountUuid: b.uuid, ...formOf({ email: 'new.enabled@example.com' }) });
    const userOf = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0]!;
    expect(await userOf(pending.id)).toMatchObject({
      email: 'new.pending@example.com',
      firstName: 'Rosa',
      lastName: 'Delgado',
      mobile: '2035550188',
    });
    expect((await userOf(enabled.id)).email).toBe(enabled.email);
  });

  it("leaves a Pending user's login as it is when the user also has an account the caller does not hold", async () => {
    const { db } = t.database;
    const pending = await makeUser(db, { roleId: ROLE.RECIPIENT, statusId: USER_STATUS.PENDING, password: null });
    const mine = await makeRecipient(db, { program: w.programA, agency: w.a1, user: pending });
    await makeRecipient(db, { program: w.programA, agency: w.a3, user: pending });
    const res = await put(w.tokens.agencyUserA1, {
      accountUuid: mine.uuid,
      ...formOf({ email: 'elsewhere@example.net' }),
    });
    expect(res.statusCode).toBe(200);
    const [account] = await db.select().from(recipientAccounts).where(eq(recipientAccounts.id, mine.id));
    expect(account!.email).toBe('elsewhere@example.net');
    // The activation of the account in a3 would otherwise go to an address the staff of a1 chose.
    const [user] = await db.select().from(users).where(eq(users.id, pending.id));
    expect(user!.email).toBe(pending.email);
    expect(user!.firstName).toBe(pending.firstName);
  });

  it("answers 409 'Email already exists.' for another account's e-mail in the program, not for its own", async () => {
    const { db } = t.database;
    await makeRecipient(db, { program: w.programA, agency: w.a2, email: 'someone.else@example.com' });
    const account = await makeRecipient(db, { program: w.programA, agency: w.a1, email: 'Mine@Example.com' });
    const clash = await put(w.tokens.agencyUserA1, {
      accountUuid: account.uuid,
      ...formOf({ email: 'SOMEONE.ELSE@example.com' }),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errorMessages[0]).toEqual({
      appErrorCode: 'CONFLICT',
      appErrorMessage: 'Email already exists.',
      field: 'email',
      messageKey: 'MESSAGES.RECIPIENT_EMAIL_EXISTS',
    });
    const own = await put(w.tokens.agencyUserA1, {
      accountUuid: account.uuid,
      ...formOf({ email: 'mine@example.com' }),
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses field changes to an externally managed (type 1) account but lets its status change', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, { program: w.programA, agency: w.a1, accountTypeId: 1 });
    const edit = await put(w.tokens.programAdminA, { accountUuid: account.uuid, ...formOf() });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(RECIPIENT_MESSAGES.ACCOUNT_NOT_EDITABLE);
    expect((await rowOf(db, account.id)).firstName).toBe('Pat');
    const status = await put(w.tokens.programAdminA, { accountUuid: account.uuid, accountStatusId: 1 });
    expect(status.statusCode).toBe(200);
    expect(status.json().accountStatusId).toBe(1);
  });

  it('validates the form fields and needs every required one once a field is sent', async () => {
    const account = await makeRecipient(t.database.db, { program: w.programA, agency: w.a1 });
    const bad = await put(w.tokens.programAdminA, {
      accountUuid: account.uuid,
      ...formOf({ zipcode: '123', middlename: 'XY' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errorMessages.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['middlename', 'zipcode']);
    const partial = await put(w.tokens.programAdminA, { accountUuid: account.uuid, firstname: 'Only' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errorMessages.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['lastname', 'address1', 'city', 'stateCode', 'zipcode', 'email', 'mobilePhone']),
    );
    const nothing = await put(w.tokens.programAdminA, { accountUuid: account.uuid });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errorMessages[0].appErrorMessage).toBe(RECIPIENT_MESSAGES.NOTHING_TO_UPDATE);
  });

  it('answers 404 to an agency user for a recipient of another agency, and to a program admin of another program; the row is unchanged', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, { program: w.programA, agency: w.a2 });
    for (const token of [w.tokens.agencyUserA1, w.tokens.programAdminB]) {
      const res = await put(token, { accountUuid: account.uuid, ...formOf() });
      expect(res.statusCode).toBe(404);
      const status = await put(token, { accountUuid: account.uuid, accountStatusId: 1 });
      expect(status.statusCode).toBe(404);
    }
    expect(await rowOf(db, account.id)).toMatchObject({ firstName: 'Pat', statusId: 0, updatedAt: account.updatedAt });
  });
});

describe('PUT /account-api/account (status)', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  const setStatus = (token: string, accountUuid: string, accountStatusId: unknown) =>
    t.injectAs(token, { method: 'PUT', url: '/account-api/account', payload: { accountUuid, accountStatusId } });

  it('inactivates and activates, auditing each change', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, { program: w.programA, agency: w.a1 });
    const off = await setStatus(w.tokens.agencyUserA1, account.uuid, 1);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ accountUuid: account.uuid, accountStatusId: 1, firstname: 'Pat' });
    expect((await rowOf(db, account.id)).statusId).toBe(1);
    const on = await setStatus(w.tokens.agencyUserA1, account.uuid, 0);
    expect(on.json().accountStatusId).toBe(0);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'recipient_account'), eq(auditLog.entityId, account.uuid)));
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['inactivate', { accountStatusId: 0 }, { accountStatusId: 1 }],
      ['activate', { accountStatusId: 1 }, { accountStatusId: 0 }],
    ]);
  });

  it('activates a Deleted account but refuses to inactivate it (409), changing nothing', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, { program: w.programA, agency: w.a1, statusId: ACCOUNT_STATUS.DELETED });
    const before = await rowOf(db, account.id);
    const audits = () =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'recipient_account'), eq(auditLog.entityId, account.uuid)));

    // A status change alone, and a form save carrying the status: both refused before anything is written.
    for (const payload of [
      { accountUuid: account.uuid, accountStatusId: ACCOUNT_STATUS.INACTIVE },
      formOf({ accountUuid: account.uuid, accountStatusId: ACCOUNT_STATUS.INACTIVE, city: 'Waterbury' }),
    ]) {
      const res = await t.injectAs(w.tokens.programAdminA, { method: 'PUT', url: '/account-api/account', payload });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(RECIPIENT_MESSAGES.ONLY_ACTIVE_CAN_BE_INACTIVATED);
    }
    expect(await rowOf(db, account.id)).toEqual(before);
    expect(await audits()).toEqual([]);

    // A§4: a non-active account can be activated.
    const on = await setStatus(w.tokens.programAdminA, account.uuid, ACCOUNT_STATUS.ACTIVE);
    expect(on.statusCode).toBe(200);
    expect((await rowOf(db, account.id)).statusId).toBe(ACCOUNT_STATUS.ACTIVE);
    expect((await audits()).map((a) => [a.action, a.before, a.after])).toEqual([
      ['activate', { accountStatusId: ACCOUNT_STATUS.DELETED }, { accountStatusId: ACCOUNT_STATUS.ACTIVE }],
    ]);
  });

  it('keeps the same status as no change', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, { program: w.programA, agency: w.a1, statusId: ACCOUNT_STATUS.INACTIVE });
    const before = await rowOf(db, account.id);
    const res = await setStatus(w.tokens.programAdminA, account.uuid, ACCOUNT_STATUS.INACTIVE);
    expect(res.statusCode).toBe(200);
    expect(res.json().accountStatusId).toBe(ACCOUNT_STATUS.INACTIVE);
    expect(await rowOf(db, account.id)).toEqual(before);
  });

  it('refuses Deleted and unknown statuses', async () => {
    const account = await makeRecipient(t.database.db, { program: w.programA, agency: w.a1 });
    for (const value of [2, 7, -1, 'x']) {
      const res = await setStatus(w.tokens.programAdminA, account.uuid, value);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessages[0].field).toBe('accountStatusId');
    }
  });

  it('answers 404 for a missing account', async () => {
    const res = await setStatus(w.tokens.platformAdmin, crypto.randomUUID(), 1);
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /account-api/account/move', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  const move = (token: string, payload: Record<string, unknown>) =>
    t.injectAs(token, { method: 'PUT', url: '/account-api/account/move', payload });

  async function withBenefits(agency: { id: number }) {
    const { db } = t.database;
    const account = await makeRecipient(db, { program: w.programA, agency });
    const base = {
      programId: w.programA.id,
      accountId: account.id,
      agencyId: agency.id,
      availableDate: '2026-11-01',
      expirationDate: '2027-03-31',
      amount: '50.00',
      balance: '50.00',
    };
    const [issued, voided] = await db
      .insert(benefits)
      .values([
        { ...base, authorizationNumber: `I${account.id}`, statusId: 0 },
        { ...base, authorizationNumber: `V${account.id}`, statusId: 3 },
      ])
      .returning();
    await rebuildIssuanceRollups(db); // inserted directly, without the issue service that keeps the totals
    return { account, issued: issued!, voided: voided! };
  }
  const agencyOfBenefit = async (id: number) =>
    (await t.database.db.select().from(benefits).where(eq(benefits.id, id)))[0]!.agencyId;

  it('moves the account and its Issued benefits to the other agency, and audits it', async () => {
    const { db } = t.database;
    const { account, issued, voided } = await withBenefits(w.a1);
    const res = await move(w.tokens.agencyAdminA1A2, {
      accountUuid: account.uuid,
      fromAgency: w.a1.uuid,
      toAgency: w.a2.uuid,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accountUuid: account.uuid, agencyUuid: w.a2.uuid, agencyName: w.a2.name });
    expect((await rowOf(db, account.id)).agencyId).toBe(w.a2.id);
    expect(await agencyOfBenefit(issued.id)).toBe(w.a2.id);
    expect(await agencyOfBenefit(voided.id)).toBe(w.a1.id); // history stays with the agency that issued it
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'move'), eq(auditLog.entityId, account.uuid)));
    expect(audit).toMatchObject({
      before: { agencyUuid: w.a1.uuid, benefitsMoved: 0 },
      after: { agencyUuid: w.a2.uuid, benefitsMoved: 1 },
    });
  });

  it("moves the Issued benefits' amounts between the agencies' issuance totals", async () => {
    const { db } = t.database;
    const { account } = await withBenefits(w.a1);
    const totals = async () => {
      await foldAllIssuanceJournal(db);
      return (await db.select().from(benefitIssuanceTotals).where(eq(benefitIssuanceTotals.programId, w.programA.id)))
        .filter((r) => r.issuedCount !== 0) // a key emptied by the move keeps its row at zero
        .map((r) => `${r.agencyId}:${r.issuedAmount}:${r.issuedCount}`)
        .sort();
    };
    const before = await totals();
    const res = await move(w.tokens.programAdminA, {
      accountUuid: account.uuid,
      fromAgency: w.a1.uuid,
      toAgency: w.a2.uuid,
    });
    expect(res.statusCode).toBe(200);
    const after = await totals();
    expect(after).not.toEqual(before);
    await rebuildIssuanceRollups(db);
    expect(after).toEqual(await totals()); // the running totals equal a recount from the benefits
  });

  it('moves a program-level account into an agency for a program admin', async () => {
    const account = await makeRecipient(t.database.db, { program: w.programA, agency: null });
    const res = await move(w.tokens.programAdminA, {
      accountUuid: account.uuid,
      fromAgency: null,
      toAgency: w.a3.uuid,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().agencyUuid).toBe(w.a3.uuid);
  });

  it('refuses the same agency with 400', async () => {
    const account = await makeRecipient(t.database.db, { program: w.programA, agency: w.a1 });
    const same = await move(w.tokens.programAdminA, {
      accountUuid: account.uuid,
      fromAgency: w.a1.uuid,
      toAgency: w.a1.uuid,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ message: MESSAGES.MOVE_SAME_AGENCY, errorMessages: [{ field: 'toAgency' }] });
    const sameWithoutFrom = await move(w.tokens.programAdminA, { accountUuid: account.uuid, toAgency: w.a1.uuid });
    expect(sameWithoutFrom.statusCode).toBe(400);
  });

  it("answers 404 'You must have access to both agencies to move the recipient.' when either agency is not the caller's; nothing moves", async () => {
    const { db } = t.database;
    const { account: mine, issued } = await withBenefits(w.a1);
    const toOther = await move(w.tokens.agencyUserA1, {
      accountUuid: mine.uuid,
      fromAgency: w.a1.uuid,
      toAgency: w.a2.uuid,
    });
    expect(toOther.statusCode).toBe(404);
    expect(toOther.json()).toMatchObject({
      status: 404,
      message: MESSAGES.MOVE_NEEDS_BOTH_AGENCIES,
      errorMessages: [{ appErrorMessage: MESSAGES.MOVE_NEEDS_BOTH_AGENCIES }],
    });

    const theirs = await makeRecipient(db, { program: w.programA, agency: w.a3 });
    const fromOther = await move(w.tokens.agencyAdminA1A2, {
      accountUuid: theirs.uuid,
      fromAgency: w.a3.uuid,
      toAgency: w.a1.uuid,
    });
    expect(fromOther.statusCode).toBe(404);
    expect(fromOther.json().message).toBe(MESSAGES.MOVE_NEEDS_BOTH_AGENCIES);

    const otherProgramAdmin = await move(w.tokens.programAdminB, {
      accountUuid: mine.uuid,
      fromAgency: w.a1.uuid,
      toAgency: w.a2.uuid,
    });
    expect(otherProgramAdmin.statusCode).toBe(404);
    const unknownTarget = await move(w.tokens.programAdminA, {
      accountUuid: mine.uuid,
      fromAgency: w.a1.uuid,
      toAgency: crypto.randomUUID(),
    });
    expect(unknownTarget.json().message).toBe(MESSAGES.MOVE_NEEDS_BOTH_AGENCIES);

    expect((await rowOf(db, mine.id)).agencyId).toBe(w.a1.id);
    expect((await rowOf(db, theirs.id)).agencyId).toBe(w.a3.id);
    expect(await agencyOfBenefit(issued.id)).toBe(w.a1.id);
  });

  it("refuses an agency of another program (400) and a stale 'from' agency (409)", async () => {
    const account = await makeRecipient(t.database.db, { program: w.programA, agency: w.a1 });
    const otherProgram = await move(w.tokens.platformAdmin, {
      accountUuid: account.uuid,
      fromAgency: w.a1.uuid,
      toAgency: w.b1.uuid,
    });
    expect(otherProgram.statusCode).toBe(400);
    expect(otherProgram.json().message).toBe(RECIPIENT_MESSAGES.MOVE_TARGET_OTHER_PROGRAM);
    const stale = await move(w.tokens.platformAdmin, {
      accountUuid: account.uuid,
      fromAgency: w.a2.uuid,
      toAgency: w.a3.uuid,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RECIPIENT_MESSAGES.MOVE_FROM_AGENCY_CHANGED);
  });

  it('validates the body', async () => {
    const res = await move(w.tokens.platformAdmin, { accountUuid: 'nope', toAgency: '' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errorMessages.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['accountUuid', 'toAgency']);
  });
});
