import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { makeRecipient } from '../../testing/factories.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';
import { boundingBox } from './locator.js';
import { makeMerchant } from '../../testing/merchants.js';

// GET /merchant-api/merchant/locator?latitude&longitude (B§2, B§3 "Merchant locator item", B§7;
// docs/decisions/0022): active merchants with an active mapping to the caller's programs within 100 miles, nearest
// first.

const t = useTestApp();
const HARTFORD = { latitude: 41.7672, longitude: -72.676 };

/** Great-circle miles, as the query measures them (mean Earth radius 3958.8 miles). */
function miles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      recipientA: { roleId: ROLE.RECIPIENT },
      recipientB: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const db = t.database.db;
  await makeRecipient(db, { program: programA, user: world.users.recipientA });
  await makeRecipient(db, { program: programB, user: world.users.recipientB });
  const at = (latitude: number, longitude: number) => ({ latitude: String(latitude), longitude: String(longitude) });
  const near = await makeMerchant(db, { name: 'Near Stand', programs: [programA], ...at(41.77, -72.68) });
  const newHaven = await makeMerchant(db, {
    name: 'Haven Market',
    city: 'New Haven',
    programs: [programA],
    ...at(41.3087, -72.9271),
  });
  const boston = await makeMerchant(db, { name: 'Boston Grocer', programs: [programA], ...at(42.3601, -71.0589) });
  const portland = await makeMerchant(db, { name: 'Portland Pantry', programs: [programA], ...at(43.6591, -70.2568) });
  const bOnly = await makeMerchant(db, { name: 'Beta Farm', programs: [programB], ...at(41.76, -72.67) });
  await makeMerchant(db, { name: 'Closed Farm', statusId: 1, programs: [programA], ...at(41.768, -72.677) });
  await makeMerchant(db, {
    name: 'Paused Farm',
    programs: [{ id: programA.id, mappingStatusId: 1 }],
    ...at(41.768, -72.677),
  });
  await makeMerchant(db, { name: 'Nowhere Farm', programs: [programA] }); // no coordinates
  return { ...world, near, newHaven, boston, portland, bOnly };
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const locate = (token: string | null, query: Record<string, string>) =>
  t.injectAs(token, { method: 'GET', url: '/merchant-api/merchant/locator', query });
const fromHartford = { latitude: String(HARTFORD.latitude), longitude: String(HARTFORD.longitude) };
const names = (body: { merchantName: string }[]) => body.map((m) => m.merchantName);

describe('GET /merchant-api/merchant/locator', () => {
  it("answers a recipient their programs' active merchants within 100 miles, nearest first, as B§3 items", async () => {
    const res = await locate(w.tokens.recipientA, fromHartford);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual(['Near Stand', 'Haven Market', 'Boston Grocer']); // Portland, ME is ~170 miles away
    expect(body[0]).toEqual({
      merchantUuid: w.near.uuid,
      merchantName: 'Near Stand',
      addressOne: expect.stringMatching(/Main Street$/),
      addressTwo: null,
      city: 'Hartford',
      stateId: 'CT',
      zipCode: '06103',
      mobilePhone: '8605550101',
      email: w.near.email,
      distance: Math.round(miles(HARTFORD, { latitude: 41.77, longitude: -72.68 }) * 10) / 10,
      latitude: 41.77,
      longitude: -72.68,
    });
    expect(body[1].distance).toBe(Math.round(miles(HARTFORD, { latitude: 41.3087, longitude: -72.9271 }) * 10) / 10);
    expect(body[1].city).toBe('New Haven');
    expect(miles(HARTFORD, { latitude: 43.6591, longitude: -70.2568 })).toBeGreaterThan(100);
  });

  it("answers another program's recipient only that program's merchants", async () => {
    expect(names((await locate(w.tokens.recipientB, fromHartford)).json())).toEqual(['Beta Farm']);
  });

  it("answers staff their programs' active merchants and platform admins every program's", async () => {
    expect(names((await locate(w.tokens.programAdminA, fromHartford)).json())).toEqual([
      'Near Stand',
      'Haven Market',
      'Boston Grocer',
    ]);
    expect(names((await locate(w.tokens.platformAdmin, fromHartford)).json())).toEqual([
      'Near Stand',
      'Beta Farm',
      'Haven Market',
      'Boston Grocer',
    ]);
  });

  it('answers [] far from every merchant', async () => {
    const res = await locate(w.tokens.recipientA, { latitude: '30.2713', longitude: '-97.7426' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  const bad: [string, Record<string, string>, string][] = [
    ['no latitude', { longitude: '-72.6' }, 'latitude'],
    ['a latitude of 91', { latitude: '91', longitude: '-72.6' }, 'Latitude must be a number from -90 to 90.'],
    ['a longitude of -180.5', { latitude: '41', longitude: '-180.5' }, 'Longitude must be a number from -180 to 180.'],
    ['a latitude that is text', { latitude: 'north', longitude: '-72.6' }, 'Latitude must be a number from -90 to 90.'],
    ['an empty longitude', { latitude: '41', longitude: '' }, 'Longitude must be a number from -180 to 180.'],
  ];
  it.each(bad)('answers 400 for %s', async (_name, query, text) => {
    const res = await locate(w.tokens.recipientA, query);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(text);
  });

  it('answers 401 without a session', async () => {
    expect((await locate(null, fromHartford)).statusCode).toBe(401);
  });
});

describe('boundingBox', () => {
  it('holds the 100-mile circle and takes every longitude near a pole', () => {
    const box = boundingBox(HARTFORD.latitude, HARTFORD.longitude, 100);
    expect(miles(HARTFORD, { latitude: box.maxLat, longitude: HARTFORD.longitude })).toBeGreaterThanOrEqual(100);
    expect(miles(HARTFORD, { latitude: HARTFORD.latitude, longitude: box.minLng })).toBeGreaterThanOrEqual(100);
    expect(boundingBox(89.99, 0, 100)).toMatchObject({ minLng: -180, maxLng: 180 });
  });
});
