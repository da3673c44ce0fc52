import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import type { FarmerPayouts, FarmerToday } from '@ebt/core/farmer';
import { MESSAGES } from '@ebt/core/messages';
import { merchantBankAccounts, programs } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { makeFarmer } from '../../testing/farmer.js';
import { flatten, pdfTags } from '../../testing/pdf-render.js';
import { pdfText } from '../../testing/pdf-text.js';
import { call, purchaseOf, refundOf } from '../../testing/pos-world.js';
import { makeSettlementWorld } from '../../testing/settlement.js';

// The merchant's payouts and statements (docs/farmer-app.md "Getting paid"): the batches that paid it with its share,
// the statement PDF settlement prints (in the portal's language), the money held now with the reason, and another
// merchant's answering 404.

const t = useTestApp();

/** A closed batch: the first merchant sold $30.00, the second $15.00 less a $5.00 refund; the third is held. */
async function paidWorld() {
  const w = await makeSettlementWorld(t);
  await w.giveBenefit('100.00');
  await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 30));
  const sale = await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 15));
  await call(t, w.terminals.second, 'refund', refundOf({ trxUuid: sale.trxUuid }, 5));
  // The third merchant has no bank information: its sale waits, held.
  await w.db.delete(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, w.merchants.third.id));
  await call(t, w.terminals.third, 'purchase', purchaseOf(w.card.pan, 8));
  const admin = await makeUser(w.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
  const adminToken = await t.signIn(admin.username);
  const closed = await t.injectAs(adminToken, {
    method: 'POST',
    url: '/settlement-api/batches/close',
    payload: { programUuid: w.program.uuid },
  });
  expect(closed.statusCode, closed.body).toBe(200);
  const batchUuid = (closed.json() as { batch: { batchUuid: string } }).batch.batchUuid;
  const farmer = await makeFarmer(w.db, [w.merchants.first, w.merchants.third]);
  const token = await t.signIn(farmer.username);
  return { w, batchUuid, token, adminToken };
}

const payoutsUrl = (merchantUuid: string) => `/merchant-api/farmer/merchants/${merchantUuid}/payouts`;
const statementUrl = (merchantUuid: string, batchUuid: string) =>
  `/merchant-api/farmer/merchants/${merchantUuid}/payouts/${batchUuid}/statement.pdf`;

describe('GET /merchant-api/farmer/merchants/{merchantUuid}/payouts', () => {
  it("answers the merchant's share of each batch, and the last payout on the home", async () => {
    const { w, batchUuid, token } = await paidWorld();
    const res = await t.injectAs(token, { method: 'GET', url: payoutsUrl(w.merchants.first.uuid) });
    expect(res.statusCode, res.body).toBe(200);
    const payouts = res.json() as FarmerPayouts;
    expect(payouts.countCapped).toBe(false);
    expect(payouts.holds).toEqual([]);
    expect(payouts.data).toHaveLength(1);
    expect(payouts.data[0]).toMatchObject({
      batchUuid,
      programName: w.program.name,
      status: 'Closed',
      paidAt: null,
      periodStart: null,
      transactionCount: 1,
      grossAmt: 30,
      netAmt: 30,
    });
    const today = (
      await t.injectAs(token, { method: 'GET', url: `/merchant-api/farmer/merchants/${w.merchants.first.uuid}/today` })
    ).json() as FarmerToday;
    expect(today.lastPayout?.batchUuid).toBe(batchUuid);
  });

  it('answers the money held with its reason for a merchant without bank information', async () => {
    const { w, token } = await paidWorld();
    const res = await t.injectAs(token, { method: 'GET', url: payoutsUrl(w.merchants.third.uuid) });
    expect(res.statusCode, res.body).toBe(200);
    const payouts = res.json() as FarmerPayouts;
    expect(payouts.data).toEqual([]);
    expect(payouts.holds).toEqual([
      expect.objectContaining({
        programUuid: w.program.uuid,
        reasonId: 2,
        reason: 'No bank information',
        transactionCount: 1,
        heldAmt: 8,
      }),
    ]);
    const today = (
      await t.injectAs(token, { method: 'GET', url: `/merchant-api/farmer/merchants/${w.merchants.third.uuid}/today` })
    ).json() as FarmerToday;
    expect(today.holds.map((h) => h.reasonId)).toEqual([2]);
  });

  it("answers 404 for another merchant's payouts and 403 to staff", async () => {
    const { w, token, adminToken } = await paidWorld();
    expect((await t.injectAs(token, { method: 'GET', url: payoutsUrl(w.merchants.second.uuid) })).statusCode).toBe(404);
    expect((await t.injectAs(adminToken, { method: 'GET', url: payoutsUrl(w.merchants.first.uuid) })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /merchant-api/farmer/merchants/{merchantUuid}/payouts/{batchUuid}/statement.pdf', () => {
  it("answers settlement's statement of the batch for the caller's merchant", async () => {
    const { w, batchUuid, token } = await paidWorld();
    const res = await t.injectAs(token, { method: 'GET', url: statementUrl(w.merchants.first.uuid, batchUuid) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="statement-.+\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(w.merchants.first.name);
    expect(text).toContain(`Merchant ID ${w.merchants.first.merchantIdentifier}`);
    expect(text).toContain(`*${w.card.pan.slice(-4)}`);
    expect(text).not.toContain(w.merchants.second.name);
  });

  it("answers 404 for another merchant's statement, a batch that paid the merchant nothing, and a missing batch", async () => {
    const { w, batchUuid, token, adminToken } = await paidWorld();
    const other = await t.injectAs(token, { method: 'GET', url: statementUrl(w.merchants.second.uuid, batchUuid) });
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).not.toContain('pdf');
    // The third merchant is the caller's, but the batch held it: no line of it, no statement.
    const held = await t.injectAs(token, { method: 'GET', url: statementUrl(w.merchants.third.uuid, batchUuid) });
    expect(held.statusCode).toBe(404);
    const missing = await t.injectAs(token, {
      method: 'GET',
      url: statementUrl(w.merchants.first.uuid, '00000000-0000-4000-8000-000000000000'),
    });
    expect(missing.statusCode).toBe(404);
    const staff = await t.injectAs(adminToken, { method: 'GET', url: statementUrl(w.merchants.first.uuid, batchUuid) });
    expect(staff.statusCode).toBe(403);
    const recipient = await t.injectAs(await t.signIn(w.user.username), {
      method: 'GET',
      url: statementUrl(w.merchants.first.uuid, batchUuid),
    });
    expect(recipient.statusCode).toBe(403);
  });
});

/** What PDF.js reads of a statement's first page: its tags, headings, paragraphs and tables' cells, in reading order. */
async function readStatement(pdf: Buffer) {
  const tags = await pdfTags(pdf);
  const nodes = flatten(tags.pages[0]!);
  return {
    tags,
    headings: nodes.filter((n) => /^H\d$/.test(n.role)).map((n) => [n.role, n.text]),
    paragraphs: nodes.filter((n) => n.role === 'P').map((n) => n.text),
    tables: nodes
      .filter((n) => n.role === 'Table')
      .map((t) => t.children.map((row) => row.children.map((c) => c.text))),
  };
}

describe("the statement in the farmer's language", () => {
  /** The paid world with the program's contact (the sender's phone and e-mail lines) and the batch's business day. */
  async function spanishWorld() {
    const world = await paidWorld();
    await world.w.db
      .update(programs)
      .set({ contactEmail: 'market@example.org', contactPhone: '8605550100' })
      .where(eq(programs.id, world.w.program.id));
    const payouts = (
      await t.injectAs(world.token, { method: 'GET', url: payoutsUrl(world.w.merchants.first.uuid) })
    ).json() as FarmerPayouts;
    return { ...world, businessDay: payouts.data[0]!.businessDay };
  }

  it('prints Spanish with ?lang=es: words, status and type, dates day first, accents, es-US', async () => {
    const { w, batchUuid, token, businessDay } = await spanishWorld();
    const res = await t.injectAs(token, {
      method: 'GET',
      url: `${statementUrl(w.merchants.first.uuid, batchUuid)}?lang=es`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // Read by PDF.js, which decodes the standard font's WinAnsi itself: the accents are the letters it shows.
    const { tags, headings, paragraphs, tables } = await readStatement(res.rawPayload);
    expect(tags.lang).toBe('es-US');
    expect(tags.title).toMatch(/^Estado de cuenta \S+ pago \d+$/);
    expect(headings).toEqual([
      ['H1', 'Estado de cuenta'],
      ['H2', 'Resumen'],
      ['H2', 'Ventas'],
    ]);
    const [y, m, d] = businessDay.split('-');
    expect(paragraphs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Pago \d+$/),
        `Día hábil: ${d}/${m}/${y}`,
        expect.stringMatching(/^Ventas hasta: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/),
        'Estado: En preparación',
        'Teléfono: (860) 555-0100',
        'Correo electrónico: market@example.org',
        `ID de comerciante: ${w.merchants.first.merchantIdentifier}`,
        expect.stringMatching(/^Neto \$30\.00: el bruto menos reembolsos, anulaciones y comisiones de canje\./),
      ]),
    );
    const [summary, transactions] = tables;
    expect(summary![0]).toEqual([
      'Fuente de fondos',
      'Beneficios',
      'Ventas',
      'Bruto',
      'Reembolsos',
      'Anulaciones',
      'Comisiones',
      'Neto',
    ]);
    expect(summary!.at(-1)).toEqual(['Total', '', '', '$30.00', '$0.00', '$0.00', '$0.00', '$30.00']);
    expect(transactions![0]).toEqual([
      'Fecha y hora',
      'Tipo',
      'Tarjeta',
      'Fuente de fondos',
      'Beneficios',
      'Importe',
      'Comisión',
    ]);
    expect(transactions![1]).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/),
      'Venta',
      `*${w.card.pan.slice(-4)}`,
      expect.any(String),
      'Regular',
      '$30.00',
      '$0.00',
    ]);
    // The footer is an artifact, outside the tags: read from the drawn text.
    expect(pdfText(res.rawPayload)).toMatch(/, pago \d+ - generado el \d{2}\/\d{2}\/\d{4} [\d:]+ - página 1 de 1/);
    for (const english of ['Settlement statement', 'Summary', 'Merchant ID', 'Business day', 'Purchase', 'page 1 of'])
      expect(pdfText(res.rawPayload)).not.toContain(english);
  });

  it('prints English as before for a caller who sends no lang and has chosen English or nothing', async () => {
    const { w, batchUuid, token, businessDay } = await spanishWorld();
    const english = await makeFarmer(w.db, [w.merchants.first], { preferredLanguage: 'en' });
    for (const caller of [token, await t.signIn(english.username)]) {
      const res = await t.injectAs(caller, { method: 'GET', url: statementUrl(w.merchants.first.uuid, batchUuid) });
      expect(res.statusCode, res.body).toBe(200);
      const { tags, headings, paragraphs, tables } = await readStatement(res.rawPayload);
      expect(tags.lang).toBe('en-US');
      expect(tags.title).toMatch(/^Settlement statement \S+ batch \d+$/);
      expect(headings).toEqual([
        ['H1', 'Settlement statement'],
        ['H2', 'Summary'],
        ['H2', 'Transactions'],
      ]);
      expect(paragraphs).toEqual(
        expect.arrayContaining([`Business day ${businessDay}`, 'Status Closed', 'Phone (860) 555-0100']),
      );
      expect(tables[0]![0]).toEqual([
        'Funding source',
        'Benefits',
        'Trans.',
        'Gross',
        'Refunds',
        'Reversals',
        'Fees',
        'Net',
      ]);
      expect(tables[1]![1]!.slice(1, 2)).toEqual(['Purchase']);
      expect(tables[1]![1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(pdfText(res.rawPayload)).toMatch(/, batch \d+ - generated \d{4}-\d{2}-\d{2} [\d:]+ - page 1 of 1$/m);
    }
  });

  it('prints Spanish without lang for a farmer who chose Spanish, and the asked language over the chosen one', async () => {
    const { w, batchUuid } = await spanishWorld();
    const farmer = await makeFarmer(w.db, [w.merchants.first], { preferredLanguage: 'es' });
    const token = await t.signIn(farmer.username);
    const chosen = await t.injectAs(token, { method: 'GET', url: statementUrl(w.merchants.first.uuid, batchUuid) });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const spanish = await readStatement(chosen.rawPayload);
    expect(spanish.tags.lang).toBe('es-US');
    expect(spanish.headings[0]).toEqual(['H1', 'Estado de cuenta']);
    expect(spanish.paragraphs).toContain('Estado: En preparación');
    const asked = await t.injectAs(token, {
      method: 'GET',
      url: `${statementUrl(w.merchants.first.uuid, batchUuid)}?lang=en`,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const english = await readStatement(asked.rawPayload);
    expect(english.tags.lang).toBe('en-US');
    expect(english.headings[0]).toEqual(['H1', 'Settlement statement']);
  });

  it('answers 400 in the error shape for a language it does not speak, and no PDF', async () => {
    const { w, batchUuid, token } = await paidWorld();
    for (const lang of ['xx', 'ES', 'es-US', '']) {
      const res = await t.injectAs(token, {
        method: 'GET',
        url: `${statementUrl(w.merchants.first.uuid, batchUuid)}?lang=${lang}`,
      });
      expect(res.statusCode, lang).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        status: 400,
        message: MESSAGES.VALIDATION_FAILED,
        errorMessages: [expect.objectContaining({ appErrorMessage: MESSAGES.VALIDATION_FAILED, field: 'lang' })],
      });
      expect(res.rawPayload.includes('%PDF')).toBe(false);
    }
  });
});
