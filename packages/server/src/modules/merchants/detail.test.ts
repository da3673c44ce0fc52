import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, TAX_CLASSES, TIN_TYPES } from '@ebt/core/enums';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient } from '../../testing/factories.js';
import { buildWorld } from '../../testing/world.js';
import { makeMerchant } from '../../testing/merchants.js';

// GET /merchant-api/merchant/{id}, …/{id}/mapping and the look-ups (B§3, B§7; resolution 10; decision 0020).

const t = useTestApp();

async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: { name: 'Alpha Market' }, programB: { name: 'Beta Market' } },
    agencies: { a1: { program: 'programA' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      recipientA: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const db = t.database.db;
  await makeRecipient(db, { program: programA, user: world.users.recipientA });
  const shared = await makeMerchant(db, {
    name: 'Shared Farm',
    fnsNumber: '7654321',
    taxId: '987656789',
    bank: { accountNumber: '5550001234', routingNumber: '011000015' },
    programs: [programA, { id: programB.id, mappingStatusId: 1 }],
  });
  const bOnly = await makeMerchant(db, { name: 'Beta Only', programs: [programB] });
  const inactive = await makeMerchant(db, { name: 'Closed Farm', statusId: 1, programs: [programA] });
  const inactiveMapping = await makeMerchant(db, {
    name: 'Paused Farm',
    programs: [{ id: programA.id, mappingStatusId: 1 }],
  });
  return { ...world, shared, bOnly, inactive, inactiveMapping };
}
type World = Awaited<ReturnType<typeof makeWorld>>;
let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

const detail = (token: string | null, id: string) =>
  t.injectAs(token, { method: 'GET', url: `/merchant-api/merchant/${id}` });
const mapping = (token: string | null, id: string) =>
  t.injectAs(token, { method: 'GET', url: `/merchant-api/merchant/${id}/mapping` });

const address = (addressOne: unknown) => ({
  addressOne,
  addressTwo: null,
  city: 'Hartford',
  stateCode: 'CT',
  zipcode: '06103',
});

describe('GET /merchant-api/merchant/{id}', () => {
  it('answers BANK_VIEW holders tax and bank numbers masked to the last four', async () => {
    const res = await detail(w.tokens.programAdminA, w.shared.uuid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      merchantUuid: w.shared.uuid,
      merchantIdentifier: w.shared.merchantIdentifier,
      merchantStatusId: 0,
      merchantName: 'Shared Farm',
      fnsNumber: '7654321',
      taxId: '****6789',
      taxClassId: 6,
      tinTypeId: 2,
      addressInfo: address(expect.stringMatching(/Main Street$/)),
      mailingAddress: address(expect.stringMatching(/^PO Box/)),
      creationChannel: 'API',
      bankAccountInfo: {
        bankName: 'First Test Bank',
        bankAccountNumber: '****1234',
        bankRoutingNumber: '****0015',
        bankAccountType: 0,
        firstName: 'Dana',
        middleName: null,
        lastName: 'Holder',
      },
    });
    // The program admin of A sees only A's mapping.
    expect(body.merchantPrograms).toEqual([
      {
        programId: w.programs.programA.id,
        programUuid: w.programs.programA.uuid,
        programName: 'Alpha Market',
        shortname: w.programs.programA.shortName,
        statusId: 0,
      },
    ]);
    expect(res.body).not.toContain('987656789');
    expect(res.body).not.toContain('5550001234');
  });

  it('answers staff without BANK_VIEW tax and bank fields as null', async () => {
    const res = await detail(w.tokens.agencyUserA1, w.shared.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      merchantName: 'Shared Farm',
      fnsNumber: '7654321',
      taxId: null,
      taxClassId: null,
      tinTypeId: null,
      bankAccountInfo: null,
    });
    // Neither the numbers nor their masked last four (a random short name or uuid may hold the same digits).
    expect(res.body).not.toMatch(/987656789|5550001234|011000015|\*6789|\*1234|\*0015/);
  });

  it('answers recipients only the public fields of active merchants actively mapped to their programs', async () => {
    const res = await detail(w.tokens.recipientA, w.shared.uuid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      merchantName: 'Shared Farm',
      email: w.shared.email,
      businessPhone: '8605550100',
      merchantIdentifier: null,
      fnsNumber: null,
      taxId: null,
      taxClassId: null,
      tinTypeId: null,
      bankAccountInfo: null,
      creationChannel: null,
    });
    expect(body.merchantPrograms.map((p: { programName: string }) => p.programName)).toEqual(['Alpha Market']);
    for (const hidden of [w.bOnly, w.inactive, w.inactiveMapping]) {
      const out = await detail(w.tokens.recipientA, hidden.uuid);
      expect(out.statusCode).toBe(404);
      expect(out.json().message).toBe(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    }
    // Staff of the program still see the inactive ones.
    expect((await detail(w.tokens.programAdminA, w.inactive.uuid)).statusCode).toBe(200);
    expect((await detail(w.tokens.programAdminA, w.inactiveMapping.uuid)).statusCode).toBe(200);
  });

  it("answers another program's merchant 404, like a missing one; platform admins see all", async () => {
    const other = await detail(w.tokens.programAdminA, w.bOnly.uuid);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    expect((await detail(w.tokens.programAdminA, '00000000-0000-4000-8000-000000000001')).statusCode).toBe(404);
    const all = await detail(w.tokens.platformAdmin, w.shared.uuid);
    expect(all.json().merchantPrograms).toHaveLength(2);
    expect(all.json().taxId).toBe('****6789');
  });

  it('refuses a bad id and callers without a token', async () => {
    expect((await detail(w.tokens.programAdminA, 'not-a-uuid')).statusCode).toBe(400);
    expect((await detail(null, w.shared.uuid)).statusCode).toBe(401);
  });
});

describe('GET /merchant-api/merchant/{id}/mapping', () => {
  it("lists the mappings in the caller's programs", async () => {
    const mine = await mapping(w.tokens.programAdminA, w.shared.uuid);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      {
        programId: w.programs.programA.id,
        programUuid: w.programs.programA.uuid,
        programName: 'Alpha Market',
        shortname: w.programs.programA.shortName,
        statusId: 0,
      },
    ]);
    const all = await mapping(w.tokens.platformAdmin, w.shared.uuid);
    expect(all.json().map((m: { programName: string; statusId: number }) => [m.programName, m.statusId])).toEqual([
      ['Alpha Market', 0],
      ['Beta Market', 1],
    ]);
  });

  it("answers 404 for another program's merchant, and 403 to recipients", async () => {
    expect((await mapping(w.tokens.programAdminA, w.bOnly.uuid)).statusCode).toBe(404);
    expect((await mapping(w.tokens.recipientA, w.shared.uuid)).statusCode).toBe(403);
    expect((await mapping(null, w.shared.uuid)).statusCode).toBe(401);
  });
});

describe('the look-ups', () => {
  it('answer the tax classes and TIN types of B§9 to staff', async () => {
    const classes = await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: '/merchant-api/tax-classes' });
    expect(classes.json()).toEqual(TAX_CLASSES);
    expect(classes.json()[0]).toEqual({ taxClassId: 1, descr: 'Individual (Sole Proprietor)' });
    const tins = await t.injectAs(w.tokens.programAdminA, { method: 'GET', url: '/merchant-api/tin-types' });
    expect(tins.json()).toEqual([
      { tinTypeId: 1, descr: 'SSN' },
      { tinTypeId: 2, descr: 'EIN' },
    ]);
    expect(TIN_TYPES).toHaveLength(2);
  });

  it('refuse recipients and callers without a token', async () => {
    expect(
      (await t.injectAs(w.tokens.recipientA, { method: 'GET', url: '/merchant-api/tax-classes' })).statusCode,
    ).toBe(403);
    expect((await t.injectAs(null, { method: 'GET', url: '/merchant-api/tin-types' })).statusCode).toBe(401);
  });
});
