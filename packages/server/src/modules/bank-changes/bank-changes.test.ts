import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BANK_CHANGE_MESSAGES, type FarmerBankChange, type StaffBankChangeList } from '@ebt/core/bank-changes';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { fillMessage } from '@ebt/core/messages';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import {
  auditLog,
  merchantBankAccounts,
  merchantBankChangeRequests,
  outbox,
  staffNotifications,
  users,
} from '../../db/schema/index.js';
import { decrypt } from '../../platform/crypto.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { makeFarmer } from '../../testing/farmer.js';
import { makeMerchant } from '../../testing/merchants.js';
import { buildWorld } from '../../testing/world.js';

// A farmer asks for new bank numbers; staff with BANK_VIEW confirm (the numbers go into the merchant's account through
// the staff bank save) or refuse. The numbers are sealed at rest and answered by their last four only.

const t = useTestApp();

const NEW_ROUTING = '011000015';
const NEW_ACCOUNT = '5566778899';

const validRequest = (overrides: Record<string, unknown> = {}) => ({
  bankName: 'Harvest Credit Union',
  bankRoutingNumber: NEW_ROUTING,
  bankAccountNumber: NEW_ACCOUNT,
  confirmAccountNumber: NEW_ACCOUNT,
  bankAccountType: 0,
  firstName: 'Rosa',
  lastName: 'Field',
  note: 'We moved banks.',
  ...overrides,
});

async function scene() {
  const w = await buildWorld(t, {
    programs: { p: {}, other: {} },
    users: {
      admin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p'] },
      otherAdmin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['other'] },
      agencyAdmin: { roleId: ROLE.AGENCY_ADMIN, programs: ['p'] },
    },
  });
  const merchant = await makeMerchant(t.database.db, {
    programs: [w.programs.p],
    bank: { accountNumber: '000111222333', routingNumber: '021000021' },
  });
  const otherMerchant = await makeMerchant(t.database.db, { programs: [w.programs.p] });
  const farmer = await makeFarmer(t.database.db, [merchant], { email: 'rosa@example.com' });
  const farmerToken = await t.signIn(farmer.username);
  const farmerUrl = `/merchant-api/farmer/merchants/${merchant.uuid}/bank-change-requests`;
  const staffUrl = `/merchant-api/merchant/${merchant.uuid}/bank-change-requests`;
  return { w, merchant, otherMerchant, farmer, farmerToken, farmerUrl, staffUrl };
}

async function request(s: Awaited<ReturnType<typeof scene>>, overrides: Record<string, unknown> = {}) {
  const res = await t.injectAs(s.farmerToken, { method: 'POST', url: s.farmerUrl, payload: validRequest(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { requestUuid: string };
}

const keys = () => ({ current: t.config.encryptionKey, previous: t.config.previousEncryptionKeys });

describe('the farmer asks for a bank change', () => {
  it('stores the numbers sealed and answers them by their last four only', async () => {
    const s = await scene();
    const res = await t.injectAs(s.farmerToken, { method: 'POST', url: s.farmerUrl, payload: validRequest() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', accountNumber: '****8899', routingNumber: '****0015' });
    expect(res.body).not.toContain(NEW_ACCOUNT);
    expect(res.body).not.toContain(NEW_ROUTING);
    const [row] = await t.database.db
      .select()
      .from(merchantBankChangeRequests)
      .where(eq(merchantBankChangeRequests.merchantId, s.merchant.id));
    expect(JSON.stringify(row)).not.toContain(NEW_ACCOUNT);
    expect(JSON.stringify(row)).not.toContain(NEW_ROUTING);
    expect(decrypt(row!.accountNumberEncrypted, keys())).toBe(NEW_ACCOUNT);
    expect(row).toMatchObject({ accountNumberLast4: '8899', routingNumberLast4: '0015', requestedBy: s.farmer.id });

    const latest = await t.injectAs(s.farmerToken, { method: 'GET', url: s.farmerUrl });
    expect(latest.statusCode).toBe(200);
    expect((latest.json() as FarmerBankChange).request).toMatchObject({ status: 'pending', note: 'We moved banks.' });
    expect(latest.body).not.toContain(NEW_ACCOUNT);

    // Staff of the merchant's program who hold BANK_VIEW are told; the agency admin (no BANK_VIEW) is not.
    const told = await t.database.db
      .select({ userId: staffNotifications.userId })
      .from(staffNotifications)
      .where(eq(staffNotifications.topic, 'bank-change'));
    expect(told.map((n) => n.userId)).toEqual([s.w.users.admin.id]);
    // The merchant's account is untouched until staff confirm.
    const [account] = await t.database.db
      .select()
      .from(merchantBankAccounts)
      .where(eq(merchantBankAccounts.merchantId, s.merchant.id));
    expect(account!.accountNumberLast4).toBe('2333');
  });

  it("tells the platform admins when nobody in the merchant's programs holds BANK_VIEW", async () => {
    const w = await buildWorld(t, {
      programs: { lone: {} },
      agencies: { a: { program: 'lone' } },
      users: {
        agencyAdmin: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a'] },
        platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      },
    });
    const disabledAdmin = await makeUser(t.database.db, {
      roleId: ROLE.PLATFORM_ADMIN,
      statusId: USER_STATUS.DISABLED,
    });
    const merchant = await makeMerchant(t.database.db, { programs: [w.programs.lone] });
    const farmer = await makeFarmer(t.database.db, [merchant]);
    const res = await t.injectAs(await t.signIn(farmer.username), {
      method: 'POST',
      url: `/merchant-api/farmer/merchants/${merchant.uuid}/bank-change-requests`,
      payload: validRequest(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const told = (
      await t.database.db
        .select({ userId: staffNotifications.userId })
        .from(staffNotifications)
        .where(
          and(
            eq(staffNotifications.topic, 'bank-change'),
            eq(staffNotifications.text, fillMessage(BANK_CHANGE_MESSAGES.STAFF_REQUESTED, { merchant: merchant.name })),
          ),
        )
    ).map((n) => n.userId);
    // Every live platform admin (other tests' too), never the disabled one or the agency admin without BANK_VIEW.
    expect(told).toContain(w.users.platformAdmin.id);
    expect(told).not.toContain(disabledAdmin.id);
    expect(told).not.toContain(w.users.agencyAdmin.id);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, w.users.platformAdmin.email), eq(outbox.kind, 'bank-change-requested')));
    expect(mail!.body).toContain('/admin/notifications');
    expect(mail!.body).not.toContain('/program/notifications');
  });

  it('replaces a pending request with a new one', async () => {
    const s = await scene();
    const first = await request(s);
    const second = await request(s, { bankAccountNumber: '12345678', confirmAccountNumber: '12345678' });
    const rows = await t.database.db
      .select({ uuid: merchantBankChangeRequests.uuid, status: merchantBankChangeRequests.status })
      .from(merchantBankChangeRequests)
      .where(eq(merchantBankChangeRequests.merchantId, s.merchant.id));
    expect(rows).toEqual(
      expect.arrayContaining([
        { uuid: first.requestUuid, status: 'withdrawn' },
        { uuid: second.requestUuid, status: 'pending' },
      ]),
    );
  });

  it('refuses a bad routing number, a masked or mismatched account number', async () => {
    const s = await scene();
    const bad = await t.injectAs(s.farmerToken, {
      method: 'POST',
      url: s.farmerUrl,
      payload: validRequest({ bankRoutingNumber: '011000016' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(MERCHANT_MESSAGES.ROUTING_CHECK_DIGIT);
    const masked = await t.injectAs(s.farmerToken, {
      method: 'POST',
      url: s.farmerUrl,
      payload: validRequest({ bankAccountNumber: '****2333', confirmAccountNumber: '****2333' }),
    });
    expect(masked.statusCode).toBe(400);
    expect(masked.body).toContain(BANK_CHANGE_MESSAGES.ACCOUNT_DIGITS);
    const differ = await t.injectAs(s.farmerToken, {
      method: 'POST',
      url: s.farmerUrl,
      payload: validRequest({ confirmAccountNumber: '5566778898' }),
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.body).toContain(BANK_CHANGE_MESSAGES.ACCOUNTS_DIFFER);
  });

  it("answers 404 for a merchant the farmer does not sell for, and staff's 403", async () => {
    const s = await scene();
    const other = await t.injectAs(s.farmerToken, {
      method: 'POST',
      url: `/merchant-api/farmer/merchants/${s.otherMerchant.uuid}/bank-change-requests`,
      payload: validRequest(),
    });
    expect(other.statusCode).toBe(404);
    const staffTry = await t.injectAs(s.w.tokens.admin, { method: 'POST', url: s.farmerUrl, payload: validRequest() });
    expect(staffTry.statusCode).toBe(403);
  });

  it('withdraws a pending request, and a decided one answers 409', async () => {
    const s = await scene();
    const { requestUuid } = await request(s);
    const url = `${s.farmerUrl}/${requestUuid}`;
    const res = await t.injectAs(s.farmerToken, { method: 'DELETE', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: BANK_CHANGE_MESSAGES.WITHDRAWN });
    expect((await t.injectAs(s.farmerToken, { method: 'DELETE', url })).statusCode).toBe(409);
    const latest = await t.injectAs(s.farmerToken, { method: 'GET', url: s.farmerUrl });
    expect((latest.json() as FarmerBankChange).request).toBeNull();
  });
});

describe('staff decide a bank change', () => {
  it('lists the request masked, with who asked', async () => {
    const s = await scene();
    await request(s);
    const res = await t.injectAs(s.w.tokens.admin, { method: 'GET', url: s.staffUrl });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as StaffBankChangeList;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'pending', accountNumber: '****8899', requestedBy: s.farmer.username });
    expect(res.body).not.toContain(NEW_ACCOUNT);
  });

  it('answers 403 without BANK_VIEW and 404 out of scope', async () => {
    const s = await scene();
    const { requestUuid } = await request(s);
    const noBank = await t.injectAs(s.w.tokens.agencyAdmin, { method: 'GET', url: s.staffUrl });
    expect(noBank.statusCode).toBe(403);
    const confirmNoBank = await t.injectAs(s.w.tokens.agencyAdmin, {
      method: 'POST',
      url: `${s.staffUrl}/${requestUuid}/confirm`,
    });
    expect(confirmNoBank.statusCode).toBe(403);
    const outside = await t.injectAs(s.w.tokens.otherAdmin, { method: 'GET', url: s.staffUrl });
    expect(outside.statusCode).toBe(404);
    const confirmOutside = await t.injectAs(s.w.tokens.otherAdmin, {
      method: 'POST',
      url: `${s.staffUrl}/${requestUuid}/confirm`,
    });
    expect(confirmOutside.statusCode).toBe(404);
  });

  it('confirm applies the new numbers, audits the before and after, and e-mails the farmer', async () => {
    const s = await scene();
    const { requestUuid } = await request(s);
    const res = await t.injectAs(s.w.tokens.admin, { method: 'POST', url: `${s.staffUrl}/${requestUuid}/confirm` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: BANK_CHANGE_MESSAGES.APPLIED });
    const [account] = await t.database.db
      .select()
      .from(merchantBankAccounts)
      .where(eq(merchantBankAccounts.merchantId, s.merchant.id));
    expect(decrypt(account!.accountNumberEncrypted!, keys())).toBe(NEW_ACCOUNT);
    expect(decrypt(account!.routingNumberEncrypted!, keys())).toBe(NEW_ROUTING);
    expect(account).toMatchObject({ accountNumberLast4: '8899', firstName: 'Rosa', bankName: 'Harvest Credit Union' });
    const [row] = await t.database.db
      .select()
      .from(merchantBankChangeRequests)
      .where(eq(merchantBankChangeRequests.uuid, requestUuid));
    expect(row).toMatchObject({ status: 'applied', decidedBy: s.w.users.admin.id });
    const [update] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bank_update'), eq(auditLog.entityId, s.merchant.uuid)));
    expect(update!.before).toMatchObject({ accountMasked: '****2333' });
    expect(update!.after).toMatchObject({ accountMasked: '****8899' });
    expect(JSON.stringify(update)).not.toContain(NEW_ACCOUNT);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'rosa@example.com'));
    expect(mail!.subject).toContain('Bank account changed');
    expect(mail!.body).toContain('8899');
    expect(mail!.body).not.toContain(NEW_ACCOUNT);
    expect(mail).toMatchObject({ kind: 'bank-change-applied' });
    expect(mail!.html).toContain('8899');
    expect(mail!.html).not.toContain(NEW_ACCOUNT);
    const again = await t.injectAs(s.w.tokens.admin, { method: 'POST', url: `${s.staffUrl}/${requestUuid}/confirm` });
    expect(again.statusCode).toBe(409);
  });

  it('refuse keeps the old numbers and tells the farmer why, in their language', async () => {
    const s = await scene();
    const { requestUuid } = await request(s);
    // The farmer chose Spanish.
    await t.database.db.update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, s.farmer.id));
    const empty = await t.injectAs(s.w.tokens.admin, {
      method: 'POST',
      url: `${s.staffUrl}/${requestUuid}/refuse`,
      payload: { reason: '' },
    });
    expect(empty.statusCode).toBe(400);
    const res = await t.injectAs(s.w.tokens.admin, {
      method: 'POST',
      url: `${s.staffUrl}/${requestUuid}/refuse`,
      payload: { reason: 'The holder name does not match the business.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [account] = await t.database.db
      .select()
      .from(merchantBankAccounts)
      .where(eq(merchantBankAccounts.merchantId, s.merchant.id));
    expect(account!.accountNumberLast4).toBe('2333');
    const latest = await t.injectAs(s.farmerToken, { method: 'GET', url: s.farmerUrl });
    expect((latest.json() as FarmerBankChange).request).toMatchObject({
      status: 'refused',
      refusalReason: 'The holder name does not match the business.',
    });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'rosa@example.com'))
      .orderBy(desc(outbox.id));
    expect(mail!.subject).toContain('rechazado');
    expect(mail!.body).toContain('The holder name does not match the business.');
  });
});
