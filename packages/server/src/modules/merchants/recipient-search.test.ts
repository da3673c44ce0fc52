import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient } from '../../testing/factories.js';
import { buildWorld } from '../../testing/world.js';
import { makeMerchant } from '../../testing/merchants.js';

// GET /merchant-api/merchants/currentuser (A§5 "Recipient portal searches", A§7): the recipient's own programs'
// active merchants by name, e-mail, city, state and phone; the limits answer 400.

const t = useTestApp();

async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    users: {
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      recipientA: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const db = t.database.db;
  await makeRecipient(db, { program: programA, user: world.users.recipientA });
  const hartford = await makeMerchant(db, { name: 'Hartford Greens', city: 'Hartford', programs: [programA] });
  const newHaven = await makeMerchant(db, {
    name: 'Elm City Farm',
    city: 'New Haven',
    businessPhone: '2035559876',
    programs: [programA],
  });
  await makeMerchant(db, { name: 'Hartford Beta', city: 'Hartford', programs: [programB] });
  await makeMerchant(db, { name: 'Hartford Closed', city: 'Hartford', statusId: 1, programs: [programA] });
  return { ...world, hartford, newHaven };
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const search = (token: string, query: Record<string, string>) =>
  t.injectAs(token, {
    method: 'GET',
    url: '/merchant-api/merchants/currentuser',
    query: { pageSize: '1000', ...query },
  });
const names = (res: { json(): { data: { merchantName: string }[] } }) => res.json().data.map((m) => m.merchantName);

describe("the recipient's merchant search", () => {
  it("finds by city only active merchants of the recipient's programs", async () => {
    const res = await search(w.tokens.recipientA, { city: 'hart' });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res)).toEqual(['Hartford Greens']);
  });

  it('finds by name, state and phone digits', async () => {
    expect(names(await search(w.tokens.recipientA, { merchantName: 'elm' }))).toEqual(['Elm City Farm']);
    expect(names(await search(w.tokens.recipientA, { stateCode: 'CT' })).sort()).toEqual([
      'Elm City Farm',
      'Hartford Greens',
    ]);
    expect(names(await search(w.tokens.recipientA, { phone: '(203) 555-98' }))).toEqual(['Elm City Farm']);
  });

  it('refuses no criterion, a 51-character name, a 1-character city and a 2-digit phone', async () => {
    const none = await search(w.tokens.recipientA, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MERCHANT_MESSAGES.AT_LEAST_ONE_FIELD);
    expect((await search(w.tokens.recipientA, { merchantName: 'x'.repeat(51) })).statusCode).toBe(400);
    expect((await search(w.tokens.recipientA, { city: 'H' })).statusCode).toBe(400);
    expect((await search(w.tokens.recipientA, { phone: '20' })).statusCode).toBe(400);
    expect((await search(w.tokens.recipientA, { email: 'x'.repeat(251) })).statusCode).toBe(400);
  });

  it('answers staff 403', async () => {
    expect((await search(w.tokens.programAdminA, { city: 'Hartford' })).statusCode).toBe(403);
  });
});
