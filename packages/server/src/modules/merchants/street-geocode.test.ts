import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MERCHANT_FILE_COLUMNS, MERCHANT_MESSAGES, type MerchantFileColumn } from '@ebt/core/merchants';
import { geocodeCache, merchantAddresses, merchants } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { startFakeGeocoder, type FakeGeocoder } from '../../testing/fake-geocoder.js';
import { makeRecipient } from '../../testing/factories.js';
import { validMerchantForm } from '../../testing/merchants.js';
import { multipartFile } from '../../testing/multipart.js';
import { buildWorld } from '../../testing/world.js';

// Street addresses (decision 0114): with GEOCODER_URL set, the location search asks a Nominatim-compatible provider
// for a street address and merchants are placed at the provider's point; answers and misses are cached; a provider
// that fails falls back to the gazetteer. With it unset, street searches answer 400 and merchants sit at their ZIP's
// centroid. Here the provider is a fake on 127.0.0.1 that counts its calls.

const CONGRESS = '100 Congress Ave, Austin, TX 78701';
const CONGRESS_PLACE = { lat: '30.2640', lon: '-97.7440', display_name: '100 Congress Ave, Austin, TX 78701' };
const ELM = '12 Elm Street, Hartford, CT 06103';
const ELM_PLACE = { lat: '41.7801', lon: '-72.6901', display_name: '12 Elm Street, Hartford, Connecticut' };
const HARTFORD_06103 = { latitude: 41.7672, longitude: -72.676 };

const env: Record<string, string> = {};
let fake: FakeGeocoder;
beforeAll(async () => {
  fake = await startFakeGeocoder({ [CONGRESS]: CONGRESS_PLACE, [ELM]: ELM_PLACE });
  env.GEOCODER_URL = fake.url;
});
afterAll(() => fake.close());

const world = (t: ReturnType<typeof useTestApp>) =>
  buildWorld(t, {
    programs: { programA: {} },
    users: {
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      recipientA: { roleId: ROLE.RECIPIENT },
    },
  });

describe('with GEOCODER_URL set', () => {
  const t = useTestApp(env);
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(t);
    await makeRecipient(t.database.db, { program: w.programs.programA, user: w.users.recipientA });
  });
  const geocode = (q: string) =>
    t.injectAs(w.tokens.recipientA, { method: 'GET', url: '/merchant-api/geocode', query: { q } });
  const cacheRow = async (query: string) =>
    (await t.database.db.select().from(geocodeCache).where(eq(geocodeCache.query, query)))[0];

  it("answers a street address with the provider's point and label, then from the cache", async () => {
    const res = await geocode(CONGRESS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ label: '100 Congress Ave, Austin, TX 78701', latitude: 30.264, longitude: -97.744 }]);
    expect(fake.callsFor(CONGRESS)).toBe(1);
    const request = fake.requests.at(-1)!;
    expect(Object.fromEntries(request.params)).toEqual({
      q: CONGRESS,
      format: 'jsonv2',
      limit: '1',
      countrycodes: 'us',
      addressdetails: '0',
    });
    expect(request.headers['user-agent']).toMatch(/^MarketLink-EBT-Portal\/1\.0 \(\+http.*; .+@.+\)$/);

    // The same address written otherwise is the same cache key: no second call.
    const again = await geocode('  100   CONGRESS Ave,  Austin, TX 78701 ');
    expect(again.json()).toEqual(res.json());
    expect(fake.callsFor(CONGRESS)).toBe(1);
    expect(await cacheRow('100 congress ave, austin, tx 78701')).toMatchObject({
      latitude: 30.264,
      longitude: -97.744,
      label: '100 Congress Ave, Austin, TX 78701',
      provider: 'nominatim',
    });
  });

  it('keeps ZIP codes and city names on the gazetteer, with no provider call', async () => {
    const before = fake.requests.length;
    expect((await geocode('78701')).json()).toEqual([
      { label: 'Austin, TX 78701', latitude: 30.2713, longitude: -97.7426 },
    ]);
    expect((await geocode('Hartford, CT')).json()[0].label).toBe('Hartford, CT');
    expect(fake.requests.length).toBe(before);
  });

  it('caches a miss, and answers the address’s ZIP code from the gazetteer instead', async () => {
    const q = '9 Nowhere Lane, Austin, TX 78701';
    const res = await geocode(q);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ label: 'Austin, TX 78701', latitude: 30.2713, longitude: -97.7426 }]);
    expect(await cacheRow('9 nowhere lane, austin, tx 78701')).toMatchObject({ latitude: null, longitude: null });
    await geocode(q);
    expect(fake.callsFor(q)).toBe(1);
  });

  it('falls back to the gazetteer when the provider fails, caching nothing (never a 5xx)', async () => {
    fake.failing = true;
    try {
      const withZip = await geocode('5 Failing Road, Austin, TX 78701');
      expect(withZip.statusCode, withZip.body).toBe(200);
      expect(withZip.json()).toEqual([{ label: 'Austin, TX 78701', latitude: 30.2713, longitude: -97.7426 }]);
      const withCity = await geocode('5 Failing Road, Hartford, CT');
      expect(withCity.statusCode).toBe(200);
      expect(withCity.json()[0].label).toBe('Hartford, CT');
      const neither = await geocode('5 Failing Road');
      expect(neither.statusCode).toBe(200);
      expect(neither.json()).toEqual([]);
      expect(await cacheRow('5 failing road, austin, tx 78701')).toBeUndefined();
    } finally {
      fake.failing = false;
    }
  });

  it("places a merchant added through the API at the provider's point, a given pair kept", async () => {
    const form = { ...validMerchantForm(), programId: w.programs.programA.id, creationChannel: 'WEB' };
    const res = await t.injectAs(w.tokens.programAdminA, {
      method: 'POST',
      url: '/merchant-api/merchant',
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (
      await t.database.db.select().from(merchants).where(eq(merchants.merchantIdentifier, form.merchantIdentifier))
    )[0]!;
    expect({ latitude: Number(row.latitude), longitude: Number(row.longitude) }).toEqual({
      latitude: 41.7801,
      longitude: -72.6901,
    });
    const addresses = await t.database.db
      .select()
      .from(merchantAddresses)
      .where(eq(merchantAddresses.merchantId, row.id));
    expect(addresses.map((a) => Number(a.latitude))).toEqual([41.7801, 41.7801, 41.7801]);
    // One address, asked about once, whatever the three kinds.
    expect(fake.callsFor(ELM)).toBe(1);

    const given = { ...validMerchantForm(), programId: w.programs.programA.id, creationChannel: 'WEB' };
    given.addressInfo = { ...given.addressInfo, latitude: 41.5, longitude: -72.5 } as typeof given.addressInfo;
    await t.injectAs(w.tokens.programAdminA, { method: 'POST', url: '/merchant-api/merchant', payload: given });
    const kept = (
      await t.database.db.select().from(merchants).where(eq(merchants.merchantIdentifier, given.merchantIdentifier))
    )[0]!;
    expect([Number(kept.latitude), Number(kept.longitude)]).toEqual([41.5, -72.5]);
  });

  it('places imported merchants from the cache and the provider, and at the ZIP centroid when it is down', async () => {
    const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
    const row = (name: string, address1: string): Partial<Record<MerchantFileColumn, string>> => ({
      actionCode: '01',
      program: w.programs.programA.shortName,
      merchantName: name,
      email: `${name.replaceAll(' ', '-').toLowerCase()}@example.com`,
      businessPhone: '(860) 555-0100',
      mobilePhone: '860.555.0101',
      address1,
      city: 'Hartford',
      state: 'ct',
      zip: '06103',
    });
    const file = (rows: Partial<Record<MerchantFileColumn, string>>[]) =>
      [MERCHANT_FILE_COLUMNS.map((c) => c.header), ...rows.map((r) => MERCHANT_FILE_COLUMNS.map((c) => r[c.key] ?? ''))]
        .map((cells) => cells.map(quote).join(','))
        .join('\r\n') + '\r\n';
    const upload = (content: string) =>
      t.injectAs(w.tokens.programAdminA, {
        method: 'POST',
        url: '/merchant-api/merchant/file',
        ...multipartFile('merchantFile', 'merchants.csv', content),
      });
    const placeOf = async (name: string) => {
      const m = (await t.database.db.select().from(merchants).where(eq(merchants.name, name)))[0]!;
      return [Number(m.latitude), Number(m.longitude)];
    };

    const calls = fake.requests.length;
    const res = await upload(file([row('Elm Import One', '12 Elm Street'), row('Elm Import Two', '14 Elm Street')]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors).toEqual([]);
    expect(await placeOf('Elm Import One')).toEqual([41.7801, -72.6901]); // from the cache (the add above)
    expect(await placeOf('Elm Import Two')).toEqual([HARTFORD_06103.latitude, HARTFORD_06103.longitude]); // a miss
    expect(fake.callsFor(ELM)).toBe(1);
    expect(fake.requests.length).toBe(calls + 1);

    fake.failing = true;
    try {
      const down = await upload(file([row('Down Import', '20 Elm Street')]));
      expect(down.statusCode, down.body).toBe(200);
      expect(await placeOf('Down Import')).toEqual([HARTFORD_06103.latitude, HARTFORD_06103.longitude]);
      expect(await cacheRow('20 elm street, hartford, ct 06103')).toBeUndefined();
    } finally {
      fake.failing = false;
    }
  });
});

describe('with GEOCODER_URL unset', () => {
  const t = useTestApp();
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(t);
  });

  it('says plainly that only ZIP codes and city names can be searched, and asks no provider', async () => {
    const calls = fake.requests.length;
    const res = await t.injectAs(w.tokens.programAdminA, {
      method: 'GET',
      url: '/merchant-api/geocode',
      query: { q: CONGRESS },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessages).toEqual([
      expect.objectContaining({ appErrorMessage: MERCHANT_MESSAGES.STREET_SEARCH_OFF, field: 'q' }),
    ]);
    expect(fake.requests.length).toBe(calls);
  });

  it("places a merchant added through the API at its ZIP's centroid", async () => {
    const form = { ...validMerchantForm(), programId: w.programs.programA.id, creationChannel: 'WEB' };
    const res = await t.injectAs(w.tokens.programAdminA, {
      method: 'POST',
      url: '/merchant-api/merchant',
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (
      await t.database.db.select().from(merchants).where(eq(merchants.merchantIdentifier, form.merchantIdentifier))
    )[0]!;
    expect([Number(row.latitude), Number(row.longitude)]).toEqual([HARTFORD_06103.latitude, HARTFORD_06103.longitude]);
    expect(await t.database.db.select().from(geocodeCache)).toEqual([]);
  });
});
