import { eq } from 'drizzle-orm';
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

// POST /account-api/external-pan (A§5, A§7, A§8; decisions 0038 and 0039).

const t = useTestApp();
let w: CardWorld;
beforeAll(async () => {
  w = await makeCardWorld(t);
});

const cardsOf = (accountId: number) =>
  t.database.db.select().from(externalCards).where(eq(externalCards.accountId, accountId));
const allCards = () => t.database.db.select().from(externalCards);
const body = (overrides: Record<string, unknown> = {}) => ({
  pan: cardNumber(),
  name: 'My SNAP card',
  programUuid: w.programs.programA.uuid,
  externalPanTypeId: 1,
  ...overrides,
});

describe('attaching a card', () => {
  it('stores the number sealed (keyed hash, ciphertext, last four), answers it masked and audits it', async () => {
    const pan = cardNumber(19);
    const res = await attach(t, w.tokens.recipient, body({ pan, name: '  Family card ', externalPanTypeId: 3 }));
    expect(res.statusCode, res.body).toBe(201);
    const card = res.json();
    expect(card).toEqual({
      externalPanId: expect.any(String),
      pan: `*${pan.slice(-4)}`,
      name: 'Family card',
      programUuid: w.programs.programA.uuid,
      programName: w.programs.programA.name,
      externalPanType: { externalPanTypeId: 3, descr: 'SNAP and WIC' },
      externalPanStatus: { externalPanStatusId: 1, descr: 'Active' },
    });
    const [row] = await t.database.db.select().from(externalCards).where(eq(externalCards.uuid, card.externalPanId));
    expect(row).toMatchObject({
      accountId: w.accounts.a1.id,
      programId: w.programs.programA.id,
      panLast4: pan.slice(-4),
      name: 'Family card',
      typeId: 3,
      statusId: 1,
    });
    expect(row!.panHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(pan.slice(0, -4));
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, card.externalPanId));
    expect(audit).toMatchObject({ action: 'create', entity: 'external_card', actorUserId: w.users.recipient.id });
    expect(audit!.after).toMatchObject({
      name: 'Family card',
      cardTypeId: 3,
      maskedNumber: `*${pan.slice(-4)}`,
    });
    expect(JSON.stringify(audit)).not.toContain(pan.slice(0, -4));
  });

  it('attaches to the account of the program named (the same person in program B)', async () => {
    const res = await attach(t, w.tokens.recipient, body({ programUuid: w.programs.programB.uuid }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await cardsOf(w.accounts.b1.id)).map((c) => c.uuid)).toContain(res.json().externalPanId);
  });
});

describe('the rules on the server (a 400, nothing stored)', () => {
  const pan = cardNumber();
  const grouped = (number: string, sep: string) => number.match(/.{1,4}/g)!.join(sep);
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a failed Luhn check', { pan: failingLuhn(pan) }, 'pan', M.INVALID_NUMBER],
    ['15 digits', { pan: cardNumber(15) }, 'pan', M.INVALID_NUMBER],
    ['20 digits', { pan: cardNumber(20) }, 'pan', M.INVALID_NUMBER],
    ['no number', { pan: undefined }, 'pan', M.INVALID_NUMBER],
    ['a 36-character name', { pan, name: 'x'.repeat(36) }, 'name', M.INVALID_NAME],
    ['a 1-character name', { pan, name: 'x' }, 'name', M.INVALID_NAME],
    ['a name with a 4-digit run of the number', { pan, name: `Card${pan.slice(4, 8)}` }, 'name', M.NAME_CONTAINS_PAN],
    ['the number grouped with spaces as the name', { pan, name: grouped(pan, ' ') }, 'name', M.NAME_CONTAINS_PAN],
    ['the number grouped with dashes as the name', { pan, name: grouped(pan, '-') }, 'name', M.NAME_CONTAINS_PAN],
    ['a name of a word and 13 digits', { pan, name: `card ${pan.slice(0, 13)}` }, 'name', M.NAME_CONTAINS_PAN],
    ['13 digits and a dot as the name', { pan, name: `${pan.slice(0, 13)}.` }, 'name', M.NAME_CONTAINS_PAN],
    ['no type', { pan, externalPanTypeId: undefined }, 'externalPanTypeId', M.TYPE_REQUIRED],
    ['type 0', { pan, externalPanTypeId: 0 }, 'externalPanTypeId', M.TYPE_REQUIRED],
    ['type 4', { pan, externalPanTypeId: 4 }, 'externalPanTypeId', M.TYPE_REQUIRED],
    ['no program', { pan, programUuid: undefined }, 'programUuid', M.PROGRAM_REQUIRED],
  ];

  it.each(cases)('refuses %s', async (_case, overrides, field, message) => {
    const before = (await allCards()).length;
    const res = await attach(t, w.tokens.recipient, body(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errorMessages).toEqual([expect.objectContaining({ field, appErrorMessage: message })]);
    expect((await allCards()).length).toBe(before);
  });

  it.each(['null', '[1,2]', '[]', '"x"', '5', 'true'])('refuses the whole body %s with a 400', async (payload) => {
    const before = (await allCards()).length;
    const res = await t.injectAs(w.tokens.recipient, {
      method: 'POST',
      url: '/account-api/external-pan',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((await allCards()).length).toBe(before);
  });

  it('accepts 16 and 19 digits and names of 2 and 35 characters', async () => {
    for (const overrides of [
      { pan: cardNumber(16), name: 'ab' },
      { pan: cardNumber(19), name: 'y'.repeat(35) },
    ]) {
      expect((await attach(t, w.tokens.recipient, body(overrides))).statusCode).toBe(201);
    }
  });

  it("answers 404 for a program that is not one of the recipient's", async () => {
    const before = (await allCards()).length;
    const stranger = await t.injectAs(w.tokens.otherRecipient, {
      method: 'POST',
      url: '/account-api/external-pan',
      payload: body({ programUuid: w.programs.programB.uuid }),
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(M.PROGRAM_NOT_FOUND);
    expect((await allCards()).length).toBe(before);
  });
});

describe('duplicates (decision 0039)', () => {
  it('lets one person attach a number once to each of their programs', async () => {
    const pan = cardNumber();
    expect((await attach(t, w.tokens.recipient, body({ pan }))).statusCode).toBe(201);
    const again = await attach(t, w.tokens.recipient, body({ pan, name: 'Other name' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessages).toEqual([
      expect.objectContaining({ field: 'pan', appErrorMessage: M.DUPLICATE }),
    ]);
    expect((await attach(t, w.tokens.recipient, body({ pan, programUuid: w.programs.programB.uuid }))).statusCode).toBe(
      201,
    );
  });

  it('refuses a number another person has attached, in their program or any other', async () => {
    const pan = cardNumber();
    await attached(t, w.tokens.recipient, body({ pan, programUuid: w.programs.programB.uuid }));
    const before = (await allCards()).length;
    const res = await attach(t, w.tokens.otherRecipient, body({ pan }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.DUPLICATE);
    expect((await allCards()).length).toBe(before);
  });

  it('frees the number once its holder removes it', async () => {
    const pan = cardNumber();
    const id = await attached(t, w.tokens.recipient, body({ pan }));
    expect((await attach(t, w.tokens.otherRecipient, body({ pan }))).statusCode).toBe(409);
    const removed = await t.injectAs(w.tokens.recipient, { method: 'DELETE', url: `/account-api/external-pan/${id}` });
    expect(removed.statusCode).toBe(204);
    expect((await attach(t, w.tokens.otherRecipient, body({ pan }))).statusCode).toBe(201);
  });

  it('holds under concurrency: of two people attaching one number at once, one gets it', async () => {
    const pan = cardNumber();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? attach(t, w.tokens.recipient, body({ pan, programUuid: w.programs.programB.uuid }))
          : attach(t, w.tokens.otherRecipient, body({ pan })),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const rows = (await allCards()).filter((c) => c.panLast4 === pan.slice(-4));
    expect(rows).toHaveLength(1);
  });

  it('holds under concurrency within one program: one person sending the same number twice at once', async () => {
    const pan = cardNumber();
    const answers = await Promise.all(Array.from({ length: 4 }, () => attach(t, w.tokens.recipient, body({ pan }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe('staff cannot attach cards', () => {
  it.each(['platformAdmin', 'programAdminA', 'agencyAdminA1', 'agencyUserA1'] as const)(
    'refuses %s with 403 and stores nothing',
    async (who) => {
      const before = (await allCards()).length;
      const res = await attach(t, w.tokens[who], body());
      expect(res.statusCode).toBe(403);
      expect((await allCards()).length).toBe(before);
    },
  );

  it('refuses a request without a session with 401', async () => {
    expect((await attach(t, '', body())).statusCode).toBe(401);
  });
});
