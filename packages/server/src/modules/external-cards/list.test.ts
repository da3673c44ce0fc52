import { beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_CARD_MESSAGES as M } from '@ebt/core/external-cards';
import { ROLE } from '@ebt/core/enums';
import { makeRecipient, makeUser } from '../../testing/factories.js';
import { useTestApp } from '../../testing/app.js';
import { attached, type CardWorld, cardNumber, makeCardWorld } from '../../testing/external-cards.js';

// GET /account-api/external-pan/all, /all/{id} and /{id} (A§7, B§7; decision 0039).

const t = useTestApp();
let w: CardWorld;
let cards: { a1: string; b1: string; a2: string };
const pans = { a1: cardNumber(), b1: cardNumber(19), a2: cardNumber() };

beforeAll(async () => {
  w = await makeCardWorld(t);
  cards = {
    a1: await attached(t, w.tokens.recipient, {
      pan: pans.a1,
      name: 'Zeta card',
      programUuid: w.programs.programA.uuid,
      externalPanTypeId: 1,
    }),
    b1: await attached(t, w.tokens.recipient, {
      pan: pans.b1,
      name: 'WIC card',
      programUuid: w.programs.programB.uuid,
      externalPanTypeId: 2,
    }),
    a2: await attached(t, w.tokens.otherRecipient, {
      pan: pans.a2,
      name: 'Other card',
      programUuid: w.programs.programA.uuid,
      externalPanTypeId: 3,
    }),
  };
});

const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });

describe("the recipient's own cards", () => {
  it('lists every card of every program they are in, masked, and no one else’s', async () => {
    const res = await get(w.tokens.recipient, '/account-api/external-pan/all');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toMatchObject({ totalCount: 2, countCapped: false });
    expect(list.data.map((c: { externalPanId: string }) => c.externalPanId).sort()).toEqual(
      [cards.a1, cards.b1].sort(),
    );
    expect(list.data.find((c: { externalPanId: string }) => c.externalPanId === cards.b1)).toEqual({
      externalPanId: cards.b1,
      pan: `*${pans.b1.slice(-4)}`,
      name: 'WIC card',
      programUuid: w.programs.programB.uuid,
      programName: w.programs.programB.name,
      externalPanType: { externalPanTypeId: 2, descr: 'WIC' },
      externalPanStatus: { externalPanStatusId: 1, descr: 'Active' },
    });
  });

  it('answers an empty list to a recipient without cards', async () => {
    const user = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
    await makeRecipient(t.database.db, { program: w.programs.programA, agency: w.agencies.a1, user });
    const res = await get(await t.signIn(user.username), '/account-api/external-pan/all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], totalCount: 0, countCapped: false });
  });

  it('reads one own card, and answers 404 for another person’s', async () => {
    const mine = await get(w.tokens.recipient, `/account-api/external-pan/${cards.a1}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ externalPanId: cards.a1, pan: `*${pans.a1.slice(-4)}`, name: 'Zeta card' });
    const theirs = await get(w.tokens.recipient, `/account-api/external-pan/${cards.a2}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(M.CARD_NOT_FOUND);
  });

  it('answers 403 to staff on the recipient routes', async () => {
    expect((await get(w.tokens.programAdminA, `/account-api/external-pan/${cards.a1}`)).statusCode).toBe(403);
    expect((await get(w.tokens.programAdminA, '/account-api/external-pan/all')).statusCode).toBe(403);
  });
});

describe('the staff view of one recipient', () => {
  const staffList = (token: string, accountUuid: string) => get(token, `/account-api/external-pan/all/${accountUuid}`);

  it.each(['platformAdmin', 'programAdminA', 'agencyAdminA1', 'agencyUserA1'] as const)(
    "shows %s the account's cards, only that account's",
    async (who) => {
      const res = await staffList(w.tokens[who], w.accounts.a1.uuid);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual([
        expect.objectContaining({ externalPanId: cards.a1, pan: `*${pans.a1.slice(-4)}`, name: 'Zeta card' }),
      ]);
    },
  );

  it('answers 404 to staff of another agency or program, as for a missing account', async () => {
    for (const [who, account] of [
      ['agencyUserA2', w.accounts.a1],
      ['agencyUserA1', w.accounts.a2],
      ['programAdminB', w.accounts.a1],
      ['programAdminA', w.accounts.b1],
    ] as const) {
      const res = await staffList(w.tokens[who], account.uuid);
      expect({ who, status: res.statusCode }).toEqual({ who, status: 404 });
      expect(res.json().message).toBe(M.RECIPIENT_NOT_FOUND);
    }
    expect((await staffList(w.tokens.platformAdmin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('answers an empty list for an account without cards', async () => {
    const fresh = await makeRecipient(t.database.db, { program: w.programs.programA, agency: w.agencies.a1 });
    const res = await staffList(w.tokens.agencyUserA1, fresh.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], totalCount: 0, countCapped: false });
  });

  it('answers 403 to a recipient, even for their own account', async () => {
    expect((await staffList(w.tokens.recipient, w.accounts.a1.uuid)).statusCode).toBe(403);
  });

  it('answers 400 to an id that is not a uuid', async () => {
    expect((await staffList(w.tokens.platformAdmin, 'not-a-uuid')).statusCode).toBe(400);
  });
});
