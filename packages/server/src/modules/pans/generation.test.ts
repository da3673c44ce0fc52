import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPE, PAN_STATUS, PAN_TYPE, ROLE } from '@ebt/core/enums';
import { PAN_MESSAGES } from '@ebt/core/pans';
import { PRIVILEGE, PRIVILEGE_LIST } from '@ebt/core/privileges';
import { luhnValid } from '@ebt/core/validation';
import QRCode from 'qrcode';
import { auditLog, configEntries, panGenerations, pans, rolePrivileges } from '../../db/schema/index.js';
import { CONFIG_VALUES } from '../../platform/config-values.js';
import { decrypt } from '../../platform/crypto.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram, makeRecipient } from '../../testing/factories.js';
import { flatten, inkIn, pdfTags, readQr, renderPages } from '../../testing/pdf-render.js';
import { contentStreams, decodeQr, qrRectangles } from './pdf-reading.js';
import { CARDS_PER_PAGE, panQrCode, QR_BOX, QR_OFFSET, QR_QUIET_MODULES, slotOrigin } from './pdf.js';
import { bulkGenerate, generateFor, makePanWorld, newRecipient, setupOf, type PanWorld } from '../../testing/pans.js';

// A uuid's last group is twelve hex digits, sometimes all decimal: the full-PAN check looks past uuids.
const withoutUuids = (text: string) =>
  text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>');

// Bulk printed PAN generation (B§2, B§4, B§5, B§7, resolution 18; decision 0035) and the QR card PDFs.

const KEY = randomBytes(32);
const t = useTestApp({ DATA_ENCRYPTION_KEY: KEY.toString('hex') });
let w: PanWorld;
beforeAll(async () => {
  w = await makePanWorld(t);
});

const db = () => t.database.db;
const post = (token: string, payload: object) =>
  t.injectAs(token, { method: 'POST', url: '/account-api/pans/gen/printed', payload });
/** Makes the program's generations `minutes` older: the hold reads the database's clock, not the test clock. */
const age = (programId: number, minutes: number) =>
  db()
    .update(panGenerations)
    .set({ createdAt: sql`${panGenerations.createdAt} - make_interval(mins => ${minutes}::int)` })
    .where(eq(panGenerations.programId, programId));
const countPans = async (programId: number) =>
  (await db().select().from(pans).where(eq(pans.programId, programId))).length;

describe('GET /account-api/account/pangen/{programId}', () => {
  it("answers the program's printed-PAN account (type 1) and its room, made once", async () => {
    const first = await setupOf(t, w.tokens.programAdminA, w.programs.programA.id);
    expect(first).toMatchObject({
      accountTypeId: ACCOUNT_TYPE.EXTERNAL,
      programId: w.programs.programA.id,
      bin: w.programs.programA.bin,
      seriesNbr: w.programs.programA.seriesNbr,
    });
    expect(first.maxPrintedPans).toBeLessThanOrEqual(50);
    expect((await setupOf(t, w.tokens.platformAdmin, w.programs.programA.id)).accountUuid).toBe(first.accountUuid);
  });

  it('answers 403 without BULK_PAN_GEN and 404 for a program outside the caller', async () => {
    const res = await t.injectAs(w.tokens.agencyUserA1, {
      method: 'GET',
      url: `/account-api/account/pangen/${w.programs.programA.id}`,
    });
    expect(res.statusCode).toBe(403);
    const other = await t.injectAs(w.tokens.programAdminA, {
      method: 'GET',
      url: `/account-api/account/pangen/${w.programs.programB.id}`,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('POST /account-api/pans/gen/printed', () => {
  it("makes `count` printed PANs of 19 digits, each passing Luhn, all different: 'New Pans have been generated.'", async () => {
    const program = await makeProgram(db(), { maxPrintedPans: 3000 });
    const { accountUuid } = await setupOf(t, w.tokens.platformAdmin, program.id);
    const res = await post(w.tokens.platformAdmin, { programId: program.id, accountUuid, count: 2000 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ count: 2000, message: PAN_MESSAGES.PANS_GENERATED });
    const rows = await db().select().from(pans).where(eq(pans.panGenerationId, answer.panGenId));
    expect(rows).toHaveLength(2000);
    expect(Math.min(...rows.map((r) => r.id))).toBe(answer.panId);
    const numbers = rows.map((r) => decrypt(r.panEncrypted, KEY));
    expect(
      numbers.every((n) => /^\d{19}$/.test(n) && luhnValid(n) && n.startsWith(`${program.bin}${program.seriesNbr}`)),
    ).toBe(true);
    expect(new Set(numbers).size).toBe(2000);
    expect(rows.every((r) => r.panTypeId === PAN_TYPE.PRINTED && r.panStatusId === PAN_STATUS.ACTIVE)).toBe(true);
    const [generation] = await db().select().from(panGenerations).where(eq(panGenerations.id, answer.panGenId));
    expect(generation).toMatchObject({ statusId: 0, count: 2000, firstPanId: answer.panId });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pan_generation'), eq(auditLog.entityId, String(answer.panGenId))));
    expect(audit?.action).toBe('generate');
    expect((await setupOf(t, w.tokens.platformAdmin, program.id)).maxPrintedPans).toBe(1000);
  });

  it('answers one 200 and one 409 to two requests at once for one program', async () => {
    const program = await makeProgram(db(), { maxPrintedPans: 1000 });
    const { accountUuid } = await setupOf(t, w.tokens.platformAdmin, program.id);
    const body = { programId: program.id, accountUuid, count: 300 };
    const answers = await Promise.all([post(w.tokens.platformAdmin, body), post(w.tokens.platformAdmin, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().message).toBe('A pan generation is currently in process for this program.');
    expect(await countPans(program.id)).toBe(300);
  });

  it('keeps the generation in process until its PDF is made, then lets the next one in', async () => {
    const program = await makeProgram(db(), { maxPrintedPans: 100 });
    const first = await bulkGenerate(t, w.tokens.platformAdmin, program.id, 10, false);
    const { accountUuid } = await setupOf(t, w.tokens.platformAdmin, program.id);
    const held = await post(w.tokens.platformAdmin, { programId: program.id, accountUuid, count: 5 });
    expect(held.statusCode).toBe(409);
    const pdf = await t.injectAs(w.tokens.platformAdmin, {
      method: 'GET',
      url: `/benefit-api/pans/qrcode/pdfs/${first.panGenId}`,
    });
    expect(pdf.statusCode).toBe(200);
    const [done] = await db().select().from(panGenerations).where(eq(panGenerations.id, first.panGenId));
    expect(done?.statusId).toBe(1);
    expect((await post(w.tokens.platformAdmin, { programId: program.id, accountUuid, count: 5 })).statusCode).toBe(200);
  });

  it('keeps the generation in process after a HEAD request on its PDF (no HEAD route: 404)', async () => {
    const program = await makeProgram(db(), { maxPrintedPans: 100 });
    const first = await bulkGenerate(t, w.tokens.platformAdmin, program.id, 3, false);
    const { accountUuid } = await setupOf(t, w.tokens.platformAdmin, program.id);
    const head = await t.injectAs(w.tokens.platformAdmin, {
      method: 'HEAD',
      url: `/benefit-api/pans/qrcode/pdfs/${first.panGenId}`,
    });
    expect(head.statusCode).toBe(404);
    const [held] = await db().select().from(panGenerations).where(eq(panGenerations.id, first.panGenId));
    expect(held?.statusId).toBe(0);
    expect((await post(w.tokens.platformAdmin, { programId: program.id, accountUuid, count: 3 })).statusCode).toBe(409);
  });

  it('releases a generation whose PDF never came after the hold (5 minutes) as Failed, audited', async () => {
    const program = await makeProgram(db(), { maxPrintedPans: 100 });
    const stale = await bulkGenerate(t, w.tokens.platformAdmin, program.id, 3, false);
    const { accountUuid } = await setupOf(t, w.tokens.platformAdmin, program.id);
    await age(program.id, 4);
    expect((await post(w.tokens.platformAdmin, { programId: program.id, accountUuid, count: 3 })).statusCode).toBe(409);
    await age(program.id, 2);
    expect((await post(w.tokens.platformAdmin, { programId: program.id, accountUuid, count: 3 })).statusCode).toBe(200);
    const [released] = await db().select().from(panGenerations).where(eq(panGenerations.id, stale.panGenId));
    expect(released?.statusId).toBe(2);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pan_generation'), eq(auditLog.entityId, String(stale.panGenId))));
    expect(audits.map((a) => a.action).sort()).toEqual(['generate', 'release']);
  });

  it('refuses a non-administrator a count above the maximum (422) and lets an administrator exceed it', async () => {
    const program = await makeProgram(db(), { maxPrintedPans: 20 });
    const { accountUuid } = await setupOf(t, w.tokens.platformAdmin, program.id);
    const admin = await t.signIn(w.users.platformAdmin.username);
    const [progAdmin] = await Promise.all([
      (async () => {
        const { makeUser } = await import('../../testing/factories.js');
        const user = await makeUser(db(), { roleId: 1, programs: [program] });
        return t.signIn(user.username);
      })(),
    ]);
    const over = await post(progAdmin!, { programId: program.id, accountUuid, count: 21 });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(PAN_MESSAGES.GENERATION_COUNT_CHANGED);
    expect(await countPans(program.id)).toBe(0);
    expect((await post(admin, { programId: program.id, accountUuid, count: 25 })).statusCode).toBe(200);
    expect(await countPans(program.id)).toBe(25);
  });

  it('answers 403 to a user without BULK_PAN_GEN and 400 to bad input, changing nothing', async () => {
    const { accountUuid } = await setupOf(t, w.tokens.programAdminA, w.programs.programA.id);
    const before = await countPans(w.programs.programA.id);
    const forbidden = await post(w.tokens.agencyAdminA1, { programId: w.programs.programA.id, accountUuid, count: 1 });
    expect(forbidden.statusCode).toBe(403);
    for (const count of [10000, '10000', 'ten', 0, -5, 2.5, null])
      expect(
        (await post(w.tokens.programAdminA, { programId: w.programs.programA.id, accountUuid, count })).statusCode,
      ).toBe(400);
    // A recipient's account is not the printed-PAN account.
    const wrong = await post(w.tokens.programAdminA, {
      programId: w.programs.programA.id,
      accountUuid: w.accounts.own.uuid,
      count: 1,
    });
    expect(wrong.statusCode).toBe(400);
    expect(await countPans(w.programs.programA.id)).toBe(before);
  });
});

describe('GET /account-api/pans/printed', () => {
  it("lists the program's printed PANs not yet assigned, masked, newest first", async () => {
    const program = await makeProgram(db(), { maxPrintedPans: 100 });
    const empty = await t.injectAs(w.tokens.platformAdmin, {
      method: 'GET',
      url: `/account-api/pans/printed?programId=${program.id}`,
    });
    expect(empty.json()).toMatchObject({ data: [], totalCount: 0 });
    const { panGenId } = await bulkGenerate(t, w.tokens.platformAdmin, program.id, 12);
    const res = await t.injectAs(w.tokens.platformAdmin, {
      method: 'GET',
      url: `/account-api/pans/printed?programId=${program.id}`,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 0, totalCount: 12, totalPages: 2 });
    expect(page.data).toHaveLength(10);
    expect(page.data[0]).toMatchObject({ panGenId, panStatusId: PAN_STATUS.ACTIVE });
    expect(page.data[0].last4).toMatch(/^\d{4}$/);
    expect(withoutUuids(JSON.stringify(page))).not.toMatch(/\d{10}/);
  });
});

describe('QR card PDFs', () => {
  it("answers a valid PDF whose QR code decodes to the PAN, with the program's name", async () => {
    const account = await newRecipient(t, w);
    const panId = await generateFor(t, w.tokens.agencyUserA1, w.programs.programA.id, account.uuid);
    const pan = decrypt((await db().select().from(pans).where(eq(pans.id, panId)))[0]!.panEncrypted, KEY);
    const res = await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: `/benefit-api/pan/${panId}/qrcode/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const content = contentStreams(pdf).join('\n');
    expect(decodeQr(qrRectangles(content))).toBe(pan);
    // The matrix drawn is QRCode.create(pan)'s: as many dark runs as its rows hold.
    const { modules } = QRCode.create(pan, { errorCorrectionLevel: 'M' });
    let runs = 0;
    for (let r = 0; r < modules.size; r += 1)
      for (let c = 0; c < modules.size; c += 1) if (modules.get(r, c) && (c === 0 || !modules.get(r, c - 1))) runs += 1;
    expect(qrRectangles(content)).toHaveLength(runs);
    // Tagged: its title shown, the recipient's card read as program, recipient, number (expiry), then the QR figure.
    const tags = await pdfTags(pdf);
    expect(tags).toMatchObject({ title: `PAN card ${panId}`, lang: 'en-US', marked: true, displayDocTitle: true });
    const card = flatten(tags.pages[0]!);
    expect(card.map((n) => n.role).slice(0, 5)).toEqual(['Document', 'Div', 'P', 'P', 'P']);
    expect(card.at(-1)!.role).toBe('Figure');
    expect(card[4]!.text.replace(/\s/g, '')).toBe(pan);
  });

  it("streams a generation's cards ten to a page, each QR code decoding to its PAN", async () => {
    const program = await makeProgram(db(), { maxPrintedPans: 100 });
    const { panGenId } = await bulkGenerate(t, w.tokens.platformAdmin, program.id, 12, false);
    const res = await t.injectAs(w.tokens.platformAdmin, {
      method: 'GET',
      url: `/benefit-api/pans/qrcode/pdfs/${panGenId}`,
    });
    expect(res.statusCode).toBe(200);
    const rows = await db().select().from(pans).where(eq(pans.panGenerationId, panGenId)).orderBy(pans.id);
    const numbers = rows.map((r) => decrypt(r.panEncrypted, KEY));
    const pages = contentStreams(res.rawPayload).filter((c) => c.includes(' re'));
    expect(pages).toHaveLength(2);
    expect(decodeQr(qrRectangles(pages[0]!, 0))).toBe(numbers[0]);
    expect(decodeQr(qrRectangles(pages[0]!, 9))).toBe(numbers[9]);
    expect(decodeQr(qrRectangles(pages[1]!, 1))).toBe(numbers[11]);
  });

  it('prints QR codes that an independent renderer and decoder read back, each in a blank 4-module quiet zone', async () => {
    // PDF.js renders the pages to pixels (as a printer would) and jsQR reads each card's QR box from the image alone.
    const program = await makeProgram(db(), { maxPrintedPans: 100 });
    const { panGenId } = await bulkGenerate(t, w.tokens.platformAdmin, program.id, 12, false);
    const res = await t.injectAs(w.tokens.platformAdmin, {
      method: 'GET',
      url: `/benefit-api/pans/qrcode/pdfs/${panGenId}`,
    });
    expect(res.statusCode).toBe(200);
    const rows = await db().select().from(pans).where(eq(pans.panGenerationId, panGenId)).orderBy(pans.id);
    const numbers = rows.map((r) => decrypt(r.panEncrypted, KEY));
    const pages = await renderPages(res.rawPayload, 4);
    expect(pages).toHaveLength(2);
    numbers.forEach((pan, i) => {
      const page = pages[Math.floor(i / CARDS_PER_PAGE)]!;
      const origin = slotOrigin(i % CARDS_PER_PAGE);
      const box = { x: origin.x + QR_OFFSET.x, y: origin.y + QR_OFFSET.y, width: QR_BOX, height: QR_BOX };
      expect(readQr(page, box), `card ${i}`).toBe(pan);
      // The quiet zone: 4 modules on each side inside the box, with no ink at all (half a point kept clear of the
      // modules' anti-aliased edges).
      const quiet = (QR_BOX / (panQrCode(pan).modules.size + 2 * QR_QUIET_MODULES)) * QR_QUIET_MODULES - 0.5;
      const strips = [
        { ...box, height: quiet },
        { ...box, y: box.y + QR_BOX - quiet, height: quiet },
        { ...box, width: quiet },
        { ...box, x: box.x + QR_BOX - quiet, width: quiet },
      ];
      for (const strip of strips) expect(inkIn(page, strip), `quiet zone of card ${i}`).toBe(0);
      // and the code's own modules are there (the check above is not of an empty box).
      expect(inkIn(page, box)).toBeGreaterThan(1000);
    });
  });

  it('is a tagged PDF with title, language and each card in reading order; a long program name wraps whole', async () => {
    const name = 'Greater Hartford Farmers Market Double Bucks'; // 44 of the 45 characters a name may have
    const program = await makeProgram(db(), { maxPrintedPans: 100, name });
    const { panGenId } = await bulkGenerate(t, w.tokens.platformAdmin, program.id, 2, false);
    const res = await t.injectAs(w.tokens.platformAdmin, {
      method: 'GET',
      url: `/benefit-api/pans/qrcode/pdfs/${panGenId}`,
    });
    expect(res.statusCode).toBe(200);
    const rows = await db().select().from(pans).where(eq(pans.panGenerationId, panGenId)).orderBy(pans.id);
    const tags = await pdfTags(res.rawPayload);
    expect(tags).toMatchObject({ lang: 'en-US', marked: true, displayDocTitle: true, pdfVersion: '1.7' });
    expect(tags.title).toMatch(/\S/);
    const [document] = tags.pages[0]!.children;
    expect(document!.role).toBe('Document');
    expect(document!.children.map((c) => c.role)).toEqual(['Div', 'Div']);
    document!.children.forEach((card, i) => {
      const pan = decrypt(rows[i]!.panEncrypted, KEY);
      expect(card.children.map((c) => c.role)).toEqual(['P', 'P', 'P', 'Figure']);
      const [programName, number, expiry, figure] = card.children;
      // The name on more than one line, every word of it (no '…').
      expect(programName!.text.replace(/\s+/g, ' ')).toBe(name);
      expect(number!.text.replace(/\s/g, '')).toBe(pan);
      expect(expiry!.text).toMatch(/^Expires \d{2}\/\d{4}$/);
      expect(figure!.alt).toBe(`QR code of the card number ${pan.replace(/(\d{4})(?=\d)/g, '$1 ')}`);
    });
    // Nothing else is read: the cutting outline is an artifact.
    expect(flatten(document!).filter((n) => !['Div', 'P', 'Figure'].includes(n.role))).toEqual([]);
  });

  it('reprints only the cards still waiting on the printed-PAN account and Active, each reprint audited', async () => {
    const program = await makeProgram(db(), { maxPrintedPans: 100 });
    const { panGenId } = await bulkGenerate(t, w.tokens.platformAdmin, program.id, 3);
    const rows = await db().select().from(pans).where(eq(pans.panGenerationId, panGenId)).orderBy(pans.id);
    const recipient = await makeRecipient(db(), { program });
    // One card assigned to a recipient since (assign moves it to their account), one reported lost.
    await db().update(pans).set({ accountId: recipient.id }).where(eq(pans.id, rows[0]!.id));
    await db().update(pans).set({ panStatusId: PAN_STATUS.LOST }).where(eq(pans.id, rows[1]!.id));
    const res = await t.injectAs(w.tokens.platformAdmin, {
      method: 'GET',
      url: `/benefit-api/pans/qrcode/pdfs/${panGenId}`,
    });
    expect(res.statusCode).toBe(200);
    const pages = contentStreams(res.rawPayload).filter((c) => c.includes(' re'));
    expect(pages).toHaveLength(1);
    expect(decodeQr(qrRectangles(pages[0]!, 0))).toBe(decrypt(rows[2]!.panEncrypted, KEY));
    expect(qrRectangles(pages[0]!, 1)).toHaveLength(0);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pan_generation'), eq(auditLog.entityId, String(panGenId))));
    expect(audits.map((a) => a.action).sort()).toEqual(['generate', 'print', 'reprint']);
  });

  it('answers 404 on a generation PDF to agency staff even with BULK_PAN_GEN (program-level cards)', async () => {
    const { panGenId } = await bulkGenerate(t, w.tokens.programAdminA, w.programs.programA.id, 1);
    const bulk = PRIVILEGE_LIST.find((p) => p.code === PRIVILEGE.BULK_PAN_GEN)!.privilegeId;
    const grant = and(eq(rolePrivileges.roleId, ROLE.AGENCY_ADMIN), eq(rolePrivileges.privilegeId, bulk));
    await db().insert(rolePrivileges).values({ roleId: ROLE.AGENCY_ADMIN, privilegeId: bulk }).onConflictDoNothing();
    try {
      const token = await t.signIn(w.users.agencyAdminA1.username);
      const res = await t.injectAs(token, { method: 'GET', url: `/benefit-api/pans/qrcode/pdfs/${panGenId}` });
      expect(res.statusCode).toBe(404);
    } finally {
      await db().delete(rolePrivileges).where(grant);
    }
  });

  it('answers 403 on a generation PDF without BULK_PAN_GEN and 404 for a missing one', async () => {
    expect(
      (await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: '/benefit-api/pans/qrcode/pdfs/1' })).statusCode,
    ).toBe(403);
    expect(
      (await t.injectAs(w.tokens.platformAdmin, { method: 'GET', url: '/benefit-api/pans/qrcode/pdfs/999999' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the hold of a generation in process', () => {
  it("holds for 'pan.generationHoldMinutes' when a value is in force", async () => {
    await db()
      .insert(configEntries)
      .values({ configKey: 'pan.generationHoldMinutes', configValue: '30', effectiveDate: '2020-01-01' });
    CONFIG_VALUES.invalidate(db()); // written behind the cache's back, as another instance would
    try {
      const program = await makeProgram(db(), { maxPrintedPans: 100 });
      await bulkGenerate(t, w.tokens.platformAdmin, program.id, 2, false);
      const { accountUuid } = await setupOf(t, w.tokens.platformAdmin, program.id);
      await age(program.id, 10);
      expect((await post(w.tokens.platformAdmin, { programId: program.id, accountUuid, count: 2 })).statusCode).toBe(
        409,
      );
      await age(program.id, 25);
      expect((await post(w.tokens.platformAdmin, { programId: program.id, accountUuid, count: 2 })).statusCode).toBe(
        200,
      );
    } finally {
      await db().delete(configEntries).where(eq(configEntries.configKey, 'pan.generationHoldMinutes'));
      CONFIG_VALUES.invalidate(db());
    }
  });

  it('clamps the hold to 60 minutes whatever the configuration says', async () => {
    await db()
      .insert(configEntries)
      .values({ configKey: 'pan.generationHoldMinutes', configValue: '100000', effectiveDate: '2020-01-01' });
    CONFIG_VALUES.invalidate(db());
    try {
      const program = await makeProgram(db(), { maxPrintedPans: 100 });
      await bulkGenerate(t, w.tokens.platformAdmin, program.id, 2, false);
      const { accountUuid } = await setupOf(t, w.tokens.platformAdmin, program.id);
      await age(program.id, 61);
      expect((await post(w.tokens.platformAdmin, { programId: program.id, accountUuid, count: 2 })).statusCode).toBe(
        200,
      );
    } finally {
      await db().delete(configEntries).where(eq(configEntries.configKey, 'pan.generationHoldMinutes'));
      CONFIG_VALUES.invalidate(db());
    }
  });
});
