import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { PRIVILEGE_LIST } from '@ebt/core/privileges';
import { auditLog, merchantAddresses, merchantPrograms, merchants, rolePrivileges } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';
import { makeMerchant, validMerchantForm } from '../../testing/merchants.js';

// PUT /merchant-api/merchant, PATCH /merchant-api/merchant/{id}, PUT /merchant-api/merchant/{uuid}/{programId}/{0|1}
// (B§4, B§5 "Merchant form", B§7; docs/decisions/0021).

const t = useTestApp();

async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' } },
    users: {
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminAB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA', 'programB'] },
      // Agency admins get MERCHANT_UPDATE here (not by default) to be a writer without BANK_VIEW.
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
    },
  });
  const grant = PRIVILEGE_LIST.filter((p) => p.code === 'MERCHANT_UPDATE');
  await t.database.db
    .insert(rolePrivileges)
    .values(grant.map((p) => ({ roleId: ROLE.AGENCY_ADMIN, privilegeId: p.privilegeId })))
    .onConflictDoNothing();
  return world;
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const db = () => t.database.db;
const rowOf = async (id: number) => (await db().select().from(merchants).where(eq(merchants.id, id)))[0]!;
const addressesOf = (id: number) =>
  db().select().from(merchantAddresses).where(eq(merchantAddresses.merchantId, id)).orderBy(merchantAddresses.kind);
const update = (token: string | null, payload: object) =>
  t.injectAs(token, { method: 'PUT', url: '/merchant-api/merchant', payload });
const auditsOf = (entityId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
    .orderBy(auditLog.id);

describe('PUT /merchant-api/merchant', () => {
  it('saves the whole form: phones as digits, mailing and physical defaulting to the registered address', async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA], taxId: '111112222' });
    const form = { ...validMerchantForm(), merchantUuid: merchant.uuid, taxId: '987654321', updationChannel: 'WEB' };
    const res = await update(w.tokens.programAdminA, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Merchant Info Updated.' });

    const row = await rowOf(merchant.id);
    expect(row).toMatchObject({
      merchantIdentifier: form.merchantIdentifier,
      name: form.merchantName,
      fnsNumber: '1234567',
      businessPhone: '8605550199',
      mobilePhone: '8605550198',
      taxIdLast4: '4321',
      taxClassId: 2,
      updationChannel: 'WEB',
    });
    expect(row.taxIdEncrypted).not.toContain('987654321');
    const addresses = await addressesOf(merchant.id);
    expect(addresses.map((a) => [a.kind, a.address1, a.stateCode])).toEqual([
      ['mailing', '12 Elm Street', 'CT'],
      ['physical', '12 Elm Street', 'CT'],
      ['registered', '12 Elm Street', 'CT'],
    ]);

    const [audit] = await auditsOf(merchant.uuid, 'update');
    expect(audit).toMatchObject({ entity: 'merchant', actorUserId: w.users.programAdminA.id });
    expect(audit!.before).toMatchObject({ name: merchant.name });
    expect(audit!.after).toMatchObject({ name: form.merchantName });
    expect(JSON.stringify(audit)).not.toMatch(/987654321|111112222|4321/);
  });

  it('keeps a mailing address of its own', async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA] });
    const mailingAddress = { addressOne: 'PO Box 77', city: 'Avon', stateCode: 'CT', zipcode: '06001-1234' };
    const res = await update(w.tokens.programAdminA, {
      ...validMerchantForm(),
      merchantUuid: merchant.uuid,
      mailingAddress,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mailing = (await addressesOf(merchant.id)).find((a) => a.kind === 'mailing');
    expect(mailing).toMatchObject({ address1: 'PO Box 77', city: 'Avon', zipcode: '06001-1234' });
  });

  const address = validMerchantForm().addressInfo;
  const badForms: [string, object][] = [
    ['no Merchant ID', { merchantIdentifier: '' }],
    ['a Merchant ID of 21', { merchantIdentifier: 'M'.repeat(21) }],
    ['no name', { merchantName: ' ' }],
    ['a name of 51', { merchantName: 'n'.repeat(51) }],
    ['an FNS number of 6', { fnsNumber: '123456' }],
    ['a bad e-mail', { email: 'orchard.example.com' }],
    ['an e-mail of 256', { email: `${'e'.repeat(244)}@example.com` }],
    ['a bad business phone', { businessPhone: '555-01' }],
    ['no mobile phone', { mobilePhone: '' }],
    ['an 11-digit tax id', { taxId: '12345678901' }],
    ['a registered address without city', { addressInfo: { ...address, city: '' } }],
    ['a bad zip', { addressInfo: { ...address, zipcode: '1234' } }],
    ['a state that is none', { addressInfo: { ...address, stateCode: 'XX' } }],
    ['a half mailing address', { mailingAddress: { addressOne: 'PO Box 1' } }],
    ['a physical address line of 61', { physicalAddress: { ...address, addressOne: 'a'.repeat(61) } }],
    ['a wrong type', { merchantName: 42 }],
  ];
  it.each(badForms)('answers 400 for %s and changes nothing', async (_name, change) => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA] });
    const before = await rowOf(merchant.id);
    const res = await update(w.tokens.programAdminA, {
      ...validMerchantForm(),
      merchantUuid: merchant.uuid,
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await rowOf(merchant.id)).toEqual(before);
  });

  it('ignores the tax fields without BANK_VIEW', async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA], taxId: '555556666' });
    const before = await rowOf(merchant.id);
    const form = {
      ...validMerchantForm(),
      merchantUuid: merchant.uuid,
      taxId: '999998888',
      taxClassId: 1,
      tinTypeId: 1,
    };
    const res = await update(w.tokens.agencyAdminA1, form);
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(merchant.id);
    expect(row.name).toBe(form.merchantName);
    expect(row).toMatchObject({
      taxIdEncrypted: before.taxIdEncrypted,
      taxIdLast4: '6666',
      taxClassId: before.taxClassId,
      tinTypeId: before.tinTypeId,
    });
  });

  it('answers 403 without MERCHANT_UPDATE and 404 for another program, changing nothing', async () => {
    const mine = await makeMerchant(db(), { programs: [w.programs.programA] });
    const theirs = await makeMerchant(db(), { programs: [w.programs.programB] });
    const forbidden = await update(w.tokens.agencyUserA1, { ...validMerchantForm(), merchantUuid: mine.uuid });
    expect(forbidden.statusCode).toBe(403);
    expect(await rowOf(mine.id)).toEqual(mine);
    const other = await update(w.tokens.programAdminA, { ...validMerchantForm(), merchantUuid: theirs.uuid });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    expect(await rowOf(theirs.id)).toEqual(theirs);
    expect(await auditsOf(theirs.uuid, 'update')).toEqual([]);
  });

  it('answers 409 when the Merchant ID belongs to another merchant', async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA] });
    const other = await makeMerchant(db(), { programs: [w.programs.programB] });
    const res = await update(w.tokens.programAdminA, {
      ...validMerchantForm(),
      merchantUuid: merchant.uuid,
      merchantIdentifier: other.merchantIdentifier,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MERCHANT_MESSAGES.MERCHANT_ID_EXISTS);
    expect(await rowOf(merchant.id)).toEqual(merchant);
  });
});

describe('PATCH /merchant-api/merchant/{id}', () => {
  const patch = (token: string | null, id: string, payload: object) =>
    t.injectAs(token, { method: 'PATCH', url: `/merchant-api/merchant/${id}`, payload });

  it('inactivates and activates, with an audit row each', async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA] });
    const off = await patch(w.tokens.programAdminA, merchant.uuid, { merchantStatusId: 1, updationChannel: 'WEB' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: 'Merchant Status updated.' });
    expect((await rowOf(merchant.id)).statusId).toBe(1);
    const on = await patch(w.tokens.programAdminA, merchant.uuid, { merchantStatusId: 0, updationChannel: 'WEB' });
    expect(on.statusCode).toBe(200);
    expect((await rowOf(merchant.id)).statusId).toBe(0);
    const audits = await auditsOf(merchant.uuid, 'status');
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [
        { merchantStatusId: 0, updationChannel: null },
        { merchantStatusId: 1, updationChannel: 'WEB' },
      ],
      [{ merchantStatusId: 1 }, { merchantStatusId: 0 }],
    ]);
  });

  it('refuses a bad status, a caller without MERCHANT_UPDATE and another program, changing nothing', async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA] });
    const theirs = await makeMerchant(db(), { programs: [w.programs.programB] });
    expect((await patch(w.tokens.programAdminA, merchant.uuid, { merchantStatusId: 2 })).statusCode).toBe(400);
    expect((await patch(w.tokens.programAdminA, merchant.uuid, { merchantStatusId: '1x' })).statusCode).toBe(400);
    expect((await patch(w.tokens.agencyUserA1, merchant.uuid, { merchantStatusId: 1 })).statusCode).toBe(403);
    expect((await patch(w.tokens.programAdminA, theirs.uuid, { merchantStatusId: 1 })).statusCode).toBe(404);
    expect((await patch(w.tokens.programAdminA, 'not-a-uuid', { merchantStatusId: 1 })).statusCode).toBe(400);
    expect((await rowOf(merchant.id)).statusId).toBe(0);
    expect((await rowOf(theirs.id)).statusId).toBe(0);
  });
});

describe('PUT /merchant-api/merchant/{merchantUuid}/{programId}/{0|1}', () => {
  const toggle = (token: string | null, uuid: string, programId: number | string, status: number | string) =>
    t.injectAs(token, { method: 'PUT', url: `/merchant-api/merchant/${uuid}/${programId}/${status}` });
  const mappingOf = async (merchantId: number, programId: number) =>
    (
      await db()
        .select()
        .from(merchantPrograms)
        .where(and(eq(merchantPrograms.merchantId, merchantId), eq(merchantPrograms.programId, programId)))
    )[0];

  it('sets the mapping status of a program the caller sees', async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA, w.programs.programB] });
    const res = await toggle(w.tokens.programAdminA, merchant.uuid, w.programs.programA.id, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Merchant Program Status updated.' });
    expect((await mappingOf(merchant.id, w.programs.programA.id))?.statusId).toBe(1);
    const [audit] = await auditsOf(`${merchant.uuid}/${w.programs.programA.id}`, 'status');
    expect(audit).toMatchObject({ entity: 'merchant_program', before: { statusId: 0 }, after: { statusId: 1 } });
  });

  it("refuses another program's mapping, a missing mapping, no MERCHANT_UPDATE and a bad status", async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA, w.programs.programB] });
    const onlyA = await makeMerchant(db(), { programs: [w.programs.programA] });
    const other = await toggle(w.tokens.programAdminA, merchant.uuid, w.programs.programB.id, 1);
    expect(other.statusCode).toBe(404);
    expect((await toggle(w.tokens.programAdminA, onlyA.uuid, w.programs.programB.id, 1)).statusCode).toBe(404);
    expect((await toggle(w.tokens.agencyUserA1, merchant.uuid, w.programs.programA.id, 1)).statusCode).toBe(403);
    expect((await toggle(w.tokens.programAdminA, merchant.uuid, w.programs.programA.id, 2)).statusCode).toBe(400);
    expect((await toggle(w.tokens.programAdminA, merchant.uuid, 'abc', 1)).statusCode).toBe(400);
    expect((await mappingOf(merchant.id, w.programs.programA.id))?.statusId).toBe(0);
    expect((await mappingOf(merchant.id, w.programs.programB.id))?.statusId).toBe(0);
  });

  it("maps the merchant to another of the caller's programs with status 0, once, audited", async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA] });
    const res = await toggle(w.tokens.programAdminAB, merchant.uuid, w.programs.programB.id, 0);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Merchant added to the program.' });
    expect((await mappingOf(merchant.id, w.programs.programB.id))?.statusId).toBe(0);
    const [audit] = await auditsOf(`${merchant.uuid}/${w.programs.programB.id}`, 'create');
    expect(audit).toMatchObject({ entity: 'merchant_program', after: { statusId: 0 } });
    // The program's merchant search finds it (merchants.program_ids follows the mapping).
    const [row] = await db().select({ ids: merchants.programIds }).from(merchants).where(eq(merchants.id, merchant.id));
    expect(row!.ids).toEqual([w.programs.programA.id, w.programs.programB.id].sort((a, b) => a - b));
    // Again: nothing more is written.
    expect((await toggle(w.tokens.programAdminAB, merchant.uuid, w.programs.programB.id, 0)).statusCode).toBe(200);
    expect(await auditsOf(`${merchant.uuid}/${w.programs.programB.id}`, 'create')).toHaveLength(1);
  });

  it('refuses to map to a program the caller does not hold, and to inactivate a mapping that is not there', async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA] });
    expect((await toggle(w.tokens.programAdminA, merchant.uuid, w.programs.programB.id, 0)).statusCode).toBe(404);
    expect((await toggle(w.tokens.programAdminAB, merchant.uuid, w.programs.programB.id, 1)).statusCode).toBe(404);
    expect((await toggle(w.tokens.agencyUserA1, merchant.uuid, w.programs.programB.id, 0)).statusCode).toBe(403);
    expect(await mappingOf(merchant.id, w.programs.programB.id)).toBeUndefined();
  });
});
