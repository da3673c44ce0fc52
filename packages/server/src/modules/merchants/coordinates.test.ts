import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { merchantAddresses, merchants } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';
import { locateAddresses, locateZips, zip5 } from './coordinates.js';
import { makeMerchant, validMerchantForm } from '../../testing/merchants.js';

// Coordinates of merchant addresses on add and update (docs/decisions/0022): a given pair is kept,
// otherwise the ZIP's centroid from the gazetteer, otherwise null; the merchant row carries the physical address's.

const t = useTestApp();
const makeWorld = () =>
  buildWorld(t, {
    programs: { programA: {} },
    users: { programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] } },
  });
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const db = () => t.database.db;
const HARTFORD_06103 = { latitude: 41.7672, longitude: -72.676 };
const NEW_HAVEN_06510 = { latitude: 41.3087, longitude: -72.9271 };

async function placesOf(merchantUuid: string) {
  const [merchant] = await db().select().from(merchants).where(eq(merchants.uuid, merchantUuid));
  const addresses = await db()
    .select({
      kind: merchantAddresses.kind,
      latitude: merchantAddresses.latitude,
      longitude: merchantAddresses.longitude,
    })
    .from(merchantAddresses)
    .where(eq(merchantAddresses.merchantId, merchant!.id));
  const number = (v: string | null) => (v === null ? null : Number(v));
  return {
    merchant: { latitude: number(merchant!.latitude), longitude: number(merchant!.longitude) },
    ...Object.fromEntries(
      addresses.map((a) => [a.kind, { latitude: number(a.latitude), longitude: number(a.longitude) }]),
    ),
  };
}

describe('locateZips and locateAddresses', () => {
  it('finds centroids of known ZIPs in one statement and leaves unknown ones out', async () => {
    const sent = t.database.statementCount();
    const found = await locateZips(db(), ['06103', '06510', '00000', 'abcde', '06103']);
    expect(t.database.statementCount() - sent).toBe(1);
    expect(Object.fromEntries(found)).toEqual({ '06103': HARTFORD_06103, '06510': NEW_HAVEN_06510 });
    expect((await locateZips(db(), [])).size).toBe(0);
  });

  it('keeps a given pair, uses the first five digits of a ZIP+4, and answers null for an unknown ZIP', async () => {
    const located = await locateAddresses(db(), [
      { zipcode: '06103', latitude: 40.5, longitude: -73.25 },
      { zipcode: '06510-1234' },
      { zipcode: '00000' },
      { zipcode: '06103', latitude: 40.5, longitude: null }, // half a pair is no pair
    ]);
    expect(located.map(({ latitude, longitude }) => ({ latitude, longitude }))).toEqual([
      { latitude: 40.5, longitude: -73.25 },
      NEW_HAVEN_06510,
      { latitude: null, longitude: null },
      HARTFORD_06103,
    ]);
    expect(zip5(' 06103-1234')).toBe('06103');
    expect(zip5('1234')).toBeNull();
  });
});

describe('coordinates on add and update', () => {
  it('places every address of a new merchant at its ZIP centroid, the merchant at the physical one', async () => {
    const form = {
      ...validMerchantForm(),
      programId: w.programs.programA.id,
      physicalAddress: { addressOne: '1 Chapel St', city: 'New Haven', stateCode: 'CT', zipcode: '06510' },
    };
    const res = await t.injectAs(w.tokens.programAdminA, {
      method: 'POST',
      url: '/merchant-api/merchant',
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await placesOf(res.json().merchantUuid)).toEqual({
      merchant: NEW_HAVEN_06510,
      registered: HARTFORD_06103,
      mailing: HARTFORD_06103,
      physical: NEW_HAVEN_06510,
    });
  });

  it('keeps coordinates given with an address and places the others on update', async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA] });
    const given = { latitude: 41.75, longitude: -72.69 };
    const form = {
      ...validMerchantForm(),
      merchantUuid: merchant.uuid,
      physicalAddress: { addressOne: '9 Main St', city: 'Hartford', stateCode: 'CT', zipcode: '06103', ...given },
      mailingAddress: { addressOne: 'PO Box 1', city: 'Nowhere', stateCode: 'CT', zipcode: '00000' },
    };
    const res = await t.injectAs(w.tokens.programAdminA, {
      method: 'PUT',
      url: '/merchant-api/merchant',
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await placesOf(merchant.uuid)).toEqual({
      merchant: given,
      registered: HARTFORD_06103,
      mailing: { latitude: null, longitude: null },
      physical: given,
    });
  });

  it('answers 400 for a latitude or longitude out of range and changes nothing', async () => {
    const merchant = await makeMerchant(db(), { programs: [w.programs.programA] });
    const before = await placesOf(merchant.uuid);
    for (const [bad, message] of [
      [{ latitude: 91, longitude: 0 }, 'Latitude must be a number from -90 to 90.'],
      [{ latitude: 0, longitude: -181 }, 'Longitude must be a number from -180 to 180.'],
    ] as const) {
      const res = await t.injectAs(w.tokens.programAdminA, {
        method: 'PUT',
        url: '/merchant-api/merchant',
        payload: {
          ...validMerchantForm(),
          merchantUuid: merchant.uuid,
          addressInfo: { ...validMerchantForm().addressInfo, ...bad },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await placesOf(merchant.uuid)).toEqual(before);
  });
});
