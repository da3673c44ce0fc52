import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPE, PAN_STATUS, PAN_TYPE } from '@ebt/core/enums';
import { PAN_MESSAGES } from '@ebt/core/pans';
import { luhnValid } from '@ebt/core/validation';
import { auditLog, notifications, pans, programs, recipientAccounts } from '../../db/schema/index.js';
import { makeProgram } from '../../testing/factories.js';
import { decrypt } from '../../platform/crypto.js';
import { useTestApp } from '../../testing/app.js';
import { bulkGenerate, generateFor, makePanWorld, newRecipient, setupOf, type PanWorld } from '../../testing/pans.js';

// A recipient's PANs (B§2, B§4, B§5, B§7, B§8; decision 0036): list, generate, status and assign, each within the
// caller's scope.

const KEY = randomBytes(32);
const t = useTestApp({ DATA_ENCRYPTION_KEY: KEY.toString('hex') });
let w: PanWorld;
beforeAll(async () => {
  w = await makePanWorld(t);
});

const db = () => t.database.db;
const list = (token: string, programId: number, accountUuid: string) =>
  t.injectAs(token, { method: 'GET', url: `/account-api/pans?programId=${programId}&accountUuid=${accountUuid}` });
const status = (token: string, panId: number, panStatusId: unknown) =>
  t.injectAs(token, { method: 'PATCH', url: `/benefit-api/pans/${panId}`, payload: { panStatusId } });
const assign = (token: string, entry: string, accountUuid: string, programId: number) =>
  t.injectAs(token, { method: 'PUT', url: `/benefit-api/pans/${entry}/${accountUuid}`, payload: { programId } });
const panRow = async (id: number) => (await db().select().from(pans).where(eq(pans.id, id)))[0]!;

describe('POST /account-api/pans and GET /account-api/pans', () => {
  it("generates an Active Virtual PAN of 19 digits that passes Luhn: 'A new Pan has been generated.'", async () => {
    const account = await newRecipient(t, w);
    const res = await t.injectAs(w.tokens.agencyUserA1, {
      method: 'POST',
      url: '/account-api/pans',
      payload: { programId: w.programs.programA.id, accountUuid: account.uuid },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PAN_MESSAGES.PAN_GENERATED);
    const listed = await list(w.tokens.agencyUserA1, w.programs.programA.id, account.uuid);
    expect(listed.statusCode).toBe(200);
    const [pan] = listed.json();
    const row = await panRow(res.json().panId);
    // Listed masked, '*' and the last four (decision 0097); the whole number is the ciphertext's.
    expect(pan).toEqual({
      panId: res.json().panId,
      pan: `*${row.panLast4}`,
      panTypeId: PAN_TYPE.VIRTUAL,
      panStatusId: PAN_STATUS.ACTIVE,
      locked: false,
      activeDate: '2026-11-23',
      expirationDate: '2030-11-30',
      pinSet: false,
      pinSetAt: null,
      pinTriesExceeded: false,
    });
    const whole = decrypt(row.panEncrypted, KEY);
    expect(whole).toMatch(/^\d{19}$/);
    expect(whole.startsWith(`${w.programs.programA.bin}${w.programs.programA.seriesNbr}`)).toBe(true);
    expect(luhnValid(whole)).toBe(true);
    expect(whole.slice(-4)).toBe(row.panLast4);
    expect(listed.body).not.toContain(whole);
    // At rest: the hash, the ciphertext and the last four, never the number.
    expect(JSON.stringify(row)).not.toContain(whole);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pan'), eq(auditLog.entityId, String(pan.panId))));
    expect(audit?.action).toBe('create');
  });

  it('answers maxPrintedPans as how many more PANs the account may hold, and refuses the next one with 422', async () => {
    const account = await newRecipient(t, w, 'a1', { maxPrintedPans: 2 });
    const read = async () =>
      (await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: `/account-api/account/${account.uuid}` })).json();
    expect((await read()).maxPrintedPans).toBe(2);
    await generateFor(t, w.tokens.agencyUserA1, w.programs.programA.id, account.uuid);
    expect((await read()).maxPrintedPans).toBe(1);
    await generateFor(t, w.tokens.agencyUserA1, w.programs.programA.id, account.uuid);
    expect((await read()).maxPrintedPans).toBe(0);
    const refused = await t.injectAs(w.tokens.agencyUserA1, {
      method: 'POST',
      url: '/account-api/pans',
      payload: { programId: w.programs.programA.id, accountUuid: account.uuid },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('The recipient already holds the most active PANs the program allows (2).');
    expect((await list(w.tokens.agencyUserA1, w.programs.programA.id, account.uuid)).json()).toHaveLength(2);
  });

  it('refuses account type 1 with 422 and changes nothing', async () => {
    const account = await newRecipient(t, w, 'a1', { accountTypeId: ACCOUNT_TYPE.EXTERNAL });
    const res = await t.injectAs(w.tokens.programAdminA, {
      method: 'POST',
      url: '/account-api/pans',
      payload: { programId: w.programs.programA.id, accountUuid: account.uuid },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PAN_MESSAGES.ACCOUNT_TYPE_NO_PANS);
    expect(await db().select().from(pans).where(eq(pans.accountId, account.id))).toEqual([]);
  });

  it("answers 404 to an agency user for a recipient outside their agencies (list, generate), and for another program's id", async () => {
    const elsewhere = await newRecipient(t, w, 'a2');
    const panId = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, elsewhere.uuid);
    expect((await list(w.tokens.agencyUserA1, w.programs.programA.id, elsewhere.uuid)).statusCode).toBe(404);
    const generate = await t.injectAs(w.tokens.agencyUserA1, {
      method: 'POST',
      url: '/account-api/pans',
      payload: { programId: w.programs.programA.id, accountUuid: elsewhere.uuid },
    });
    expect(generate.statusCode).toBe(404);
    expect((await status(w.tokens.agencyUserA1, panId, PAN_STATUS.LOST)).statusCode).toBe(404);
    expect((await panRow(panId)).panStatusId).toBe(PAN_STATUS.ACTIVE);
    const pdf = await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: `/benefit-api/pan/${panId}/qrcode/pdf` });
    expect(pdf.statusCode).toBe(404);
    // The page's program must be the account's.
    expect((await list(w.tokens.programAdminA, w.programs.programB.id, elsewhere.uuid)).statusCode).toBe(404);
    expect((await db().select().from(pans).where(eq(pans.accountId, elsewhere.id))).length).toBe(1);
  });

  it('refuses bad input with 400: letters, a huge id, a missing uuid', async () => {
    for (const url of [
      '/account-api/pans?programId=abc&accountUuid=x',
      '/account-api/pans?programId=99999999999&accountUuid=0b7f2c4e-1c7a-4d55-9f3e-2b0c1d2e3f40',
      `/account-api/pans?programId=${w.programs.programA.id}`,
    ])
      expect((await t.injectAs(w.tokens.programAdminA, { method: 'GET', url })).statusCode, url).toBe(400);
  });
});

describe('PATCH /benefit-api/pans/{panId}', () => {
  it("statuses an Active PAN Lost, tells the recipient, and keeps Lost final: 'The pan has been statused.'", async () => {
    const account = await newRecipient(t, w);
    const panId = await generateFor(t, w.tokens.agencyUserA1, w.programs.programA.id, account.uuid);
    const res = await status(w.tokens.agencyUserA1, panId, PAN_STATUS.LOST);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ panId, panStatusId: PAN_STATUS.LOST, message: PAN_MESSAGES.PAN_STATUSED });
    expect((await panRow(panId)).panStatusId).toBe(PAN_STATUS.LOST);
    const [notice] = await db().select().from(notifications).where(eq(notifications.accountId, account.id));
    expect(notice?.text).toContain(`ending in ${(await panRow(panId)).panLast4}`);
    for (const next of [PAN_STATUS.STOLEN, PAN_STATUS.INACTIVE]) {
      const again = await status(w.tokens.agencyUserA1, panId, next);
      expect(again.statusCode).toBe(422);
    }
    expect((await panRow(panId)).panStatusId).toBe(PAN_STATUS.LOST);
  });

  it('sets an Active PAN Inactive, then Stolen; refuses statuses other than 1, 2 and 4', async () => {
    const account = await newRecipient(t, w);
    const panId = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, account.uuid);
    for (const bad of [0, 3, 5, 'Lost', null])
      expect((await status(w.tokens.programAdminA, panId, bad)).statusCode, String(bad)).toBe(400);
    expect((await status(w.tokens.programAdminA, panId, PAN_STATUS.INACTIVE)).statusCode).toBe(200);
    expect((await status(w.tokens.programAdminA, panId, PAN_STATUS.INACTIVE)).statusCode).toBe(422);
    expect((await status(w.tokens.programAdminA, panId, PAN_STATUS.STOLEN)).statusCode).toBe(200);
    expect((await panRow(panId)).panStatusId).toBe(PAN_STATUS.STOLEN);
  });
});

describe('PUT /benefit-api/pans/{pan19}/{accountUuid}', () => {
  /** Printed PANs of program A (whole numbers, read from the printed-PAN account's list by a staff member). */
  async function printedPans(count: number, programId = w.programs.programA.id) {
    const { panGenId } = await bulkGenerate(t, w.tokens.platformAdmin, programId, count);
    const rows = await db().select().from(pans).where(eq(pans.panGenerationId, panGenId));
    return rows.map((r) => ({ id: r.id, pan: decrypt(r.panEncrypted, KEY) }));
  }

  it("assigns a printed PAN by its last 10 digits and by all 19: 'PAN reassigned.'", async () => {
    const [byTen, byNineteen] = await printedPans(2);
    const account = await newRecipient(t, w);
    const ten = await assign(w.tokens.agencyUserA1, byTen!.pan.slice(-10), account.uuid, w.programs.programA.id);
    expect(ten.statusCode, ten.body).toBe(200);
    expect(ten.json()).toEqual({ panId: byTen!.id, message: PAN_MESSAGES.PAN_REASSIGNED });
    const nineteen = await assign(w.tokens.agencyUserA1, byNineteen!.pan, account.uuid, w.programs.programA.id);
    expect(nineteen.statusCode, nineteen.body).toBe(200);
    const rows = await db().select().from(pans).where(eq(pans.accountId, account.id));
    expect(rows.map((r) => r.id).sort()).toEqual([byTen!.id, byNineteen!.id].sort());
    expect(rows.every((r) => r.panStatusId === PAN_STATUS.ACTIVE && r.activeDate === '2026-11-23')).toBe(true);
  });

  it('answers 404, 422 and 400 with the messages of B§8, changing nothing', async () => {
    const [lost, toOther, assigned] = await printedPans(3);
    const [ofB] = await printedPans(1, w.programs.programB.id);
    const account = await newRecipient(t, w);
    const someoneElse = await newRecipient(t, w);
    await assign(w.tokens.programAdminAB, assigned!.pan, someoneElse.uuid, w.programs.programA.id);
    await status(w.tokens.programAdminA, lost!.id, PAN_STATUS.LOST);
    void toOther;

    const notFound = await assign(w.tokens.agencyUserA1, '0000000000', account.uuid, w.programs.programA.id);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe('The PAN entered was not found.');
    const lostOne = await assign(w.tokens.agencyUserA1, lost!.pan, account.uuid, w.programs.programA.id);
    expect(lostOne.statusCode).toBe(422);
    expect(lostOne.json().message).toBe('The PAN entered cannot be reassigned.');
    const taken = await assign(w.tokens.agencyUserA1, assigned!.pan, account.uuid, w.programs.programA.id);
    expect(taken.statusCode).toBe(422);
    // A virtual PAN of a recipient is not a printed one.
    const virtualId = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, someoneElse.uuid);
    const virtual = (await printedLookup(virtualId))!;
    expect((await assign(w.tokens.agencyUserA1, virtual, account.uuid, w.programs.programA.id)).statusCode).toBe(422);
    // Program B's printed PAN: 400 for a caller who sees both programs, 404 for one who does not.
    const mismatch = await assign(w.tokens.programAdminAB, ofB!.pan, account.uuid, w.programs.programA.id);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('The PAN and recipient must be in the same program.');
    expect((await assign(w.tokens.agencyUserA1, ofB!.pan, account.uuid, w.programs.programA.id)).statusCode).toBe(404);
    expect(await db().select().from(pans).where(eq(pans.accountId, account.id))).toEqual([]);
  });

  it('answers one 200 and one 422 (not 404) to two assigns of the same printed PAN at once', async () => {
    const [printed] = await printedPans(1);
    const [first, second] = [await newRecipient(t, w), await newRecipient(t, w)];
    const answers = await Promise.all([
      assign(w.tokens.programAdminA, printed!.pan, first.uuid, w.programs.programA.id),
      assign(w.tokens.programAdminA, printed!.pan, second.uuid, w.programs.programA.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)!.json().message).toBe(PAN_MESSAGES.PAN_NOT_REASSIGNABLE);
  });

  it('refuses generate and assign for an Inactive or Deleted account, and bulk generation for a disabled program (422)', async () => {
    const [printed] = await printedPans(1);
    const inactive = await newRecipient(t, w);
    const deleted = await newRecipient(t, w);
    await db().update(recipientAccounts).set({ statusId: 1 }).where(eq(recipientAccounts.id, inactive.id));
    await db().update(recipientAccounts).set({ statusId: 2 }).where(eq(recipientAccounts.id, deleted.id));
    for (const account of [inactive, deleted]) {
      const made = await t.injectAs(w.tokens.programAdminA, {
        method: 'POST',
        url: '/account-api/pans',
        payload: { programId: w.programs.programA.id, accountUuid: account.uuid },
      });
      expect(made.statusCode).toBe(422);
      expect(made.json().message).toBe(PAN_MESSAGES.ACCOUNT_NOT_ACTIVE);
      const assigned = await assign(w.tokens.programAdminA, printed!.pan, account.uuid, w.programs.programA.id);
      expect(assigned.statusCode).toBe(422);
    }
    expect(await db().select().from(pans).where(eq(pans.accountId, inactive.id))).toEqual([]);
    const program = await makeProgram(db(), { maxPrintedPans: 10 });
    const { accountUuid } = await setupOf(t, w.tokens.platformAdmin, program.id);
    await db().update(programs).set({ statusId: 1 }).where(eq(programs.id, program.id));
    const bulk = await t.injectAs(w.tokens.platformAdmin, {
      method: 'POST',
      url: '/account-api/pans/gen/printed',
      payload: { programId: program.id, accountUuid, count: 1 },
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().message).toBe(PAN_MESSAGES.PROGRAM_NOT_ENABLED);
  });

  const printedLookup = async (panId: number) => decrypt((await panRow(panId)).panEncrypted, KEY);

  it('refuses a 12-digit PAN and letters with 400, and an agency user for a recipient of another agency with 404', async () => {
    const account = await newRecipient(t, w);
    for (const entry of ['123456789012', 'abcdefghij', '12345678901234567890'])
      expect((await assign(w.tokens.agencyUserA1, entry, account.uuid, w.programs.programA.id)).statusCode, entry).toBe(
        400,
      );
    const [printed] = await printedPans(1);
    const elsewhere = await newRecipient(t, w, 'a2');
    expect((await assign(w.tokens.agencyUserA1, printed!.pan, elsewhere.uuid, w.programs.programA.id)).statusCode).toBe(
      404,
    );
    expect((await panRow(printed!.id)).accountId).not.toBe(elsewhere.id);
  });
});
