import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_CENTER } from '@ebt/core/constants';
import { ROLE } from '@ebt/core/enums';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient } from '../../testing/factories.js';
import { makeMerchant } from '../../testing/merchants.js';
import { buildWorld } from '../../testing/world.js';

// GET /merchant-api/locator/start (decision 0114): a first view without a browser position centres on the
// recipient's own ZIP code (staff: their programs' merchants' area) and lists the nearest merchants with distances,
// within the smallest radius step that finds any.

const t = useTestApp();
const HARTFORD_06103 = { latitude: 41.7672, longitude: -72.676 };

async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {}, programC: {} },
    users: {
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminC: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programC'] },
      recipientA: { roleId: ROLE.RECIPIENT },
      recipientNoZip: { roleId: ROLE.RECIPIENT },
      recipientFar: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const db = t.database.db;
  await makeRecipient(db, { program: programA, user: world.users.recipientA }); // 1 Elm Street, Hartford 06103
  await makeRecipient(db, { program: programA, user: world.users.recipientNoZip, zipcode: null });
  // Anchorage: no merchant of program B within 100 miles.
  await makeRecipient(db, { program: programB, user: world.users.recipientFar, zipcode: '99501' });
  const at = (latitude: number, longitude: number) => ({ latitude: String(latitude), longitude: String(longitude) });
  await makeMerchant(db, { name: 'Near Stand', programs: [programA], ...at(41.77, -72.68) });
  await makeMerchant(db, { name: 'Haven Market', programs: [programA], ...at(41.3087, -72.9271) });
  await makeMerchant(db, { name: 'Boston Grocer', programs: [programA], ...at(42.3601, -71.0589) });
  await makeMerchant(db, { name: 'Beta Farm', programs: [programB], ...at(41.76, -72.67) });
  return world;
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const start = (token: string | null, query: Record<string, string> = {}) =>
  t.injectAs(token, { method: 'GET', url: '/merchant-api/locator/start', query });

describe('GET /merchant-api/locator/start', () => {
  it('centres a recipient on their own ZIP code and lists the nearest merchants with distances', async () => {
    const res = await start(w.tokens.recipientA);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.origin).toEqual({ ...HARTFORD_06103, label: 'Hartford, CT 06103', source: 'home' });
    // Every merchant within reach, nearest first; the radius to show first is the smallest step holding the nearest.
    expect(answer.radius).toBe(25);
    expect(answer.merchants.map((m: { merchantName: string }) => m.merchantName)).toEqual([
      'Near Stand',
      'Haven Market',
      'Boston Grocer',
    ]);
    expect(answer.merchants[0].distance).toBe(0.3);
  });

  it('widens to the radius asked for, and refuses one that is not a step', async () => {
    const wide = (await start(w.tokens.recipientA, { radius: '50' })).json();
    expect(wide.radius).toBe(50);
    expect(wide.merchants.map((m: { merchantName: string }) => m.merchantName)).toEqual(['Near Stand', 'Haven Market']);
    const widest = (await start(w.tokens.recipientA, { radius: '100' })).json();
    expect(widest.merchants.map((m: { distance: number }) => m.distance)).toEqual(
      [...widest.merchants.map((m: { distance: number }) => m.distance)].sort((a, b) => a - b),
    );
    expect(widest.merchants).toHaveLength(3);

    const bad = await start(w.tokens.recipientA, { radius: '30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMessages[0].appErrorMessage).toBe(MERCHANT_MESSAGES.RADIUS_STEP);
  });

  it("centres a recipient without a ZIP, and staff, on their programs' merchants", async () => {
    const noZip = (await start(w.tokens.recipientNoZip)).json();
    expect(noZip.origin.source).toBe('program');
    expect(noZip.origin.label).toBeNull();
    expect(noZip.merchants.length).toBeGreaterThan(0);

    const staffRes = await start(w.tokens.programAdminA);
    expect(staffRes.statusCode, staffRes.body).toBe(200);
    const staff = staffRes.json();
    expect(staff.origin.source).toBe('program');
    // The merchant nearest the middle of Near Stand, Haven Market and Boston Grocer: the point is a merchant's own.
    expect(staff.merchants[0].distance).toBe(0);
    expect(staff.merchants.every((m: { merchantName: string }) => m.merchantName !== 'Beta Farm')).toBe(true);
  });

  it('says nothing is within reach only when no merchant is within 100 miles, and uses the default point when nothing is known', async () => {
    const far = (await start(w.tokens.recipientFar)).json();
    expect(far.origin).toMatchObject({ label: 'Anchorage, AK 99501', source: 'home' });
    expect(far.radius).toBe(100);
    expect(far.merchants).toEqual([]);

    const none = (await start(w.tokens.programAdminC)).json();
    expect(none.origin).toEqual({ ...DEFAULT_MAP_CENTER, label: null, source: 'default' });
    expect(none.merchants).toEqual([]);
  });

  it('is refused without a session', async () => {
    expect((await start(null)).statusCode).toBe(401);
  });
});
