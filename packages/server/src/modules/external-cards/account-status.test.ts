import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS } from '@ebt/core/enums';
import { EXTERNAL_CARD_MESSAGES as M } from '@ebt/core/external-cards';
import { externalCards, recipientAccounts } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { attach, attached, type CardWorld, cardNumber, makeCardWorld } from '../../testing/external-cards.js';

// The recipient's account status and their cards (decision 0039): a Deleted account (2) means the person is no longer
// in that program, so its cards are not theirs to see or change and no card goes there; an Inactive one (1) works.

const t = useTestApp();
let w: CardWorld;
let inA: string; // the recipient's card in program A (account a1, made Inactive)
let inB: string; // the recipient's card in program B (account b1, made Deleted)

const setStatus = (accountId: number, statusId: number) =>
  t.database.db.update(recipientAccounts).set({ statusId }).where(eq(recipientAccounts.id, accountId));
const rowOf = async (uuid: string) =>
  (await t.database.db.select().from(externalCards).where(eq(externalCards.uuid, uuid)))[0];
const card = (programUuid: string, name = 'My card') => ({
  pan: cardNumber(),
  name,
  programUuid,
  externalPanTypeId: 1,
});
const edit = { name: 'Renamed', externalPanTypeId: 2, externalPanStatusId: 1 };

beforeAll(async () => {
  w = await makeCardWorld(t);
  inA = await attached(t, w.tokens.recipient, card(w.programs.programA.uuid, 'Card in A'));
  inB = await attached(t, w.tokens.recipient, card(w.programs.programB.uuid, 'Card in B'));
  await setStatus(w.accounts.a1.id, ACCOUNT_STATUS.INACTIVE);
  await setStatus(w.accounts.b1.id, ACCOUNT_STATUS.DELETED);
});

const call = (method: 'GET' | 'PUT' | 'DELETE', id: string, payload?: object) =>
  t.injectAs(w.tokens.recipient, { method, url: `/account-api/external-pan/${id}`, ...(payload ? { payload } : {}) });

describe('a Deleted account (status 2)', () => {
  it('leaves its cards out of the list', async () => {
    const res = await t.injectAs(w.tokens.recipient, { method: 'GET', url: '/account-api/external-pan/all' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { externalPanId: string }) => c.externalPanId)).toEqual([inA]);
  });

  it('answers 404 to reading, changing or deleting its card, and changes nothing', async () => {
    const before = await rowOf(inB);
    for (const res of [await call('GET', inB), await call('PUT', inB, edit), await call('DELETE', inB)]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(M.CARD_NOT_FOUND);
    }
    expect(await rowOf(inB)).toEqual(before);
  });

  it("answers 404 'The program was not found.' to attaching a card there or moving one there", async () => {
    const count = async () => (await t.database.db.select().from(externalCards)).length;
    const before = await count();
    const attaching = await attach(t, w.tokens.recipient, card(w.programs.programB.uuid));
    expect(attaching.statusCode).toBe(404);
    expect(attaching.json().message).toBe(M.PROGRAM_NOT_FOUND);
    expect(await count()).toBe(before);

    const rowA = await rowOf(inA);
    const moving = await call('PUT', inA, { ...edit, programUuid: w.programs.programB.uuid });
    expect(moving.statusCode).toBe(404);
    expect(moving.json().message).toBe(M.PROGRAM_NOT_FOUND);
    expect(await rowOf(inA)).toEqual(rowA);
  });
});

describe('an Inactive account (status 1)', () => {
  it('keeps working: attach, read, change and delete', async () => {
    const id = await attached(t, w.tokens.recipient, card(w.programs.programA.uuid, 'Another in A'));
    expect((await call('GET', inA)).statusCode).toBe(200);
    const changed = await call('PUT', inA, edit);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().name).toBe('Renamed');
    expect((await call('DELETE', id)).statusCode).toBe(204);
    expect(await rowOf(id)).toBeUndefined();
  });
});
