import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { usZipRows } from '../../db/gazetteer.js';
import { makeRecipient } from '../../testing/factories.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';

// GET /merchant-api/geocode?q= (docs/decisions/0022): ZIP, 'City, ST' or a city name over the
// gazetteer, best first, at most 5.

const t = useTestApp();
const makeWorld = () =>
  buildWorld(t, {
    programs: { programA: {} },
    users: {
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      recipientA: { roleId: ROLE.RECIPIENT },
    },
  });
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
  await makeRecipient(t.database.db, { program: w.programs.programA, user: w.users.recipientA });
});

const geocode = (token: string | null, q: string) =>
  t.injectAs(token, { method: 'GET', url: '/merchant-api/geocode', query: { q } });

/** The mean of the package's centroids of a city, rounded as the answer is (6 decimals). */
function cityMean(city: string, state: string) {
  const rows = usZipRows().filter((r) => r.city === city && r.state === state);
  const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1e6) / 1e6;
  return { latitude: mean(rows.map((r) => r.latitude)), longitude: mean(rows.map((r) => r.longitude)) };
}

describe('GET /merchant-api/geocode', () => {
  it('finds a ZIP code (and a ZIP+4) at its centroid', async () => {
    const res = await geocode(w.tokens.programAdminA, '78701');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ label: 'Austin, TX 78701', latitude: 30.2713, longitude: -97.7426 }]);
    expect((await geocode(w.tokens.programAdminA, ' 78701-1234 ')).json()).toEqual(res.json());
  });

  it("finds 'City, ST' once, at the mean of its ZIPs, case-insensitively", async () => {
    const res = await geocode(w.tokens.recipientA, 'hartford, ct');
    expect(res.statusCode, res.body).toBe(200);
    const places = res.json();
    expect(places[0]).toEqual({ label: 'Hartford, CT', ...cityMean('Hartford', 'CT') });
    expect(places.every((p: { label: string }) => p.label.endsWith(', CT'))).toBe(true);
  });

  it('finds a city name in every state, the exact name first and bigger places before smaller', async () => {
    const places = (await geocode(w.tokens.programAdminA, 'Austin')).json() as { label: string }[];
    expect(places).toHaveLength(5);
    expect(places[0]!.label).toBe('Austin, TX');
    expect(places.map((p) => p.label).every((l) => l.startsWith('Austin'))).toBe(true);
    // A prefix: 'Hartf' finds Hartford, CT (the one with most ZIPs) first.
    expect(((await geocode(w.tokens.programAdminA, 'Hartf')).json() as { label: string }[])[0]!.label).toBe(
      'Hartford, CT',
    );
  });

  it('answers [] when nothing matches, and treats % and _ as themselves', async () => {
    expect((await geocode(w.tokens.programAdminA, 'Xyzzyville')).json()).toEqual([]);
    expect((await geocode(w.tokens.programAdminA, '%')).json()).toEqual([]);
    expect((await geocode(w.tokens.programAdminA, '00000')).json()).toEqual([]);
  });

  it('answers 400 for no text or more than 100 characters, and 401 without a session', async () => {
    const empty = await geocode(w.tokens.programAdminA, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Enter a city, a ZIP code or City, ST.');
    expect((await geocode(w.tokens.programAdminA, 'a'.repeat(101))).statusCode).toBe(400);
    expect((await geocode(null, 'Austin')).statusCode).toBe(401);
  });
});
