import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { auditLog, merchantBankAccounts, merchants } from '../../db/schema/index.js';
import { decrypt, encrypt, keyId, seal } from '../../platform/crypto.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';
import { makeMerchant } from '../../testing/merchants.js';

// PUT /merchant-api/bank-info and GET /merchant-api/merchant/{id}/bank-info (B§5 bank section, B§7;
// docs/decisions/0022).

const KEY = randomBytes(32);
const OLD_KEY = randomBytes(32);
const t = useTestApp({
  DATA_ENCRYPTION_KEY: KEY.toString('hex'),
  DATA_ENCRYPTION_PREVIOUS_KEYS: OLD_KEY.toString('base64'),
});

async function makeWorld() {
  return buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' } },
    users: {
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] }, // holds BANK_VIEW by default
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] }, // MERCHANT_VIEW, no BANK_VIEW
    },
  });
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const db = () => t.database.db;
const put = (token: string | null, payload: object) =>
  t.injectAs(token, { method: 'PUT', url: '/merchant-api/bank-info', payload });
const reveal = (token: string | null, id: string) =>
  t.injectAs(token, { method: 'GET', url: `/merchant-api/merchant/${id}/bank-info` });
const bankOf = async (merchantId: number) =>
  (await db().select().from(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, merchantId)))[0];
const auditsOf = (entityId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
    .orderBy(auditLog.id);

/** A merchant of program A with no bank row and no tax id (the app's key seals what the tests add). */
const bareMerchant = () => makeMerchant(db(), { programs: [w.programs.programA], bank: null, taxId: null });

const form = (merchantUuid: string, change: object = {}) => ({
  merchantUuid,
  bankName: 'Farmers Credit Union',
  bankAccountNumber: '000123456789',
  bankRoutingNumber: '021000021',
  bankAccountType: 1,
  firstName: 'Rosa',
  middleName: 'M',
  lastName: 'Lane',
  ...change,
});

describe('PUT /merchant-api/bank-info', () => {
  it('creates the bank row: numbers sealed with the key id, last fours, audit without numbers', async () => {
    const merchant = await bareMerchant();
    const res = await put(w.tokens.programAdminA, form(merchant.uuid));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Merchant Bank Info Updated.' });

    const bank = (await bankOf(merchant.id))!;
    expect(bank).toMatchObject({
      bankName: 'Farmers Credit Union',
      accountNumberLast4: '6789',
      routingNumberLast4: '0021',
      accountTypeId: 1,
      firstName: 'Rosa',
      middleName: 'M',
      lastName: 'Lane',
    });
    expect(bank.accountNumberEncrypted).toMatch(new RegExp(`^v1:${keyId(KEY)}:`));
    expect(bank.routingNumberEncrypted).toMatch(new RegExp(`^v1:${keyId(KEY)}:`));
    expect(decrypt(bank.accountNumberEncrypted!, KEY)).toBe('000123456789');
    expect(decrypt(bank.routingNumberEncrypted!, KEY)).toBe('021000021');
    expect(JSON.stringify(bank)).not.toMatch(/000123456789|021000021/);

    const [audit] = await auditsOf(merchant.uuid, 'bank_update');
    expect(audit).toMatchObject({ entity: 'merchant', actorUserId: w.users.programAdminA.id });
    expect(audit!.after).toMatchObject({ accountMasked: '****6789', routingMasked: '****0021', accountReplaced: true });
    expect(JSON.stringify(audit)).not.toMatch(/000123456789|021000021/);
  });

  it('keeps a number sent masked and replaces one sent clear', async () => {
    const merchant = await bareMerchant();
    await put(w.tokens.programAdminA, form(merchant.uuid));
    const before = (await bankOf(merchant.id))!;
    const res = await put(
      w.tokens.programAdminA,
      form(merchant.uuid, { bankAccountNumber: '****6789', bankRoutingNumber: '011000015', lastName: 'Lane-Ortiz' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = (await bankOf(merchant.id))!;
    expect(after.accountNumberEncrypted).toBe(before.accountNumberEncrypted);
    expect(after.accountNumberLast4).toBe('6789');
    expect(after.routingNumberEncrypted).not.toBe(before.routingNumberEncrypted);
    expect(decrypt(after.routingNumberEncrypted!, KEY)).toBe('011000015');
    expect(after.lastName).toBe('Lane-Ortiz');
    const audits = await auditsOf(merchant.uuid, 'bank_update');
    expect(audits[1]!.after).toMatchObject({
      lastName: 'Lane-Ortiz',
      routingMasked: '****0015',
      routingReplaced: true,
    });
    expect(audits[1]!.after).not.toHaveProperty('accountMasked');
    expect(JSON.stringify(audits)).not.toMatch(/000123456789|011000015|021000021/);
  });

  it('answers 400 for a masked number that is not the stored one and changes nothing', async () => {
    const merchant = await bareMerchant();
    const none = await put(w.tokens.programAdminA, form(merchant.uuid, { bankAccountNumber: '****6789' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MERCHANT_MESSAGES.MASKED_NUMBER_UNKNOWN);
    expect(await bankOf(merchant.id)).toBeUndefined();
    await put(w.tokens.programAdminA, form(merchant.uuid));
    const other = await put(w.tokens.programAdminA, form(merchant.uuid, { bankRoutingNumber: '****9999' }));
    expect(other.statusCode).toBe(400);
    expect(decrypt((await bankOf(merchant.id))!.routingNumberEncrypted!, KEY)).toBe('021000021');
  });

  const badForms: [string, object, string][] = [
    ['a bank name of 46', { bankName: 'b'.repeat(46) }, 'bankName'],
    ['no account number', { bankAccountNumber: '' }, 'bankAccountNumber'],
    ['an account number of 46', { bankAccountNumber: '1'.repeat(46) }, 'bankAccountNumber'],
    ['a routing number of 7', { bankRoutingNumber: '1234567' }, 'bankRoutingNumber'],
    ['a routing number of 46', { bankRoutingNumber: '1'.repeat(46) }, 'bankRoutingNumber'],
    ['no account type', { bankAccountType: undefined }, 'bankAccountType'],
    ['an account type of 2', { bankAccountType: 2 }, 'bankAccountType'],
    ['no first name', { firstName: ' ' }, 'firstName'],
    ['a first name of 101', { firstName: 'f'.repeat(101) }, 'firstName'],
    ['no last name', { lastName: '' }, 'lastName'],
    ['a last name of 101', { lastName: 'l'.repeat(101) }, 'lastName'],
    ['a middle initial of 2', { middleName: 'MN' }, 'middleName'],
    ['no merchantUuid', { merchantUuid: 'not-a-uuid' }, 'merchantUuid'],
    ['a wrong type', { bankAccountNumber: 12345678 }, 'bankAccountNumber'],
  ];
  it.each(badForms)('answers 400 for %s and changes nothing', async (_name, change, field) => {
    const merchant = await bareMerchant();
    await put(w.tokens.programAdminA, form(merchant.uuid));
    const before = await bankOf(merchant.id);
    const res = await put(w.tokens.programAdminA, form(merchant.uuid, change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(field);
    expect(await bankOf(merchant.id)).toEqual(before);
    expect(await auditsOf(merchant.uuid, 'bank_update')).toHaveLength(1);
  });

  it('answers 403 without BANK_VIEW and changes nothing', async () => {
    const merchant = await bareMerchant();
    const res = await put(w.tokens.agencyUserA1, form(merchant.uuid));
    expect(res.statusCode).toBe(403);
    expect(await bankOf(merchant.id)).toBeUndefined();
    expect(await auditsOf(merchant.uuid, 'bank_update')).toHaveLength(0);
    expect((await put(null, form(merchant.uuid))).statusCode).toBe(401);
  });

  it("answers 404 for another program's merchant and changes nothing", async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programB], taxId: null });
    const before = await bankOf(merchant.id);
    const res = await put(w.tokens.programAdminA, form(merchant.uuid));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    expect(await bankOf(merchant.id)).toEqual(before);
  });
});

describe('GET /merchant-api/merchant/{id}/bank-info', () => {
  it('answers the numbers in clear to BANK_VIEW and audits each read without them', async () => {
    const merchant = await bareMerchant();
    await put(w.tokens.programAdminA, form(merchant.uuid));
    const tax = seal('912345678', { hmacKey: randomBytes(32), encryptionKey: KEY });
    await db()
      .update(merchants)
      .set({ taxIdEncrypted: tax.encrypted, taxIdLast4: tax.last4 })
      .where(eq(merchants.id, merchant.id));

    for (let read = 1; read <= 2; read++) {
      const res = await reveal(w.tokens.programAdminA, merchant.uuid);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        bankAccountNumber: '000123456789',
        bankRoutingNumber: '021000021',
        taxId: '912345678',
      });
      const audits = await auditsOf(merchant.uuid, 'bank_read');
      expect(audits).toHaveLength(read);
      expect(audits[read - 1]).toMatchObject({
        entity: 'merchant',
        actorUserId: w.users.programAdminA.id,
        after: { shown: ['bankAccountNumber', 'bankRoutingNumber', 'taxId'] },
      });
    }
    expect(JSON.stringify(await auditsOf(merchant.uuid, 'bank_read'))).not.toMatch(/000123456789|021000021|912345678/);
  });

  it('reads values sealed by a previous key and values written before key ids', async () => {
    const merchant = await bareMerchant();
    await put(w.tokens.programAdminA, form(merchant.uuid));
    await db()
      .update(merchantBankAccounts)
      .set({
        accountNumberEncrypted: encrypt('55500011', OLD_KEY),
        routingNumberEncrypted: encrypt('011000015', KEY).split(':')[2]!, // bare base64, as before key ids
      })
      .where(eq(merchantBankAccounts.merchantId, merchant.id));
    const res = await reveal(w.tokens.programAdminA, merchant.uuid);
    expect(res.json()).toEqual({ bankAccountNumber: '55500011', bankRoutingNumber: '011000015', taxId: null });
  });

  it('answers nulls for a merchant with no bank row or tax id, still audited', async () => {
    const merchant = await bareMerchant();
    const res = await reveal(w.tokens.programAdminA, merchant.uuid);
    expect(res.json()).toEqual({ bankAccountNumber: null, bankRoutingNumber: null, taxId: null });
    expect((await auditsOf(merchant.uuid, 'bank_read'))[0]!.after).toEqual({ shown: [] });
  });

  it("answers 403 without BANK_VIEW and 404 for another program's merchant, writing no audit row", async () => {
    const merchant = await bareMerchant();
    expect((await reveal(w.tokens.agencyUserA1, merchant.uuid)).statusCode).toBe(403);
    const other = await makeMerchant(db(), { programs: [w.programs.programB] });
    const res = await reveal(w.tokens.programAdminA, other.uuid);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/000111222333|021000021/);
    expect(await auditsOf(merchant.uuid, 'bank_read')).toHaveLength(0);
    expect(await auditsOf(other.uuid, 'bank_read')).toHaveLength(0);
  });
});
