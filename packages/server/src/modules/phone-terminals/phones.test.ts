import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { PHONE_TERMINAL_MESSAGES } from '@ebt/core/phone-terminals';
import { MAX_ACTIVE_TERMINALS, TERMINAL_ID_PATTERN } from '@ebt/core/terminals';
import { auditLog, merchantTerminals } from '../../db/schema/index.js';
import { terminalSecretHash } from '../merchants/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { makeFarmer } from '../../testing/farmer.js';
import { makeMerchant } from '../../testing/merchants.js';
import { makePosWorld, makeTerminal, pos, purchaseOf } from '../../testing/pos-world.js';
import { buildWorld } from '../../testing/world.js';

// A farmer user's phone as a terminal (decision 0110): POST and DELETE
// /merchant-api/farmer/merchants/{merchantUuid}/phones[/{terminalId}] and GET /merchant-api/farmer/phones.

const t = useTestApp();
const db = () => t.database.db;

let staffToken: string;
let program: { id: number };
beforeAll(async () => {
  const w = await buildWorld(t, {
    programs: { p: {} },
    users: { admin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p'] } },
  });
  staffToken = w.tokens.admin;
  program = w.programs.p;
});

const phonesUrl = (merchantUuid: string, terminalId?: string) =>
  `/merchant-api/farmer/merchants/${merchantUuid}/phones${terminalId ? `/${terminalId}` : ''}`;
const register = (token: string, merchantUuid: string, name = "Rosa's phone (Chrome on Android)") =>
  t.injectAs(token, { method: 'POST', url: phonesUrl(merchantUuid), payload: { name } });
const remove = (token: string, merchantUuid: string, terminalId: string) =>
  t.injectAs(token, { method: 'DELETE', url: phonesUrl(merchantUuid, terminalId) });
const listOf = (token: string) => t.injectAs(token, { method: 'GET', url: '/merchant-api/farmer/phones' });

async function farmerOf(merchants: { id: number }[]) {
  const user = await makeFarmer(db(), merchants);
  return { user, token: await t.signIn(user.username) };
}

describe('registering a phone', () => {
  it('answers a credential once, keeps a phone terminal with the secret’s hash only, and audits it', async () => {
    const merchant = await makeMerchant(db(), { programs: [program] });
    const farmer = await farmerOf([merchant]);
    const res = await register(farmer.token, merchant.uuid);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { terminalId: string; secret: string; name: string; merchantUuid: string };
    expect(body).toMatchObject({ merchantUuid: merchant.uuid, name: "Rosa's phone (Chrome on Android)" });
    expect(body.terminalId).toMatch(TERMINAL_ID_PATTERN);
    expect(body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await db().select().from(merchantTerminals).where(eq(merchantTerminals.merchantId, merchant.id));
    expect(row).toMatchObject({ kind: 'phone', createdBy: farmer.user.id, terminalCode: body.terminalId });
    expect(row!.secretHash).toBe(terminalSecretHash(body.secret));

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, merchant.uuid), eq(auditLog.action, 'phone_register')));
    expect(audit).toMatchObject({ entity: 'merchant', actorUserId: farmer.user.id });
    expect(JSON.stringify(audit)).not.toContain(body.secret);

    // Staff see it among the merchant's terminals, as a phone.
    const staffList = await t.injectAs(staffToken, {
      method: 'GET',
      url: `/merchant-api/merchant/${merchant.uuid}/terminals`,
    });
    expect(staffList.statusCode).toBe(200);
    expect(staffList.json()).toEqual([expect.objectContaining({ terminalId: body.terminalId, kind: 'phone' })]);
  });

  it('answers 404 for a merchant the farmer does not sell for, or no longer does', async () => {
    const mine = await makeMerchant(db());
    const other = await makeMerchant(db());
    const ended = await makeMerchant(db());
    const user = await makeFarmer(db(), [mine], { revoked: [ended] });
    const token = await t.signIn(user.username);
    for (const merchant of [other, ended]) {
      const res = await register(token, merchant.uuid);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    }
    expect(await db().select().from(merchantTerminals).where(eq(merchantTerminals.merchantId, other.id))).toEqual([]);
  });

  it('refuses staff and recipients (403)', async () => {
    const merchant = await makeMerchant(db());
    const recipient = await makeUser(db(), { roleId: ROLE.RECIPIENT });
    const recipientToken = await t.signIn(recipient.username);
    for (const token of [staffToken, recipientToken]) {
      expect((await register(token, merchant.uuid)).statusCode).toBe(403);
      expect((await listOf(token)).statusCode).toBe(403);
      expect((await remove(token, merchant.uuid, 'AAAAAAAAAAAA')).statusCode).toBe(403);
    }
  });

  it('keeps to the active-terminal limit, counting staff-issued terminals', async () => {
    const merchant = await makeMerchant(db());
    for (let i = 0; i < MAX_ACTIVE_TERMINALS; i++) await makeTerminal(db(), merchant.id);
    const farmer = await farmerOf([merchant]);
    const res = await register(farmer.token, merchant.uuid);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(String(MAX_ACTIVE_TERMINALS));
  });

  it('refuses a blank name (400)', async () => {
    const merchant = await makeMerchant(db());
    const farmer = await farmerOf([merchant]);
    expect((await register(farmer.token, merchant.uuid, '   ')).statusCode).toBe(400);
  });
});

describe('listing and removing phones', () => {
  it('lists the phones of the caller’s merchants only, active first, never a staff terminal', async () => {
    const a = await makeMerchant(db(), { name: 'Green Acres' });
    const b = await makeMerchant(db(), { name: 'Blue Hill' });
    const other = await makeMerchant(db());
    await makeTerminal(db(), a.id);
    const rosa = await farmerOf([a, b]);
    const juan = await farmerOf([a]);
    const stranger = await farmerOf([other]);
    const first = (await register(rosa.token, a.uuid, 'Rosa phone')).json() as { terminalId: string };
    const second = (await register(juan.token, a.uuid, 'Juan phone')).json() as { terminalId: string };
    await register(rosa.token, b.uuid, 'Rosa phone at Blue Hill');
    await register(stranger.token, other.uuid, 'Not theirs');
    expect((await remove(rosa.token, a.uuid, first.terminalId)).statusCode).toBe(200);

    const res = await listOf(rosa.token);
    expect(res.statusCode).toBe(200);
    const phones = res.json() as {
      name: string;
      merchantName: string;
      registeredBy: string;
      revokedAt: string | null;
    }[];
    expect(phones.map((p) => p.name).sort()).toEqual(['Juan phone', 'Rosa phone', 'Rosa phone at Blue Hill']);
    expect(phones.at(-1)).toMatchObject({ name: 'Rosa phone', revokedAt: expect.any(String) });
    expect(phones.find((p) => p.name === 'Juan phone')).toMatchObject({
      merchantName: 'Green Acres',
      registeredBy: juan.user.username,
      revokedAt: null,
    });
    // Juan sees Rosa's phone of their common merchant, and may remove it: the stall's phones are the stall's.
    expect((await listOf(juan.token)).json()).toHaveLength(2);
    expect((await remove(rosa.token, a.uuid, second.terminalId)).statusCode).toBe(200);
  });

  it('answers 404 for another merchant’s phone, a staff terminal, or an unknown id; again is the same', async () => {
    const mine = await makeMerchant(db());
    const other = await makeMerchant(db());
    const staffTerminal = await makeTerminal(db(), mine.id);
    const farmer = await farmerOf([mine]);
    const stranger = await farmerOf([other]);
    const theirs = (await register(stranger.token, other.uuid)).json() as { terminalId: string };
    const phone = (await register(farmer.token, mine.uuid)).json() as { terminalId: string };

    expect((await remove(farmer.token, other.uuid, theirs.terminalId)).statusCode).toBe(404);
    expect((await remove(farmer.token, mine.uuid, theirs.terminalId)).json().message).toBe(
      PHONE_TERMINAL_MESSAGES.PHONE_NOT_FOUND,
    );
    expect((await remove(farmer.token, mine.uuid, staffTerminal.code)).statusCode).toBe(404);
    const [kept] = await db()
      .select()
      .from(merchantTerminals)
      .where(eq(merchantTerminals.terminalCode, staffTerminal.code));
    expect(kept!.revokedAt).toBeNull();

    const removed = await remove(farmer.token, mine.uuid, phone.terminalId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(PHONE_TERMINAL_MESSAGES.PHONE_REMOVED);
    expect((await remove(farmer.token, mine.uuid, phone.terminalId)).statusCode).toBe(200);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, mine.uuid), eq(auditLog.action, 'phone_revoke')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entity: 'merchant', actorUserId: farmer.user.id });
  });
});

describe('the engine and a phone', () => {
  it('takes a sale from a registered phone and refuses it at once when removed', async () => {
    const world = await makePosWorld(t);
    await world.giveBenefit('20.00');
    const farmer = await farmerOf([world.merchant]);
    const phone = (await register(farmer.token, world.merchant.uuid)).json() as { terminalId: string; secret: string };
    const terminal = { code: phone.terminalId, secret: phone.secret };

    const sold = await pos(t, terminal, 'purchase', purchaseOf(world.card.pan, 1, { posEntryMode: '010' }));
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({ responseCode: '00', approvedAmount: 1, balanceAfter: 19 });

    expect((await remove(farmer.token, world.merchant.uuid, phone.terminalId)).statusCode).toBe(200);
    const refused = await pos(t, terminal, 'purchase', purchaseOf(world.card.pan, 1, { posEntryMode: '010' }));
    expect(refused.statusCode).toBe(401);
  });
});
