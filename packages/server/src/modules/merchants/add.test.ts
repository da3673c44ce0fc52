import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { PRIVILEGE_LIST } from '@ebt/core/privileges';
import {
  auditLog,
  merchantAddresses,
  merchantBankAccounts,
  merchantPrograms,
  merchants,
  rolePrivileges,
} from '../../db/schema/index.js';
import { decrypt } from '../../platform/crypto.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';
import { makeMerchant, validMerchantForm } from '../../testing/merchants.js';

// POST /merchant-api/merchant (B§5 "Merchant form", B§7; docs/decisions/0021).

const KEY = randomBytes(32);
const t = useTestApp({ DATA_ENCRYPTION_KEY: KEY.toString('hex') });

async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' } },
    users: {
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      // Agency admins get MERCHANT_ADD here (not by default) to be an adder without BANK_VIEW.
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
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

const db = () => t.database.db;
const add = (token: string | null, payload: object) =>
  t.injectAs(token, { method: 'POST', url: '/merchant-api/merchant', payload });
const byIdentifier = async (merchantIdentifier: string) =>
  (await db().select().from(merchants).where(eq(merchants.merchantIdentifier, merchantIdentifier)))[0];
const bank = {
  bankName: 'First Bank',
  bankAccountNumber: '000111222333',
  bankRoutingNumber: '021000021',
  bankAccountType: 1,
  firstName: 'Dana',
  middleName: 'Q',
  lastName: 'Holder',
};

describe('POST /merchant-api/merchant', () => {
  it('adds the merchant, its addresses, its active mapping and its bank account sealed', async () => {
    const form = { ...validMerchantForm(), programId: w.programs.programA.id, bankAccountInfo: bank };
    const res = await add(w.tokens.programAdminA, { ...form, creationChannel: 'WEB' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.message).toBe('Merchant added.');

    const row = (await byIdentifier(form.merchantIdentifier))!;
    expect(row).toMatchObject({
      uuid: answer.merchantUuid,
      name: form.merchantName,
      statusId: 0,
      businessPhone: '8605550199',
      taxIdLast4: '6789',
      taxClassId: 2,
      tinTypeId: 2,
      creationChannel: 'WEB',
    });
    expect(decrypt(row.taxIdEncrypted!, KEY)).toBe('123456789');
    expect(row.taxIdEncrypted).not.toContain('123456789');
    const addresses = await db().select().from(merchantAddresses).where(eq(merchantAddresses.merchantId, row.id));
    expect(addresses.map((a) => a.kind).sort()).toEqual(['mailing', 'physical', 'registered']);
    const mappings = await db().select().from(merchantPrograms).where(eq(merchantPrograms.merchantId, row.id));
    expect(mappings.map((m) => [m.programId, m.statusId])).toEqual([[w.programs.programA.id, 0]]);

    const [account] = await db().select().from(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, row.id));
    expect(account).toMatchObject({ bankName: 'First Bank', accountNumberLast4: '2333', routingNumberLast4: '0021' });
    expect(account!.accountTypeId).toBe(1);
    expect(JSON.stringify(account)).not.toMatch(/000111222333|021000021/);
    expect(decrypt(account!.accountNumberEncrypted!, KEY)).toBe('000111222333');
    expect(decrypt(account!.routingNumberEncrypted!, KEY)).toBe('021000021');

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.uuid), eq(auditLog.action, 'create')));
    expect(audit).toMatchObject({ entity: 'merchant', actorUserId: w.users.programAdminA.id, before: null });
    expect(audit!.after).toMatchObject({ name: form.merchantName, programId: w.programs.programA.id });
    expect(JSON.stringify(audit)).not.toMatch(/000111222333|021000021|123456789/);

    // The read side shows it to the adder.
    const detail = await t.injectAs(w.tokens.programAdminA, {
      method: 'GET',
      url: `/merchant-api/merchant/${row.uuid}`,
    });
    expect(detail.json()).toMatchObject({ merchantName: form.merchantName, taxId: '****6789' });
  });

  it('takes the bank fields as optional', async () => {
    const form = { ...validMerchantForm(), programId: w.programs.programA.id };
    const res = await add(w.tokens.programAdminA, form);
    expect(res.statusCode, res.body).toBe(200);
    const row = (await byIdentifier(form.merchantIdentifier))!;
    expect(row.creationChannel).toBe('API');
    expect(await db().select().from(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, row.id))).toEqual(
      [],
    );
  });

  it('ignores the tax fields and the bank account without BANK_VIEW', async () => {
    const form = { ...validMerchantForm(), programId: w.programs.programA.id, bankAccountInfo: bank };
    const res = await add(w.tokens.agencyAdminA1, form);
    expect(res.statusCode, res.body).toBe(200);
    const added = await byIdentifier(form.merchantIdentifier);
    expect(added).toMatchObject({
      taxIdEncrypted: null,
      taxIdLast4: null,
      taxClassId: null,
      tinTypeId: null,
    });
    expect(
      await db().select().from(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, added!.id)),
    ).toHaveLength(0);
  });

  it('answers 409 when the Merchant ID is in use, adding nothing', async () => {
    const existing = await makeMerchant(db(), { programs: [w.programs.programB] });
    const form = { ...validMerchantForm(), programId: w.programs.programA.id };
    const res = await add(w.tokens.programAdminA, { ...form, merchantIdentifier: existing.merchantIdentifier });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MERCHANT_MESSAGES.MERCHANT_ID_EXISTS);
    expect(await db().select().from(merchants).where(eq(merchants.name, form.merchantName))).toEqual([]);
  });

  it('answers 403 without MERCHANT_ADD and 404 for a program out of scope, adding nothing', async () => {
    const form = { ...validMerchantForm(), programId: w.programs.programA.id };
    expect((await add(w.tokens.agencyUserA1, form)).statusCode).toBe(403);
    const other = await add(w.tokens.programAdminA, { ...form, programId: w.programs.programB.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(MERCHANT_MESSAGES.PROGRAM_NOT_FOUND);
    expect(await byIdentifier(form.merchantIdentifier)).toBeUndefined();
  });

  const badBodies: [string, object][] = [
    ['no program', { programId: undefined }],
    ['a program id as text', { programId: 'one' }],
    ['no Merchant ID', { merchantIdentifier: undefined }],
    ['an FNS number of 8', { fnsNumber: '12345678' }],
    ['an 11-digit tax id', { taxId: '12345678901' }],
    ['a bad phone', { mobilePhone: '12' }],
    ['no registered address', { addressInfo: undefined }],
    ['a routing number of 7', { bankAccountInfo: { ...bank, bankRoutingNumber: '1234567' } }],
    ['a bank account of 46', { bankAccountInfo: { ...bank, bankAccountNumber: '1'.repeat(46) } }],
    ['no account type', { bankAccountInfo: { ...bank, bankAccountType: undefined } }],
    ['no holder last name', { bankAccountInfo: { ...bank, lastName: '' } }],
    ['a middle initial of 2', { bankAccountInfo: { ...bank, middleName: 'AB' } }],
    ['an unknown channel', { creationChannel: 'FAX' }],
  ];
  it.each(badBodies)('answers 400 for %s and adds nothing', async (_name, change) => {
    const form = { ...validMerchantForm(), programId: w.programs.programA.id, bankAccountInfo: bank };
    const res = await add(w.tokens.programAdminA, { ...form, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(await db().select().from(merchants).where(eq(merchants.name, form.merchantName))).toEqual([]);
  });
});
