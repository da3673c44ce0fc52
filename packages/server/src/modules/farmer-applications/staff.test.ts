import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import {
  FARMER_APPLICATION_MESSAGES as M,
  type FarmerApplicationSearchResult,
  type StaffFarmerApplication,
} from '@ebt/core/farmer-applications';
import { BANK_CHANGE_MESSAGES } from '@ebt/core/bank-changes';
import { displayPhone } from '@ebt/core/format';
import { fillMessage } from '@ebt/core/messages';
import { PRIVILEGE_LIST } from '@ebt/core/privileges';
import {
  auditLog,
  farmerApplicationEvents,
  farmerApplications,
  merchantAddresses,
  merchantBankAccounts,
  merchantBankChangeRequests,
  merchantPrograms,
  merchants,
  merchantUsers,
  outbox,
  programs,
  rolePrivileges,
  staffNotifications,
  users,
} from '../../db/schema/index.js';
import { decrypt, seal } from '../../platform/crypto.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { makeFarmer } from '../../testing/farmer.js';
import {
  ACCOUNT,
  lastMessage,
  makeFarmerApplication,
  type MakeApplicationOptions,
  ROUTING,
  TAX_ID,
} from '../../testing/farmer-applications.js';
import { makeMerchant } from '../../testing/merchants.js';
import { buildWorld } from '../../testing/world.js';

// The staff review (docs/decisions/0111): the queue and the detail scoped to the caller's programs, the duplicates,
// asking for more information, refusing, and approving into a merchant with its farmer user, once.

const t = useTestApp();

async function makeWorld() {
  const world = await buildWorld(t, {
    programs: {
      p: { name: 'Pine Farmers' },
      q: { name: 'Quince Farmers' },
      d: { name: 'Dormant Farmers', statusId: 1 },
    },
    agencies: { a: { program: 'p' } },
    users: {
      adminP: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p', 'd'], firstName: 'Paula', lastName: 'Reviewer' },
      adminQ: { roleId: ROLE.PROGRAM_ADMIN, programs: ['q'] },
      viewerP: { roleId: ROLE.PROGRAM_USER, programs: ['p'] },
      // Agency admins get MERCHANT_ADD here (not by default): a decider without BANK_VIEW.
      agencyAdmin: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a'] },
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
    },
  });
  await t.database.db
    .insert(rolePrivileges)
    .values(
      PRIVILEGE_LIST.filter((p) => p.code === 'MERCHANT_ADD').map((p) => ({
        roleId: ROLE.AGENCY_ADMIN,
        privilegeId: p.privilegeId,
      })),
    )
    .onConflictDoNothing();
  return world;
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});
beforeEach(() => t.clock.advance(60_000));

type Who = 'adminP' | 'adminQ' | 'viewerP' | 'agencyAdmin' | 'platformAdmin';
const tokens: Partial<Record<Who, string>> = {};
/** A fresh session (the clock moves past the idle limit between files' tests). */
async function tokenOf(who: Who) {
  tokens[who] = await t.signIn(w.users[who].username);
  return tokens[who];
}
const call = async (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.injectAs(await tokenOf(who), { method, url, ...(payload ? { payload } : {}) });

const application = (options: Partial<MakeApplicationOptions> = {}) =>
  makeFarmerApplication(t.database.db, t.config, { programs: [w.programs.p], ...options });
const detail = (who: Who, uuid: string) => call(who, 'GET', `/merchant-api/farmer-applications/${uuid}`);
const approve = (who: Who, uuid: string, merchantIdentifier = `FA-T-${randomUUID().slice(0, 8)}`) =>
  call(who, 'POST', `/merchant-api/farmer-applications/${uuid}/approve`, { merchantIdentifier });
const keys = () => ({ current: t.config.encryptionKey, previous: t.config.previousEncryptionKeys });

describe('the review queue', () => {
  it("lists the applications naming one of the caller's programs, waiting longest first, then decided newest", async () => {
    const marker = `Queue${Date.now().toString(36)}`;
    const at = (iso: string) => new Date(iso);
    const old = await application({ farmName: `${marker} Old`, submittedAt: at('2026-11-01T10:00:00Z') });
    const both = await application({
      farmName: `${marker} Both`,
      programs: [w.programs.p, w.programs.q],
      status: 'more-info',
      submittedAt: at('2026-11-05T10:00:00Z'),
    });
    const qOnly = await application({ farmName: `${marker} Quince`, programs: [w.programs.q] });
    const decidedLate = await application({
      farmName: `${marker} Refused`,
      status: 'refused',
      submittedAt: at('2026-10-01T10:00:00Z'),
      decidedAt: at('2026-11-10T10:00:00Z'),
    });
    const decidedEarly = await application({
      farmName: `${marker} Approved`,
      status: 'approved',
      submittedAt: at('2026-09-01T10:00:00Z'),
      decidedAt: at('2026-10-10T10:00:00Z'),
    });
    const names = async (who: Who, query = '') => {
      const res = await call(who, 'GET', `/merchant-api/farmer-applications?q=${marker}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as FarmerApplicationSearchResult).data.map((r) => r.farmName.replace(`${marker} `, ''));
    };
    expect(await names('adminP')).toEqual(['Old', 'Both', 'Refused', 'Approved']);
    expect(await names('viewerP')).toEqual(['Old', 'Both', 'Refused', 'Approved']);
    expect(await names('agencyAdmin')).toEqual(['Old', 'Both', 'Refused', 'Approved']);
    expect(await names('adminQ')).toEqual(['Both', 'Quince']);
    expect(await names('platformAdmin')).toEqual(['Old', 'Both', 'Quince', 'Refused', 'Approved']);
    expect(await names('adminP', '&status=more-info')).toEqual(['Both']);
    expect(await names('adminP', `&programId=${w.programs.q.id}`)).toEqual([]); // not the caller's program
    expect(await names('platformAdmin', `&programId=${w.programs.q.id}`)).toEqual(['Both', 'Quince']);

    const page = (await call('adminP', 'GET', `/merchant-api/farmer-applications?q=${marker.toLowerCase()}`)).json();
    expect(page).toMatchObject({ page: 0, totalCount: 4, totalPages: 1, countCapped: false });
    expect(page.data[1]).toMatchObject({
      applicationUuid: both.application.uuid,
      applicationNumber: `FA-${String(both.application.id).padStart(6, '0')}`,
      status: 'more-info',
      contactName: `Ana ${both.application.contactLastName}`,
      city: 'Tolland',
      programs: ['Pine Farmers', 'Quince Farmers'],
    });
    // By application number, as staff quote it.
    const byNumber = await call(
      'adminP',
      'GET',
      `/merchant-api/farmer-applications?q=FA-${String(old.application.id).padStart(6, '0')}`,
    );
    expect((byNumber.json() as FarmerApplicationSearchResult).data.map((r) => r.applicationUuid)).toEqual([
      old.application.uuid,
    ]);
    const byEmail = await call(
      'adminP',
      'GET',
      `/merchant-api/farmer-applications?q=${encodeURIComponent(decidedLate.application.email.toUpperCase())}`,
    );
    expect((byEmail.json() as FarmerApplicationSearchResult).data.map((r) => r.applicationUuid)).toEqual([
      decidedLate.application.uuid,
    ]);
    expect(qOnly.application.id).toBeGreaterThan(0);
    expect(decidedEarly.application.id).toBeGreaterThan(0);
  });

  it("answers the caller's programs for the queue's filter", async () => {
    const res = await call('adminP', 'GET', '/merchant-api/farmer-applications/programs');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { programId: w.programs.d.id, programName: 'Dormant Farmers' },
      { programId: w.programs.p.id, programName: 'Pine Farmers' },
    ]);
    expect((await call('agencyAdmin', 'GET', '/merchant-api/farmer-applications/programs')).statusCode).toBe(200);
  });
});

describe('an application in detail', () => {
  it('answers it with its history, the Merchant ID to offer and whether the caller may decide', async () => {
    const { application: app } = await application({ programs: [w.programs.p, w.programs.q] });
    const res = await detail('adminP', app.uuid);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as StaffFarmerApplication;
    expect(answer.application).toMatchObject({ applicationUuid: app.uuid, taxId: '****5678', status: 'submitted' });
    expect(answer.history).toEqual([{ at: '2026-11-20T15:00:00.000Z', action: 'submitted', by: null, note: null }]);
    expect(answer.suggestedMerchantIdentifier).toBe(`FA${String(app.id).padStart(6, '0')}`);
    expect(answer).toMatchObject({ canDecide: true, merchantUuid: null });
    expect((await detail('viewerP', app.uuid)).json().canDecide).toBe(false);
    expect((await detail('adminQ', app.uuid)).statusCode).toBe(200);
    for (const whole of [TAX_ID, ACCOUNT, ROUTING]) expect(res.body).not.toContain(whole);
  });

  it('answers 404 to staff of another program, as for an unknown application', async () => {
    const { application: app } = await application();
    for (const [who, uuid] of [
      ['adminQ', app.uuid],
      ['adminP', randomUUID()],
    ] as const) {
      const res = await detail(who, uuid);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.APPLICATION_NOT_FOUND);
    }
    // Nor can they act on it.
    expect(
      (await call('adminQ', 'POST', `/merchant-api/farmer-applications/${app.uuid}/refuse`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await approve('adminQ', app.uuid)).statusCode).toBe(404);
  });

  it('flags the applications and merchants that share its tax id, bank account, e-mail or farm address', async () => {
    const db = t.database.db;
    const tag = Date.now().toString(36);
    const email = `dup.${tag}@example.com`;
    const address1 = `${tag} Duplicate Road`;
    // Numbers of this test's own, so the other tests' applications (the fixture's numbers) are not among them.
    const TAX = '123454321';
    const ACC = '5555444433';
    const { application: app } = await application({ email, address1, zipcode: '06084', taxId: TAX, account: ACC });
    const other = (o: Partial<MakeApplicationOptions>) =>
      application({ taxId: '111110000', account: '22220000', routing: '021000021', ...o });
    const sameTax = await other({ taxId: TAX });
    await other({ taxId: '999994321' }); // the same last four only
    const sameBank = await other({ account: ACC, routing: ROUTING, programs: [w.programs.q] });
    await other({ account: ACC }); // the same account at another bank
    const sameEmail = await other({ email: email.toUpperCase() });
    const sameAddress = await other({ address1: address1.toUpperCase(), zipcode: '06084-1234' });
    await other({ address1, zipcode: '06085' }); // the same street in another ZIP

    /** A merchant sealed with the app's keys (the merchant fixture seals with its own). */
    async function merchant(
      programId: number,
      o: { taxId?: string; account?: string; email?: string; address1?: string },
    ) {
      const m = await makeMerchant(db, {
        programs: [{ id: programId }],
        taxId: null,
        bank: null,
        email: o.email ?? null,
      });
      if (o.taxId) {
        const tax = seal(o.taxId, t.config);
        await db
          .update(merchants)
          .set({ taxIdEncrypted: tax.encrypted, taxIdLast4: tax.last4 })
          .where(eq(merchants.id, m.id));
      }
      if (o.account) {
        const account = seal(o.account, t.config);
        const routing = seal(ROUTING, t.config);
        await db.insert(merchantBankAccounts).values({
          uuid: randomUUID(),
          merchantId: m.id,
          accountNumberEncrypted: account.encrypted,
          accountNumberLast4: account.last4,
          routingNumberEncrypted: routing.encrypted,
          routingNumberLast4: routing.last4,
          accountTypeId: 0,
          firstName: 'Dana',
          lastName: 'Holder',
        });
      }
      if (o.address1)
        await db
          .update(merchantAddresses)
          .set({ address1: o.address1, zipcode: '06084' })
          .where(and(eq(merchantAddresses.merchantId, m.id), eq(merchantAddresses.kind, 'physical')));
      return m;
    }
    const mTax = await merchant(w.programs.q.id, { taxId: TAX });
    const mBank = await merchant(w.programs.p.id, { account: ACC });
    const mEmail = await merchant(w.programs.p.id, { email: email.toUpperCase() });
    const mAddress = await merchant(w.programs.p.id, { address1: address1.toLowerCase() });
    await merchant(w.programs.p.id, { taxId: '888884321' }); // the same last four only

    const res = await detail('adminP', app.uuid);
    expect(res.statusCode, res.body).toBe(200);
    const { duplicates } = res.json() as StaffFarmerApplication;
    const summary = duplicates.map((d) => [d.kind, d.uuid, d.fields, d.inScope]);
    expect(summary).toEqual([
      ['application', sameTax.application.uuid, ['taxId'], true],
      ['application', sameBank.application.uuid, ['bankAccount'], false],
      ['application', sameEmail.application.uuid, ['email'], true],
      ['application', sameAddress.application.uuid, ['address'], true],
      ['merchant', mTax.uuid, ['taxId'], false],
      ['merchant', mBank.uuid, ['bankAccount'], true],
      ['merchant', mEmail.uuid, ['email'], true],
      ['merchant', mAddress.uuid, ['address'], true],
    ]);
    expect(duplicates[0]).toMatchObject({
      name: sameTax.application.farmName,
      reference: `FA-${String(sameTax.application.id).padStart(6, '0')}`,
      status: 'submitted',
    });
    expect(duplicates[4]).toMatchObject({ name: mTax.name, reference: mTax.merchantIdentifier, status: null });
    for (const whole of [TAX, ACC, ROUTING]) expect(res.body).not.toContain(whole);
  });
});

describe('asking for more information and refusing', () => {
  it('asks the farmer in their language, with the note and the link, and keeps it in the history', async () => {
    const { application: app, token } = await application({ language: 'es' });
    const res = await call('adminP', 'POST', `/merchant-api/farmer-applications/${app.uuid}/more-info`, {
      note: 'Indique los mercados.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: M.MORE_INFO_SENT, status: 'more-info', merchantUuid: null });
    const mail = await lastMessage(t.database.db, app.email);
    expect(mail.subject).toMatch(/^Necesitamos más información/);
    expect(mail.body).toContain('Indique los mercados.');
    expect(mail.body).toContain(`/apply/farmer/status?hash=${token}`);
    expect((await lastMessage(t.database.db, app.mobilePhone, 'sms')).body).toContain(token);
    const history = (await detail('adminP', app.uuid)).json().history;
    expect(history.at(-1)).toMatchObject({ action: 'more-info', by: 'Paula Reviewer', note: 'Indique los mercados.' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, app.uuid), eq(auditLog.action, 'more-info')));
    expect(audit).toMatchObject({ entity: 'farmer_application', actorUserId: w.users.adminP.id });
    expect(JSON.stringify(audit)).not.toContain(token);
    // Asking again while it waits is fine; refusing it then too.
    expect(
      (await call('adminP', 'POST', `/merchant-api/farmer-applications/${app.uuid}/more-info`, { note: 'Y?' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses with a reason the farmer is told, once', async () => {
    const { application: app } = await application({ status: 'more-info' });
    const url = `/merchant-api/farmer-applications/${app.uuid}/refuse`;
    const res = await call('adminP', 'POST', url, { reason: 'You sell outside the state.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: M.REFUSED, status: 'refused', merchantUuid: null });
    const [row] = await t.database.db.select().from(farmerApplications).where(eq(farmerApplications.id, app.id));
    expect(row).toMatchObject({
      status: 'refused',
      refusalReason: 'You sell outside the state.',
      decidedBy: w.users.adminP.id,
    });
    expect(row!.decidedAt?.getTime()).toBe(t.clock.now().getTime());
    const mail = await lastMessage(t.database.db, app.email);
    expect(mail.subject).toMatch(/^Application refused: FA-/);
    expect(mail.body).toContain('Reason: You sell outside the state.');
    // Told how to reach the program it applied to, not only to "contact the program".
    const [program] = await t.database.db.select().from(programs).where(eq(programs.id, w.programs.p.id));
    expect(mail.body).toContain(
      `If you have questions, contact the program:\n- ${program!.name}: ${program!.contactEmail}, ${displayPhone(program!.contactPhone)}\n`,
    );
    const again = await call('adminP', 'POST', url, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.ALREADY_DECIDED);
    const more = await call('adminP', 'POST', `/merchant-api/farmer-applications/${app.uuid}/more-info`, { note: 'x' });
    expect(more.statusCode).toBe(409);
    expect((await call('adminP', 'POST', url, { reason: '' })).statusCode).toBe(400);
  });

  it('is refused to staff without merchant rights (403)', async () => {
    const { application: app } = await application();
    for (const action of ['more-info', 'refuse', 'approve'])
      expect(
        (
          await call('viewerP', 'POST', `/merchant-api/farmer-applications/${app.uuid}/${action}`, {
            note: 'x',
            reason: 'x',
            merchantIdentifier: 'X1',
          })
        ).statusCode,
      ).toBe(403);
  });
});

describe('approving', () => {
  it('creates the merchant, its addresses, mapping and bank account, and invites the contact', async () => {
    const mailing = { addressOne: 'PO Box 7', addressTwo: null, city: 'Hartford', stateCode: 'CT', zipcode: '06103' };
    const { application: app, token } = await application({
      programs: [w.programs.p, w.programs.q],
      businessPhone: '8605550100',
      mailingAddress: mailing,
      zipcode: '06033',
      language: 'es',
    });
    const identifier = `FA${String(app.id).padStart(6, '0')}`;
    const res = await approve('adminP', app.uuid, identifier);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ message: M.APPROVED, status: 'approved' });
    const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.uuid, answer.merchantUuid));
    expect(merchant).toMatchObject({
      merchantIdentifier: identifier,
      name: app.farmName,
      email: app.email,
      businessPhone: '8605550100',
      mobilePhone: '8605550177',
      tinTypeId: 2,
      taxIdLast4: '5678',
      creationChannel: 'WEB',
      statusId: 0,
    });
    expect(decrypt(merchant!.taxIdEncrypted!, keys())).toBe(TAX_ID);
    expect(merchant!.taxIdEncrypted).not.toBe(app.taxIdEncrypted); // sealed afresh
    const addresses = await t.database.db
      .select()
      .from(merchantAddresses)
      .where(eq(merchantAddresses.merchantId, merchant!.id));
    const byKind = Object.fromEntries(addresses.map((a) => [a.kind, a]));
    expect(byKind.registered).toMatchObject({ address1: app.address1, zipcode: '06033' });
    expect(byKind.physical).toMatchObject({ address1: app.address1, city: 'Tolland' });
    expect(byKind.mailing).toMatchObject({ address1: 'PO Box 7', zipcode: '06103' });
    expect(byKind.physical!.latitude).not.toBeNull();
    expect(merchant!.latitude).toBe(byKind.physical!.latitude);
    // Mapped to the applied program the caller manages only, active.
    const mappings = await t.database.db
      .select()
      .from(merchantPrograms)
      .where(eq(merchantPrograms.merchantId, merchant!.id));
    expect(mappings.map((m) => [m.programId, m.statusId])).toEqual([[w.programs.p.id, 0]]);
    const [bank] = await t.database.db
      .select()
      .from(merchantBankAccounts)
      .where(eq(merchantBankAccounts.merchantId, merchant!.id));
    expect(bank).toMatchObject({ accountNumberLast4: '7889', routingNumberLast4: '0015', firstName: 'Ana' });
    expect(decrypt(bank!.accountNumberEncrypted!, keys())).toBe(ACCOUNT);
    expect(decrypt(bank!.routingNumberEncrypted!, keys())).toBe(ROUTING);
    // The contact, invited as a Pending farmer user of the merchant, in the application's language.
    const [user] = await t.database.db.select().from(users).where(eq(users.email, app.email));
    expect(user).toMatchObject({
      roleId: ROLE.FARMER,
      statusId: USER_STATUS.PENDING,
      firstName: 'Ana',
      lastName: app.contactLastName,
      mobile: '8605550177',
      preferredLanguage: 'es',
    });
    const links = await t.database.db.select().from(merchantUsers).where(eq(merchantUsers.userId, user!.id));
    expect(links.map((l) => l.merchantId)).toEqual([merchant!.id]);
    const activation = await lastMessage(t.database.db, app.email);
    expect(activation.body).toContain('/validate?hash=');
    const [approval] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, app.email), like(outbox.subject, 'Solicitud aprobada%')));
    expect(approval!.body).toContain(identifier);
    expect(approval!.body).toContain(`/apply/farmer/status?hash=${token}`);
    expect(approval!.body).toContain('Pine Farmers');
    expect(approval!.body).not.toContain('Quince Farmers');
    // The application, its history and audit.
    const [row] = await t.database.db.select().from(farmerApplications).where(eq(farmerApplications.id, app.id));
    expect(row).toMatchObject({ status: 'approved', merchantId: merchant!.id, decidedBy: w.users.adminP.id });
    const events = await t.database.db
      .select()
      .from(farmerApplicationEvents)
      .where(eq(farmerApplicationEvents.applicationId, app.id));
    expect(events.map((e) => e.action)).toEqual(['submitted', 'approved']);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} in (${app.uuid}, ${merchant!.uuid})`);
    expect(audits.map((a) => [a.action, a.entity]).sort()).toEqual([
      ['approve', 'farmer_application'],
      ['create', 'merchant'],
    ]);
    expect(audits.find((a) => a.action === 'approve')!.after).toMatchObject({
      bank: 'saved',
      merchantUuid: merchant!.uuid,
    });
    for (const whole of [TAX_ID, ACCOUNT, ROUTING, token]) expect(JSON.stringify(audits)).not.toContain(whole);
    expect((await detail('adminP', app.uuid)).json().merchantUuid).toBe(merchant!.uuid);
    // Once only.
    const again = await approve('adminP', app.uuid);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.ALREADY_DECIDED);
  });

  it('leaves the bank account pending for staff with bank rights when the approver has none', async () => {
    const { application: app } = await application();
    const res = await approve('agencyAdmin', app.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.APPROVED_BANK_PENDING);
    const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.uuid, res.json().merchantUuid));
    expect(
      await t.database.db.select().from(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, merchant!.id)),
    ).toEqual([]);
    const [request] = await t.database.db
      .select()
      .from(merchantBankChangeRequests)
      .where(eq(merchantBankChangeRequests.merchantId, merchant!.id));
    expect(request).toMatchObject({
      status: 'pending',
      requestedBy: null,
      accountNumberLast4: '7889',
      note: `From farmer application FA-${String(app.id).padStart(6, '0')}`,
    });
    expect(decrypt(request!.accountNumberEncrypted, keys())).toBe(ACCOUNT);
    // The program's staff with bank rights are told (the program admin of p), in the app and by e-mail; the
    // approver, without them, and staff of other programs are not.
    const told = await t.database.db
      .select({ userId: staffNotifications.userId, text: staffNotifications.text })
      .from(staffNotifications)
      .where(and(eq(staffNotifications.topic, 'bank-change'), like(staffNotifications.text, `${merchant!.name} %`)));
    expect(told).toEqual([
      {
        userId: w.users.adminP.id,
        text: fillMessage(BANK_CHANGE_MESSAGES.STAFF_NEW_ACCOUNT, { merchant: merchant!.name }),
      },
    ]);
    const mail = await lastMessage(t.database.db, w.users.adminP.email);
    expect(mail).toMatchObject({ kind: 'bank-account-to-confirm', subject: BANK_CHANGE_MESSAGES.STAFF_NEW_SUBJECT });
    expect(mail.body).toContain('/program/notifications');
    // Staff with bank rights confirm it as any request.
    const confirm = await call(
      'adminP',
      'POST',
      `/merchant-api/merchant/${merchant!.uuid}/bank-change-requests/${request!.uuid}/confirm`,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [bank] = await t.database.db
      .select()
      .from(merchantBankAccounts)
      .where(eq(merchantBankAccounts.merchantId, merchant!.id));
    expect(bank!.accountNumberLast4).toBe('7889');
  });

  it('makes exactly one merchant, mapping, farmer user and link when clicked twice at once', async () => {
    const { application: app } = await application();
    const token = await tokenOf('adminP');
    const send = (id: string) =>
      t.injectAs(token, {
        method: 'POST',
        url: `/merchant-api/farmer-applications/${app.uuid}/approve`,
        payload: { merchantIdentifier: id },
      });
    const answers = await Promise.all([send(`TWICE-${app.id}-A`), send(`TWICE-${app.id}-B`)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(M.ALREADY_DECIDED);
    const made = await t.database.db.select().from(merchants).where(eq(merchants.email, app.email));
    expect(made).toHaveLength(1);
    expect(
      await t.database.db.select().from(merchantPrograms).where(eq(merchantPrograms.merchantId, made[0]!.id)),
    ).toHaveLength(1);
    const people = await t.database.db.select().from(users).where(eq(users.email, app.email));
    expect(people).toHaveLength(1);
    expect(
      await t.database.db.select().from(merchantUsers).where(eq(merchantUsers.userId, people[0]!.id)),
    ).toHaveLength(1);
  });

  it('links a contact who is already a farmer user, and refuses one who is staff, leaving nothing behind', async () => {
    const farmer = await makeFarmer(t.database.db, [await makeMerchant(t.database.db)], {
      email: `farmer.${Date.now().toString(36)}@example.com`,
    });
    const linked = await application({ email: farmer.email });
    expect((await approve('adminP', linked.application.uuid)).statusCode).toBe(200);
    expect(await t.database.db.select().from(merchantUsers).where(eq(merchantUsers.userId, farmer.id))).toHaveLength(2);

    const staff = await makeUser(t.database.db, {
      roleId: ROLE.PROGRAM_USER,
      email: `staff.${Date.now().toString(36)}@example.com`,
    });
    const { application: app } = await application({ email: staff.email });
    const res = await approve('adminP', app.uuid, `STAFF-${app.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessages).toEqual([
      expect.objectContaining({ appErrorMessage: M.CONTACT_NOT_FARMER, field: 'email' }),
    ]);
    expect(
      await t.database.db
        .select()
        .from(merchants)
        .where(eq(merchants.merchantIdentifier, `STAFF-${app.id}`)),
    ).toEqual([]);
    const [row] = await t.database.db.select().from(farmerApplications).where(eq(farmerApplications.id, app.id));
    expect(row!.status).toBe('submitted');
  });

  it('refuses a Merchant ID in use, an application waiting on the farmer, and one of no enabled program of the caller', async () => {
    const taken = await makeMerchant(t.database.db);
    const { application: app } = await application();
    const res = await approve('adminP', app.uuid, taken.merchantIdentifier);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessages).toEqual([
      expect.objectContaining({ appErrorMessage: M.MERCHANT_ID_TAKEN, field: 'merchantIdentifier' }),
    ]);

    const waiting = await application({ status: 'more-info' });
    const notSubmitted = await approve('adminP', waiting.application.uuid);
    expect(notSubmitted.statusCode).toBe(409);
    expect(notSubmitted.json().message).toBe(M.NOT_SUBMITTED);

    const refused = await application({ status: 'refused' });
    expect((await approve('adminP', refused.application.uuid)).json().message).toBe(M.ALREADY_DECIDED);

    const dormant = await application({ programs: [w.programs.d] });
    const none = await approve('adminP', dormant.application.uuid);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(M.NO_PROGRAM_IN_SCOPE);
  });
});
