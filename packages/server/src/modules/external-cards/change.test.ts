import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_CARD_MESSAGES as M } from '@ebt/core/external-cards';
import { auditLog, externalCards } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import {
  attach,
  attached,
  type CardWorld,
  cardNumber,
  failingLuhn,
  makeCardWorld,
} from '../../testing/external-cards.js';

// PUT and DELETE /account-api/external-pan/{id} (A§4, A§5, A§7; decisions 0038 and 0039).

const t = useTestApp();
let w: CardWorld;
beforeAll(async () => {
  w = await makeCardWorld(t);
});

const rowOf = async (uuid: string) =>
  (await t.database.db.select().from(externalCards).where(eq(externalCards.uuid, uuid)))[0];
const put = (token: string, id: string, payload: Record<string, unknown>) =>
  t.injectAs(token, { method: 'PUT', url: `/account-api/external-pan/${id}`, payload });
const edit = { name: 'Renamed card', externalPanTypeId: 2, externalPanStatusId: 2 };

/** A fresh card of the recipient in program A. */
async function myCard(pan = cardNumber(), programUuid = w.programs.programA.uuid) {
  const id = await attached(t, w.tokens.recipient, { pan, name: 'My SNAP card', programUuid, externalPanTypeId: 1 });
  return { id, pan };
}

describe('editing a card', () => {
  it('changes name, type and status (the active flag: 1, else 2), keeps the number, and audits before and after', async () => {
    const { id, pan } = await myCard();
    const before = await rowOf(id);
    const res = await put(w.tokens.recipient, id, { ...edit, pan: `*${pan.slice(-4)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      externalPanId: id,
      pan: `*${pan.slice(-4)}`,
      name: 'Renamed card',
      externalPanType: { externalPanTypeId: 2, descr: 'WIC' },
      externalPanStatus: { externalPanStatusId: 2, descr: 'Inactive' },
    });
    const after = await rowOf(id);
    expect(after).toMatchObject({ name: 'Renamed card', typeId: 2, statusId: 2, panHash: before!.panHash });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(auditLog.id)
      .offset(1);
    expect(audit).toMatchObject({ action: 'update', entity: 'external_card', actorUserId: w.users.recipient.id });
    expect(audit!.before).toMatchObject({ name: 'My SNAP card', cardTypeId: 1, cardStatusId: 1 });
    expect(audit!.after).toMatchObject({ name: 'Renamed card', cardTypeId: 2, cardStatusId: 2 });
    // Active again, with the pan left out.
    expect((await put(w.tokens.recipient, id, { ...edit, externalPanStatusId: 1 })).json().externalPanStatus).toEqual({
      externalPanStatusId: 1,
      descr: 'Active',
    });
  });

  it('replaces the number when a full one is sent', async () => {
    const { id } = await myCard();
    const next = cardNumber(19);
    const res = await put(w.tokens.recipient, id, { ...edit, pan: next });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pan).toBe(`*${next.slice(-4)}`);
    expect((await rowOf(id))!.panLast4).toBe(next.slice(-4));
  });

  it('moves the card to another of the recipient’s programs', async () => {
    const { id } = await myCard();
    const res = await put(w.tokens.recipient, id, { ...edit, programUuid: w.programs.programB.uuid });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({ accountId: w.accounts.b1.id, programId: w.programs.programB.id });
  });
});

describe('the rules on edit (a 4xx, nothing changed)', () => {
  const refusals: [string, (pan: string) => Record<string, unknown>, number, string][] = [
    ['a 36-character name', () => ({ ...edit, name: 'x'.repeat(36) }), 400, M.INVALID_NAME],
    [
      'a name with a 4-digit run of the stored number',
      (pan) => ({ ...edit, name: `n${pan.slice(2, 6)}` }),
      400,
      M.NAME_CONTAINS_PAN,
    ],
    [
      'the stored number grouped with spaces as the name',
      (pan) => ({ ...edit, name: pan.match(/.{1,4}/g)!.join(' ') }),
      400,
      M.NAME_CONTAINS_PAN,
    ],
    [
      'a new number with dashes as the name',
      () => {
        const next = cardNumber();
        return { ...edit, pan: next, name: next.match(/.{1,4}/g)!.join('-') };
      },
      400,
      M.NAME_CONTAINS_PAN,
    ],
    ['no type', () => ({ ...edit, externalPanTypeId: undefined }), 400, M.TYPE_REQUIRED],
    ['status 3', () => ({ ...edit, externalPanStatusId: 3 }), 400, M.STATUS_INVALID],
    ['a number failing Luhn', (pan) => ({ ...edit, pan: failingLuhn(pan) }), 400, M.INVALID_NUMBER],
    ['15 digits', () => ({ ...edit, pan: cardNumber(15) }), 400, M.INVALID_NUMBER],
    ['20 digits', () => ({ ...edit, pan: cardNumber(20) }), 400, M.INVALID_NUMBER],
    ['the masked form of another card', () => ({ ...edit, pan: '*0000' }), 400, M.INVALID_NUMBER],
    [
      'a program not theirs',
      () => ({ ...edit, programUuid: '00000000-0000-4000-8000-000000000000' }),
      404,
      M.PROGRAM_NOT_FOUND,
    ],
  ];

  it.each(refusals)('refuses %s', async (_case, payload, status, message) => {
    const { id, pan } = await myCard();
    const before = await rowOf(id);
    const res = await put(w.tokens.recipient, id, payload(pan));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errorMessages[0].appErrorMessage).toBe(message);
    expect(await rowOf(id)).toEqual(before);
  });

  it.each(['null', '[1,2]', '[]', '"x"', '5', 'true'])('refuses the whole body %s with a 400', async (payload) => {
    const { id } = await myCard();
    const before = await rowOf(id);
    const res = await t.injectAs(w.tokens.recipient, {
      method: 'PUT',
      url: `/account-api/external-pan/${id}`,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await rowOf(id)).toEqual(before);
  });

  it('refuses a new number another person holds, and a move into a program that has the number (409)', async () => {
    const theirs = cardNumber();
    await attached(t, w.tokens.otherRecipient, {
      pan: theirs,
      name: 'Their card',
      programUuid: w.programs.programA.uuid,
      externalPanTypeId: 1,
    });
    const { id } = await myCard();
    const before = await rowOf(id);
    const taken = await put(w.tokens.recipient, id, { ...edit, pan: theirs });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.DUPLICATE);
    expect(await rowOf(id)).toEqual(before);

    const pan = cardNumber();
    await myCard(pan, w.programs.programB.uuid);
    const { id: second } = await myCard(pan);
    const moved = await put(w.tokens.recipient, second, { ...edit, programUuid: w.programs.programB.uuid });
    expect(moved.statusCode).toBe(409);
    expect((await rowOf(second))!.programId).toBe(w.programs.programA.id);
  });
});

describe('a new number under concurrency (decision 0039)', () => {
  // PGlite has one connection, so only PostgreSQL interleaves the two transactions.
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'of a PUT replacing the number and another person’s POST of it at once, exactly one wins',
    async () => {
      for (let round = 0; round < 6; round += 1) {
        const pan = cardNumber();
        // Different programs, so the (pan_hash, program_id) key cannot settle it: only the number's lock does.
        const { id } = await myCard(cardNumber(), w.programs.programB.uuid);
        const theirName = `Their card r${round}`;
        const [replaced, posted] = await Promise.all([
          put(w.tokens.recipient, id, { ...edit, pan }),
          attach(t, w.tokens.otherRecipient, {
            pan,
            name: theirName,
            programUuid: w.programs.programA.uuid,
            externalPanTypeId: 1,
          }),
        ]);
        const statuses = `${replaced.statusCode} ${posted.statusCode}`;
        expect(['200 409', '409 201'], `${statuses}: ${replaced.body} ${posted.body}`).toContain(statuses);
        // In the data too: the number is on exactly one card, the winner's.
        const mine = (await rowOf(id))!;
        const theirs = await t.database.db
          .select()
          .from(externalCards)
          .where(and(eq(externalCards.accountId, w.accounts.a2.id), eq(externalCards.name, theirName)));
        const holders = theirs.length + (mine.name === edit.name && mine.panLast4 === pan.slice(-4) ? 1 : 0);
        expect(holders, statuses).toBe(1);
        expect(theirs.length).toBe(posted.statusCode === 201 ? 1 : 0);
      }
    },
  );
});

describe('another person’s card and staff', () => {
  it('answers 404 to a recipient reading, changing or deleting another’s card, and changes nothing', async () => {
    const { id } = await myCard();
    const before = await rowOf(id);
    const other = w.tokens.otherRecipient;
    expect((await t.injectAs(other, { method: 'GET', url: `/account-api/external-pan/${id}` })).statusCode).toBe(404);
    expect((await put(other, id, edit)).statusCode).toBe(404);
    expect((await t.injectAs(other, { method: 'DELETE', url: `/account-api/external-pan/${id}` })).statusCode).toBe(
      404,
    );
    expect(await rowOf(id)).toEqual(before);
  });

  it('answers 403 to staff changing or deleting a card', async () => {
    const { id } = await myCard();
    const before = await rowOf(id);
    for (const who of ['platformAdmin', 'programAdminA', 'agencyUserA1'] as const) {
      expect((await put(w.tokens[who], id, edit)).statusCode).toBe(403);
      expect(
        (await t.injectAs(w.tokens[who], { method: 'DELETE', url: `/account-api/external-pan/${id}` })).statusCode,
      ).toBe(403);
    }
    expect(await rowOf(id)).toEqual(before);
  });
});

describe('removing a card', () => {
  it('deletes it (204), audits it, and a second delete answers 404', async () => {
    const { id } = await myCard();
    const del = () => t.injectAs(w.tokens.recipient, { method: 'DELETE', url: `/account-api/external-pan/${id}` });
    const res = await del();
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rowOf(id)).toBeUndefined();
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action)).toEqual(['create', 'delete']);
    expect((await del()).statusCode).toBe(404);
  });
});
