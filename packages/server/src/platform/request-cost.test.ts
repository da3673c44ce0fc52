import { beforeAll, describe, expect, it } from 'vitest';
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS, SESSION_IDLE_MS } from '@ebt/core/constants';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { eq } from 'drizzle-orm';
import { fundingSources, sessions, users } from '../db/schema/index.js';
import { useTestApp } from '../testing/app.js';
import { makeRecipient, makeStaffCast, makeUser } from '../testing/factories.js';
import { makeEnrolment, makeIncentive } from '../testing/incentives.js';
import { makeFarmerApplication } from '../testing/farmer-applications.js';
import { makeMerchant } from '../testing/merchants.js';
import { makeTransaction } from '../testing/transactions.js';
import { cardNumber } from '../testing/external-cards.js';
import { TOUCH_EVERY_MS } from './caller-statement.js';

// architecture.md "The request path": an authenticated read costs two SQL statements, the caller in one and then the
// work. The statements are counted where the app sends them (db/client.ts statementCount).

const t = useTestApp();
let cast: Awaited<ReturnType<typeof makeStaffCast>>;
let accountUuid: string;

async function statementsOf(request: () => Promise<{ statusCode: number }>, status = 200) {
  const before = t.database.statementCount();
  const res = await request();
  expect(res.statusCode).toBe(status);
  return t.database.statementCount() - before;
}

beforeAll(async () => {
  cast = await makeStaffCast(t.database.db);
  accountUuid = (await makeRecipient(t.database.db, { program: cast.program, agency: cast.agency })).uuid;
});

describe('the cost of an authenticated request', () => {
  it("reads a recipient's PANs and the recipient's own cards in two statements (decision 0036)", async () => {
    const staffToken = await t.signIn(cast.programAdmin.username);
    const generate = await t.injectAs(staffToken, {
      method: 'POST',
      url: '/account-api/pans',
      payload: { programId: cast.program.id, accountUuid },
    });
    expect(generate.statusCode).toBe(200);
    const list = () =>
      t.injectAs(staffToken, {
        method: 'GET',
        url: `/account-api/pans?programId=${cast.program.id}&accountUuid=${accountUuid}`,
      });
    await list();
    expect(await statementsOf(list)).toBe(2);
    const recipient = await makeUser(t.database.db, { roleId: 3 });
    await makeRecipient(t.database.db, { program: cast.program, user: recipient });
    const token = await t.signIn(recipient.username);
    const cards = () => t.injectAs(token, { method: 'GET', url: '/account-api/pans/currentuser' });
    await cards();
    expect(await statementsOf(cards)).toBe(2);
  });

  it('reads the bulk generation setup and the printed PANs in two statements each (decision 0035)', async () => {
    const token = await t.signIn(cast.programAdmin.username);
    const setup = () => t.injectAs(token, { method: 'GET', url: `/account-api/account/pangen/${cast.program.id}` });
    await setup(); // the first read makes the printed-PAN account
    expect(await statementsOf(setup)).toBe(2);
    const printed = () =>
      t.injectAs(token, { method: 'GET', url: `/account-api/pans/printed?programId=${cast.program.id}` });
    expect(await statementsOf(printed)).toBe(2);
  });

  it('reads a recipient account in one statement, the caller and the account together (decision 0083)', async () => {
    const token = await t.signIn(cast.programAdmin.username);
    const get = () => t.injectAs(token, { method: 'GET', url: `/account-api/account/${accountUuid}` });
    await get(); // the first call after sign-in may touch last_seen_at; the touch is part of the caller statement
    expect(await statementsOf(get)).toBe(1);
    expect((await get()).json()).toMatchObject({ accountUuid, programUuid: cast.program.uuid });
    // The same answer as the read a change's answer makes inside its transaction (the SELECT run on its own).
    const unchanged = await t.injectAs(token, {
      method: 'PUT',
      url: '/account-api/account',
      payload: { accountUuid, accountStatusId: 0 },
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toEqual((await get()).json());
    // A key the route's schema refuses is not read with the caller: the route answers 400 as before.
    const bad = await t.injectAs(token, { method: 'GET', url: '/account-api/account/not-a-uuid' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the session user in two statements, for staff and for recipients', async () => {
    for (const user of [cast.agencyUser, cast.platformAdmin, cast.recipient]) {
      const token = await t.signIn(user.username);
      const res = await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' });
      expect(res.json()).toMatchObject({ username: user.username, email: user.email, lastname: user.lastName });
      expect(await statementsOf(() => t.injectAs(token, { method: 'GET', url: '/user-api/user/current' }))).toBe(2);
    }
  });

  it('answers the merchant locator and the location search in two statements (decision 0022)', async () => {
    // A recipient with an account, so the locator has programs to ask about (with none it answers [] unasked).
    await makeRecipient(t.database.db, { program: cast.program, user: cast.recipient });
    for (const user of [cast.programAdmin, cast.recipient]) {
      const token = await t.signIn(user.username);
      const locate = () =>
        t.injectAs(token, { method: 'GET', url: '/merchant-api/merchant/locator?latitude=41.7672&longitude=-72.676' });
      await locate();
      expect(await statementsOf(locate), `locator as ${user.username}`).toBe(2);
      const geocode = () => t.injectAs(token, { method: 'GET', url: '/merchant-api/geocode?q=Hartford,%20CT' });
      expect(await statementsOf(geocode), `geocode as ${user.username}`).toBe(2);
      // The first view: its starting point and the merchants around it in one statement (decision 0114).
      const start = () => t.injectAs(token, { method: 'GET', url: '/merchant-api/locator/start' });
      expect((await start()).statusCode).toBe(200);
      expect(await statementsOf(start), `locator start as ${user.username}`).toBe(2);
    }
  });

  it('answers a merchant with its addresses, mappings and bank account in two statements', async () => {
    const merchant = await makeMerchant(t.database.db, { programs: [cast.program] });
    // The program admin holds BANK_VIEW (bank account read too); the agency user does not.
    for (const user of [cast.programAdmin, cast.agencyUser]) {
      const token = await t.signIn(user.username);
      const get = () => t.injectAs(token, { method: 'GET', url: `/merchant-api/merchant/${merchant.uuid}` });
      const res = await get();
      expect(res.json()).toMatchObject({ merchantUuid: merchant.uuid, addressInfo: { city: 'Hartford' } });
      expect(res.json().merchantPrograms).toHaveLength(1);
      expect(res.json().bankAccountInfo === null, user.username).toBe(user === cast.agencyUser);
      expect(await statementsOf(get), `merchant detail as ${user.username}`).toBe(2);
    }
    // Its terminals (decision 0042): the merchant in scope and its terminals in one statement.
    const token = await t.signIn(cast.programAdmin.username);
    const terminals = `/merchant-api/merchant/${merchant.uuid}/terminals`;
    await t.injectAs(token, { method: 'POST', url: terminals, payload: { name: 'Cost terminal' } });
    const list = () => t.injectAs(token, { method: 'GET', url: terminals });
    expect((await list()).json()).toHaveLength(1);
    expect(await statementsOf(list), 'merchant terminals').toBe(2);
  });

  it('answers an agency, its users and the agency pickers in two statements (decision 0028)', async () => {
    for (const user of [cast.programAdmin, cast.agencyUser]) {
      const token = await t.signIn(user.username);
      for (const url of [
        `/account-api/agency/${cast.agency.uuid}`,
        `/account-api/agency/${cast.agency.uuid}/user`,
        '/account-api/agency?viewable=1',
      ]) {
        const get = () => t.injectAs(token, { method: 'GET', url });
        await get();
        expect(await statementsOf(get), `${url} as ${user.username}`).toBe(2);
      }
    }
  });

  it('answers the admin program list, a program with its funding sources and the configuration in two statements', async () => {
    const token = await t.signIn(cast.platformAdmin.username);
    for (const url of [
      '/admin-api/programs?programName=t',
      `/admin-api/programs/${cast.program.uuid}`,
      '/admin-api/config',
    ]) {
      const get = () => t.injectAs(token, { method: 'GET', url });
      await get();
      expect(await statementsOf(get), url).toBe(2);
    }
  });

  it('answers a transaction with its reversal, benefits, card and merchant in two statements (decision 0034)', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, { program: cast.program, agency: cast.agency, user: cast.recipient });
    const merchant = await makeMerchant(db, { programs: [cast.program] });
    const base = {
      programId: cast.program.id,
      accountId: account.id,
      agencyId: cast.agency.id,
      merchantId: merchant.id,
    };
    const purchase = await makeTransaction(db, base);
    await makeTransaction(db, { ...base, trxTypeId: 4, reversalOfId: purchase.id });
    for (const user of [cast.programAdmin, cast.agencyUser, cast.recipient]) {
      const token = await t.signIn(user.username);
      const get = () => t.injectAs(token, { method: 'GET', url: `/transaction-api/transactions/${purchase.uuid}` });
      expect((await get()).json().reversedBy, user.username).not.toBeNull();
      expect(await statementsOf(get), `transaction detail as ${user.username}`).toBe(2);
    }
    const token = await t.signIn(cast.recipient.username);
    const recent = () =>
      t.injectAs(token, { method: 'GET', url: `/transaction-api/transactions/currentuser/${cast.program.uuid}` });
    expect(await statementsOf(recent), 'recent transactions').toBe(2);
  });

  it('answers a transaction search page with its count in two statements, naming a program and an agency', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, { program: cast.program, agency: cast.agency });
    for (let i = 0; i < 12; i++)
      await makeTransaction(db, { programId: cast.program.id, accountId: account.id, agencyId: cast.agency.id });
    const criteria = `programUuid=${cast.program.uuid}&agencyUuid=${cast.agency.uuid}&startDate=2026-01-01T00:00:00Z`;
    for (const user of [cast.programAdmin, cast.agencyUser]) {
      const token = await t.signIn(user.username);
      for (const page of [0, 1]) {
        const url = `/transaction-api/transactions?${criteria}&pageSize=10&page=${page}`;
        const get = () => t.injectAs(token, { method: 'GET', url });
        const body = (await get()).json();
        expect(body.totalCount, `${user.username} page ${page}`).toBeGreaterThanOrEqual(12);
        expect(body.data.length).toBe(page === 0 ? 10 : body.totalCount - 10);
        expect(await statementsOf(get), `transaction search page ${page} as ${user.username}`).toBe(2);
      }
    }
  });

  it("answers the caller's notifications with their counts in two statements (decision 0043)", async () => {
    const token = await t.signIn(cast.programAdmin.username);
    const get = () => t.injectAs(token, { method: 'GET', url: '/account-api/staff-notifications?pageSize=5' });
    await get();
    expect(await statementsOf(get)).toBe(2);
  });

  it("answers a recipient's external cards, one card and the staff view of an account in two statements", async () => {
    const account = await makeRecipient(t.database.db, {
      program: cast.program,
      agency: cast.agency,
      user: cast.recipient,
    });
    const recipient = await t.signIn(cast.recipient.username);
    const attached = await t.injectAs(recipient, {
      method: 'POST',
      url: '/account-api/external-pan',
      payload: { pan: cardNumber(), name: 'My card', programUuid: cast.program.uuid, externalPanTypeId: 1 },
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const id = (attached.json() as { externalPanId: string }).externalPanId;
    const staff = await t.signIn(cast.agencyUser.username);
    const reads: [string, string][] = [
      [recipient, '/account-api/external-pan/all'],
      [recipient, `/account-api/external-pan/${id}`],
      [staff, `/account-api/external-pan/all/${account.uuid}`],
    ];
    for (const [token, url] of reads) {
      const get = () => t.injectAs(token, { method: 'GET', url });
      await get();
      expect(await statementsOf(get), url).toBe(2);
    }
  });

  it("answers the incentive reads in two statements: the issue form's list, one incentive, enrolments", async () => {
    const { db } = t.database;
    const [funding] = await db
      .insert(fundingSources)
      .values({ programId: cast.program.id, name: 'Cost Funds' })
      .returning();
    const incentive = await makeIncentive(db, cast.program, funding!.id);
    const account = await makeRecipient(db, { program: cast.program, agency: cast.agency, user: cast.recipient });
    const enrolment = await makeEnrolment(db, account.id, incentive.id, { startDate: '2026-12-01' });
    const staff = await t.signIn(cast.agencyUser.username);
    const reads = {
      'incentive list of a program': `/account-api/incentive?programUuid=${cast.program.uuid}`,
      'one incentive': `/account-api/incentive/${incentive.uuid}`,
      "a recipient's enrolments": `/account-api/incentive/recipient-incentive/${account.uuid}`,
      'one enrolment': `/account-api/incentive/recipient-incentive/${enrolment.id}`,
    };
    for (const [label, url] of Object.entries(reads)) {
      const get = () => t.injectAs(staff, { method: 'GET', url });
      await get();
      expect(await statementsOf(get), label).toBe(2);
    }
    const own = await t.signIn(cast.recipient.username);
    const mine = () =>
      t.injectAs(own, { method: 'GET', url: '/account-api/incentive/recipient-incentive/currentrecipient' });
    await mine();
    expect(await statementsOf(mine), "the recipient's enrolments").toBe(2);
  });

  it("answers the recipient portal's reads in two statements each", async () => {
    const user = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
    await makeRecipient(t.database.db, { program: cast.program, agency: cast.agency, user });
    const token = await t.signIn(user.username);
    for (const url of [
      '/account-api/account/currentuser/programs',
      '/benefit-api/benefit/balances',
      '/benefit-api/benefit/balance',
      `/benefit-api/benefit/program/${cast.program.uuid}/balance`,
      '/account-api/notifications?pageSize=5',
      '/account-api/notifications/preferences',
      '/account-api/notifications/events',
      '/merchant-api/merchants/currentuser?city=Hartford',
    ]) {
      const get = () => t.injectAs(token, { method: 'GET', url });
      await get();
      expect(await statementsOf(get), url).toBe(2);
    }
  });

  it('refuses an unknown token in one statement', async () => {
    const res = () => t.injectAs('x'.repeat(43), { method: 'GET', url: '/user-api/user/current' });
    expect(await statementsOf(res, 401)).toBe(1);
  });

  it('reads the farmer application queue and its programs in two statements each (decision 0111)', async () => {
    const token = await t.signIn(cast.programAdmin.username);
    await makeFarmerApplication(t.database.db, t.config, { programs: [cast.program] });
    for (const url of [
      '/merchant-api/farmer-applications/programs',
      '/merchant-api/farmer-applications',
      `/merchant-api/farmer-applications?programId=${cast.program.id}&status=submitted&q=farm`,
    ]) {
      const read = () => t.injectAs(token, { method: 'GET', url });
      await read();
      expect(await statementsOf(read), url).toBe(2);
    }
  });
});

describe('the session in the caller statement', () => {
  it('reads every dashboard figure in two statements, for program and agency staff (docs/dashboard.md)', async () => {
    const { program, agency } = cast;
    for (const user of [cast.programAdmin, cast.agencyUser]) {
      const token = await t.signIn(user.username);
      const filter = `programUuid=${program.uuid}&agencyUuid=${agency.uuid}&dateRange=YTD`;
      for (const url of [
        '/account-api/dash',
        `/account-api/dash/snapshot?${filter}`,
        `/account-api/dash/chart-data?${filter}&dataType=5`,
        `/account-api/dash/top-merchant-redemptions?${filter}`,
        `/account-api/dash/merchant-data/${program.uuid}?dateRange=30`,
        `/account-api/dash/program-funding/${program.uuid}?dateRange=MTD`,
        `/account-api/dash/agency-funding/${agency.uuid}`,
      ]) {
        const read = () => t.injectAs(token, { method: 'GET', url });
        await read();
        expect(await statementsOf(read), url).toBe(2);
      }
    }
  });

  it('writes last_seen_at at most once a minute and keeps the session alive across the idle limit', async () => {
    const token = await t.signIn(cast.agencyAdmin.username);
    const seen = async () =>
      (await t.database.db.select().from(sessions).where(eq(sessions.userId, cast.agencyAdmin.id)))[0]!.lastSeenAt;
    const first = await seen();
    t.clock.advance(TOUCH_EVERY_MS / 2);
    await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' });
    expect(await seen()).toEqual(first);
    t.clock.advance(TOUCH_EVERY_MS);
    await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' });
    expect((await seen()).getTime()).toBe(t.clock.now().getTime());
  });

  it("renews a session idle until the time-out warning, as 'Stay signed in' does (decision 0063)", async () => {
    const token = await t.signIn(cast.agencyAdmin.username);
    const current = () => t.injectAs(token, { method: 'GET', url: '/user-api/user/current' });
    // The warning shows after 18 idle minutes; its button's call is the first since the sign-in.
    t.clock.advance(INACTIVITY_TIMEOUT_MS - INACTIVITY_WARNING_MS);
    expect((await current()).statusCode).toBe(200);
    // 20 minutes less a second later (38 after the sign-in) the session still answers: the call renewed it.
    t.clock.advance(SESSION_IDLE_MS - 1000);
    expect((await current()).statusCode).toBe(200);
    // Nobody presses it this time: the server ends the session after its 20 idle minutes.
    t.clock.advance(SESSION_IDLE_MS + 1000);
    expect((await current()).statusCode).toBe(401);
  });

  it('refuses the next call of a user disabled elsewhere and ends all their sessions', async () => {
    const token = await t.signIn(cast.agencyUser.username);
    await t.database.db.update(users).set({ statusId: USER_STATUS.DISABLED }).where(eq(users.id, cast.agencyUser.id));
    const res = await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' });
    expect(res.statusCode).toBe(401);
    const open = await t.database.db.select().from(sessions).where(eq(sessions.userId, cast.agencyUser.id));
    expect(open.every((s) => s.endedAt !== null)).toBe(true);
  });
});
