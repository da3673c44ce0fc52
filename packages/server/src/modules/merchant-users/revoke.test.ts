import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { MERCHANT_USER_MESSAGES } from '@ebt/core/merchant-users';
import { MESSAGES } from '@ebt/core/messages';
import { auditLog, merchantUsers, outbox } from '../../db/schema/index.js';
import { resolveCaller } from '../../platform/caller-statement.js';
import { OUT_OF_REACH_ACTION } from '../../platform/refusal-audit.js';
import { SIGN_IN_STATUSES } from '../../platform/session-hook.js';
import { useTestApp } from '../../testing/app.js';
import { makeMerchant } from '../../testing/merchants.js';
import { makeFarmer } from '../../testing/farmer.js';
import { buildWorld, type World } from '../../testing/world.js';

const t = useTestApp();
let w: World<'p' | 'q', 'a', 'admin' | 'adminPQ' | 'agencyUser'>;

beforeAll(async () => {
  w = await buildWorld(t, {
    programs: { p: {}, q: {} },
    agencies: { a: { program: 'p' } },
    users: {
      admin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p'] },
      adminPQ: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p', 'q'] },
      agencyUser: { roleId: ROLE.AGENCY_USER, agencies: ['a'] },
    },
  });
});

/** The farmer's merchants as their caller is resolved from their session on each request. */
async function merchantIdsOf(token: string) {
  const lookup = await resolveCaller(t.database, token, t.clock.now(), SIGN_IN_STATUSES);
  if (!lookup.ok) throw new Error(`no caller: ${lookup.reason}`);
  return lookup.caller.merchantIds;
}

const url = (merchantUuid: string, userUuid: string, tail = '') =>
  `/merchant-api/merchant/${merchantUuid}/users/${userUuid}${tail}`;

describe('DELETE /merchant-api/merchant/{id}/users/{userUuid}', () => {
  it('revokes the link, audited: the farmer loses that merchant at their next request and keeps the other', async () => {
    const db = t.database.db;
    const merchant = await makeMerchant(db, { programs: [w.programs.p] });
    const other = await makeMerchant(db, { programs: [w.programs.q] });
    const farmer = await makeFarmer(db, [merchant, other]);
    const token = await t.signIn(farmer.username);
    expect([...(await merchantIdsOf(token))].sort()).toEqual([merchant.id, other.id].sort());

    const res = await t.injectAs(w.tokens.admin, { method: 'DELETE', url: url(merchant.uuid, farmer.uuid) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MERCHANT_USER_MESSAGES.PERSON_DISABLED });
    expect(await merchantIdsOf(token)).toEqual([other.id]);
    const [link] = await db
      .select()
      .from(merchantUsers)
      .where(and(eq(merchantUsers.userId, farmer.id), eq(merchantUsers.merchantId, merchant.id)));
    expect(link).toMatchObject({ revokedBy: w.users.admin.id });
    expect(link!.revokedAt).toBeInstanceOf(Date);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, `${merchant.uuid}:${farmer.uuid}`), eq(auditLog.action, 'revoke')));
    expect(audit).toEqual([
      expect.objectContaining({
        entity: 'merchant_user',
        actorUserId: w.users.admin.id,
        before: expect.objectContaining({ linked: true }),
        after: expect.objectContaining({ linked: false }),
      }),
    ]);
    // The list shows them disabled.
    const listed = await t.injectAs(w.tokens.admin, {
      method: 'GET',
      url: `/merchant-api/merchant/${merchant.uuid}/users`,
    });
    expect(listed.json().data[0]).toMatchObject({ userUuid: farmer.uuid, revokedBy: w.users.admin.username });

    // Disabling again answers the same and writes nothing more.
    const again = await t.injectAs(w.tokens.admin, { method: 'DELETE', url: url(merchant.uuid, farmer.uuid) });
    expect(again.statusCode).toBe(200);
    const [rows] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, `${merchant.uuid}:${farmer.uuid}`), eq(auditLog.action, 'revoke')));
    expect(rows!.n).toBe(1);
  });

  it('answers 404 for a person not linked to the merchant, and for a merchant out of scope', async () => {
    const db = t.database.db;
    const merchant = await makeMerchant(db, { programs: [w.programs.p] });
    const outside = await makeMerchant(db, { programs: [w.programs.q] });
    const stranger = await makeFarmer(db, [outside]);
    const notLinked = await t.injectAs(w.tokens.admin, { method: 'DELETE', url: url(merchant.uuid, stranger.uuid) });
    expect(notLinked.statusCode).toBe(404);
    expect(notLinked.json().message).toBe(MERCHANT_USER_MESSAGES.PERSON_NOT_FOUND);
    const outOfScope = await t.injectAs(w.tokens.admin, { method: 'DELETE', url: url(outside.uuid, stranger.uuid) });
    expect(outOfScope.statusCode).toBe(404);
    const [link] = await db.select().from(merchantUsers).where(eq(merchantUsers.userId, stranger.id));
    expect(link!.revokedAt).toBeNull();
  });

  it('refuses an agency user (MERCHANT_VIEW only) with 403', async () => {
    const merchant = await makeMerchant(t.database.db, { programs: [w.programs.p] });
    const farmer = await makeFarmer(t.database.db, [merchant]);
    const res = await t.injectAs(w.tokens.agencyUser, { method: 'DELETE', url: url(merchant.uuid, farmer.uuid) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.PRIVILEGE_ERROR);
  });
});

describe('POST /merchant-api/merchant/{id}/users/{userUuid}/activation', () => {
  const pendingFarmer = (merchants: { id: number }[]) =>
    makeFarmer(t.database.db, merchants, { statusId: USER_STATUS.PENDING, password: null, emailVerified: false });
  const mails = async (to: string) =>
    (await t.database.db.select({ n: count() }).from(outbox).where(eq(outbox.to, to)))[0]!.n;

  it('sends a new activation e-mail to a pending person the caller holds wholly', async () => {
    const merchant = await makeMerchant(t.database.db, { programs: [w.programs.p] });
    const farmer = await pendingFarmer([merchant]);
    const res = await t.injectAs(w.tokens.admin, {
      method: 'POST',
      url: url(merchant.uuid, farmer.uuid, '/activation'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MERCHANT_USER_MESSAGES.ACTIVATION_SENT);
    expect(await mails(farmer.email)).toBe(1);
  });

  it('answers 404 and audits the refusal when the person also sells for a merchant outside the caller’s scope', async () => {
    const db = t.database.db;
    const merchant = await makeMerchant(db, { programs: [w.programs.p] });
    const outside = await makeMerchant(db, { programs: [w.programs.q] });
    const farmer = await pendingFarmer([merchant, outside]);
    const res = await t.injectAs(w.tokens.admin, {
      method: 'POST',
      url: url(merchant.uuid, farmer.uuid, '/activation'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MERCHANT_USER_MESSAGES.PERSON_NOT_FOUND);
    expect(await mails(farmer.email)).toBe(0);
    await vi.waitFor(async () => {
      const [row] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, OUT_OF_REACH_ACTION), eq(auditLog.entityId, farmer.uuid)));
      expect(row!.n).toBe(1);
    });
    // A program admin of both programs holds them.
    const both = await t.injectAs(w.tokens.adminPQ, {
      method: 'POST',
      url: url(merchant.uuid, farmer.uuid, '/activation'),
    });
    expect(both.statusCode).toBe(200);
  });

  it('answers 409 once the person has activated', async () => {
    const merchant = await makeMerchant(t.database.db, { programs: [w.programs.p] });
    const farmer = await makeFarmer(t.database.db, [merchant]);
    const res = await t.injectAs(w.tokens.admin, {
      method: 'POST',
      url: url(merchant.uuid, farmer.uuid, '/activation'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.ACCOUNT_ALREADY_ACTIVATED);
  });
});

describe('disabling a person who registered phones for the merchant', () => {
  it("revokes the phones they registered for it, audited, and the engine refuses them at once; other people's stay", async () => {
    const db = t.database.db;
    const merchant = await makeMerchant(db, { programs: [w.programs.p] });
    const farmer = await makeFarmer(db, [merchant]);
    const colleague = await makeFarmer(db, [merchant]);
    const register = async (token: string) => {
      const res = await t.injectAs(token, {
        method: 'POST',
        url: `/merchant-api/farmer/merchants/${merchant.uuid}/phones`,
        payload: { name: 'Stall phone' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { terminalId: string; secret: string };
    };
    const mine = await register(await t.signIn(farmer.username));
    const theirs = await register(await t.signIn(colleague.username));
    const inquiry = (phone: { terminalId: string; secret: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/transaction-api/pos/balance-inquiry',
        headers: { authorization: `Basic ${Buffer.from(`${phone.terminalId}:${phone.secret}`).toString('base64')}` },
        payload: { pan: '9001000021000000013', traceNumber: 'T1', terminalDateTime: '2026-11-23T12:00:00-05:00' },
      });
    expect((await inquiry(mine)).statusCode).not.toBe(401);

    const res = await t.injectAs(w.tokens.admin, { method: 'DELETE', url: url(merchant.uuid, farmer.uuid) });
    expect(res.statusCode).toBe(200);
    expect((await inquiry(mine)).statusCode).toBe(401);
    expect((await inquiry(theirs)).statusCode).not.toBe(401);
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'phone_revoke'), eq(auditLog.entityId, merchant.uuid)));
    expect(n).toBe(1);
  });
});
