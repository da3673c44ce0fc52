import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { fillMessage } from '@ebt/core/messages';
import {
  BATCH_TRANSACTIONS_CAP,
  type BatchDetail,
  type MerchantBatchList,
  SETTLEMENT_MESSAGES,
  type SettledTransaction,
} from '@ebt/core/settlement';
import { auditLog, merchants, outbox, outboxAttachments, programs } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram, makeUser } from '../../testing/factories.js';
import { MAX_ATTACHMENT_BYTES } from '../../platform/outbox.js';
import { flatten, pdfTags } from '../../testing/pdf-render.js';
import { pdfText } from '../../testing/pdf-text.js';
import { call, purchaseOf } from '../../testing/pos-world.js';
import { makeSettlementWorld } from '../../testing/settlement.js';
import { statementPdf, TAGGED_TABLE_ROWS } from './statement-pdf.js';

// A merchant's statement of a batch (decision 0068): the PDF read back as text with its figures, the
// merchant's batches for the merchant detail, the refusals, and the e-mail queued in the outbox with the PDF attached
// (decision 0069).

const t = useTestApp();

/** A closed batch: the first merchant sold $30.00 ($20.00 incentive, fee $0.50), the second $15.00 less a $5.00 refund. */
async function closedBatch() {
  const w = await makeSettlementWorld(t);
  await w.db
    .update(programs)
    .set({
      contactEmail: 'market@example.org',
      contactPhone: '8605550100',
      contactAddress1: '1 Market Square',
      contactCity: 'Hartford',
      contactStateCode: 'CT',
      contactZip: '06103',
    })
    .where(eq(programs.id, w.program.id));
  await w.giveIncentive('20.00');
  await w.giveBenefit('100.00');
  await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 30));
  const sale = await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 15));
  await call(t, w.terminals.second, 'refund', {
    amount: 5,
    original: { trxUuid: sale.trxUuid },
    traceNumber: String(Math.floor(Math.random() * 1e9)),
    terminalDateTime: '2026-11-23T11:00:00-05:00',
  });
  const admin = await makeUser(w.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
  const token = await t.signIn(admin.username);
  const res = await t.injectAs(token, {
    method: 'POST',
    url: '/settlement-api/batches/close',
    payload: { programUuid: w.program.uuid },
  });
  const batchUuid = (res.json() as { batch: { batchUuid: string } }).batch.batchUuid;
  const statementUrl = (merchantUuid: string) =>
    `/settlement-api/batches/${batchUuid}/merchants/${merchantUuid}/statement.pdf`;
  return { w, token, batchUuid, statementUrl };
}

describe('GET /settlement-api/batches/{batchUuid}/merchants/{merchantUuid}/statement.pdf', () => {
  it('prints the program, the merchant, the batch, every transaction, fees and net equal to the batch lines', async () => {
    const { w, token, batchUuid, statementUrl } = await closedBatch();
    const res = await t.injectAs(token, { method: 'GET', url: statementUrl(w.merchants.first.uuid) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="statement-.+\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      w.program.name,
      '1 Market Square',
      'Hartford, CT 06103',
      'E-mail market@example.org',
      'Settlement statement',
      w.merchants.first.name,
      `Merchant ID ${w.merchants.first.merchantIdentifier}`,
      `PO Box`, // the mailing address
      `*${w.card.pan.slice(-4)}`,
    ])
      expect(text).toContain(expected);

    // The merchant's lines and their total as the batch has them.
    const detail = (
      await t.injectAs(token, { method: 'GET', url: `/settlement-api/batches/${batchUuid}` })
    ).json() as BatchDetail;
    const lines = detail.lines.filter((l) => l.merchantUuid === w.merchants.first.uuid);
    expect(lines.map((l) => [l.benefitType, l.netAmt]).sort()).toEqual([
      ['Incentive', 19.5],
      ['Regular', 10],
    ]);
    const rows = text.split('\n');
    // A table row is drawn cell by cell: the total row's cells follow 'Total' in order.
    const total = rows.slice(rows.indexOf('Total'), rows.indexOf('Total') + 6);
    expect(total).toEqual(['Total', '$30.00', '$0.00', '$0.00', '$0.50', '$29.50']);
    // The transaction's money per benefit: $20.00 incentive with its $0.50 fee, $10.00 regular.
    expect(text).toContain('Purchase');
    for (const amount of ['$20.00', '$10.00', '$0.50']) expect(rows).toContain(amount);

    // No bank number, no full card number.
    for (const secret of [w.accounts.first, '021000021', w.card.pan]) expect(text).not.toContain(secret);
    expect(res.rawPayload.toString('latin1')).not.toContain(w.accounts.first);

    const [audit] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settlement_statement_download'), eq(auditLog.entityId, batchUuid)));
    expect(audit).toBeDefined();
  });

  it('is a tagged PDF: title, language, headings, the sender with its phone formatted, tables with headers', async () => {
    const { w, token, statementUrl } = await closedBatch();
    const res = await t.injectAs(token, { method: 'GET', url: statementUrl(w.merchants.first.uuid) });
    expect(res.statusCode).toBe(200);
    // Read by PDF.js, not by the code that wrote it.
    const tags = await pdfTags(res.rawPayload);
    expect(tags).toMatchObject({ lang: 'en-US', marked: true, displayDocTitle: true, pdfVersion: '1.7' });
    expect(tags.title).toMatch(/^Settlement statement \S+ batch \d+$/);
    const [document] = tags.pages[0]!.children;
    expect(document!.role).toBe('Document');
    const nodes = flatten(document!);
    // Reading order: the title first, then the batch, the sender, the addressee, the summary, the transactions.
    const headings = nodes.filter((n) => /^H\d$/.test(n.role)).map((n) => [n.role, n.text]);
    expect(headings).toEqual([
      ['H1', 'Settlement statement'],
      ['H2', 'Summary'],
      ['H2', 'Transactions'],
    ]);
    expect(nodes[0]).toMatchObject({ role: 'H1' });
    const paragraphs = nodes.filter((n) => n.role === 'P').map((n) => n.text);
    expect(paragraphs).toContain('Phone (860) 555-0100');
    expect(paragraphs.indexOf(w.program.name)).toBeLessThan(paragraphs.indexOf(w.merchants.first.name));
    const tables = nodes.filter((n) => n.role === 'Table');
    expect(tables).toHaveLength(2);
    const [header, ...body] = tables[0]!.children;
    expect(header!.children.map((c) => [c.role, c.text])).toEqual(
      ['Funding source', 'Benefits', 'Trans.', 'Gross', 'Refunds', 'Reversals', 'Fees', 'Net'].map((h) => ['TH', h]),
    );
    expect(body.at(-1)!.children.map((c) => c.text)).toEqual([
      'Total',
      '',
      '',
      '$30.00',
      '$0.00',
      '$0.00',
      '$0.50',
      '$29.50',
    ]);
    expect(tables[1]!.children[1]!.children.map((c) => c.role)).toEqual(Array(7).fill('TD'));
    // Rules and the footer are artifacts: no text outside the structure.
    expect(nodes.some((n) => n.text.includes('page 1 of'))).toBe(false);
    expect(pdfText(res.rawPayload)).toContain('page 1 of 1');
  });

  it('stays English for staff, whatever language they chose and whatever the query asks', async () => {
    const { w, statementUrl } = await closedBatch();
    const admin = await makeUser(w.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program], preferredLanguage: 'es' });
    const res = await t.injectAs(await t.signIn(admin.username), {
      method: 'GET',
      url: `${statementUrl(w.merchants.first.uuid)}?lang=es`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tags = await pdfTags(res.rawPayload);
    expect(tags.lang).toBe('en-US');
    expect(tags.title).toMatch(/^Settlement statement \S+ batch \d+$/);
    const nodes = flatten(tags.pages[0]!);
    expect(nodes.filter((n) => /^H\d$/.test(n.role)).map((n) => n.text)).toEqual([
      'Settlement statement',
      'Summary',
      'Transactions',
    ]);
    const paragraphs = nodes.filter((n) => n.role === 'P').map((n) => n.text);
    expect(paragraphs).toContain('Status Closed');
    expect(paragraphs).toContain('Phone (860) 555-0100');
    expect(paragraphs.find((p) => p.startsWith('Business day'))).toMatch(/^Business day \d{4}-\d{2}-\d{2}$/);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Purchase');
    for (const spanish of ['Estado', 'Resumen', 'Venta', 'página']) expect(text).not.toContain(spanish);
  });

  it('shows a refund as a negative amount and nets it', async () => {
    const { w, token, statementUrl } = await closedBatch();
    const res = await t.injectAs(token, { method: 'GET', url: statementUrl(w.merchants.second.uuid) });
    expect(res.statusCode).toBe(200);
    const rows = pdfText(res.rawPayload).split('\n');
    expect(rows).toContain('-$5.00');
    const total = rows.slice(rows.indexOf('Total'), rows.indexOf('Total') + 6);
    expect(total).toEqual(['Total', '$15.00', '$5.00', '$0.00', '$0.00', '$10.00']);
  });

  it('answers 404 for an unknown batch, a merchant the batch did not pay, and a batch of another program', async () => {
    const { w, token, batchUuid, statementUrl } = await closedBatch();
    const unknown = await t.injectAs(token, {
      method: 'GET',
      url: `/settlement-api/batches/00000000-0000-4000-8000-000000000000/merchants/${w.merchants.first.uuid}/statement.pdf`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.BATCH_NOT_FOUND });
    const unpaid = await t.injectAs(token, { method: 'GET', url: statementUrl(w.merchants.third.uuid) });
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.MERCHANT_NOT_IN_BATCH });

    // A program admin of another program: the batch is outside their scope, answered as missing (architecture.md).
    const other = await makeProgram(w.db);
    const stranger = await makeUser(w.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [other] });
    const strangerToken = await t.signIn(stranger.username);
    const refused = await t.injectAs(strangerToken, { method: 'GET', url: statementUrl(w.merchants.first.uuid) });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).not.toContain('pdf');
    const list = await t.injectAs(strangerToken, {
      method: 'GET',
      url: `/settlement-api/merchants/${w.merchants.first.uuid}/batches`,
    });
    expect(list.statusCode).toBe(404);

    // Without the settlement privileges (an agency admin): 403.
    const agencyAdmin = await makeUser(w.db, { roleId: ROLE.AGENCY_ADMIN, agencies: [w.agency] });
    const agencyToken = await t.signIn(agencyAdmin.username);
    expect(
      (await t.injectAs(agencyToken, { method: 'GET', url: statementUrl(w.merchants.first.uuid) })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.injectAs(agencyToken, {
          method: 'POST',
          url: `/settlement-api/batches/${batchUuid}/merchants/${w.merchants.first.uuid}/statement/email`,
        })
      ).statusCode,
    ).toBe(403);
    expect(await w.db.select().from(outbox).where(eq(outbox.to, w.merchants.first.email!))).toHaveLength(0);
  });
});

describe('GET /settlement-api/merchants/{merchantUuid}/batches', () => {
  it("lists the batches that settled the merchant with the merchant's share of each", async () => {
    const { w, token, batchUuid } = await closedBatch();
    const res = await t.injectAs(token, {
      method: 'GET',
      url: `/settlement-api/merchants/${w.merchants.first.uuid}/batches`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as MerchantBatchList;
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      batchUuid,
      programName: w.program.name,
      transactionCount: 1,
      grossAmt: 30,
      feeAmt: 0.5,
      netAmt: 29.5,
      status: 'Closed',
    });
    // A merchant the batch did not pay has no settlement yet.
    const none = await t.injectAs(token, {
      method: 'GET',
      url: `/settlement-api/merchants/${w.merchants.third.uuid}/batches`,
    });
    expect((none.json() as MerchantBatchList).data).toEqual([]);
  });
});

describe('POST /settlement-api/batches/{batchUuid}/merchants/{merchantUuid}/statement/email', () => {
  it('queues the statement to the merchant’s e-mail with the PDF attached, and audits it', async () => {
    const { w, token, batchUuid } = await closedBatch();
    const url = `/settlement-api/batches/${batchUuid}/merchants/${w.merchants.first.uuid}/statement/email`;
    const res = await t.injectAs(token, { method: 'POST', url });
    expect(res.statusCode, res.body).toBe(200);
    const to = w.merchants.first.email!;
    expect(res.json()).toEqual({
      message: fillMessage(SETTLEMENT_MESSAGES.STATEMENT_QUEUED, { email: to }),
      email: to,
    });

    const [message] = await w.db.select().from(outbox).where(eq(outbox.to, to));
    expect(message).toMatchObject({ channel: 'email' });
    expect(message!.subject).toContain('settlement statement');
    expect(message!.body).toContain('Net amount: $29.50.');
    const files = await w.db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, message!.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(files[0]!.filename).toMatch(/^statement-.+\.pdf$/);
    expect(pdfText(files[0]!.content)).toContain(w.merchants.first.name);

    // The outbox lists the file, and hands it back as it was attached.
    const sysadmin = await makeUser(w.db, { roleId: ROLE.PLATFORM_ADMIN });
    const adminToken = await t.signIn(sysadmin.username);
    const listed = (await t.injectAs(adminToken, { method: 'GET', url: '/admin-api/outbox?limit=20' })).json() as {
      id: number;
      attachments: { attachmentId: number; filename: string; size: number }[];
    }[];
    const entry = listed.find((m) => m.id === message!.id)!;
    expect(entry.attachments).toEqual([
      {
        attachmentId: files[0]!.id,
        filename: files[0]!.filename,
        contentType: 'application/pdf',
        size: files[0]!.content.length,
      },
    ]);
    const file = await t.injectAs(adminToken, {
      method: 'GET',
      url: `/admin-api/outbox/${message!.id}/attachments/${files[0]!.id}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.rawPayload, files[0]!.content)).toBe(0);

    const [audit] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settlement_statement_email'), eq(auditLog.entityId, batchUuid)));
    expect(audit).toBeDefined();
  });

  it('answers 409 and queues nothing when the merchant has no e-mail address', async () => {
    const { w, token, batchUuid } = await closedBatch();
    await w.db.update(merchants).set({ email: null }).where(eq(merchants.id, w.merchants.second.id));
    const res = await t.injectAs(token, {
      method: 'POST',
      url: `/settlement-api/batches/${batchUuid}/merchants/${w.merchants.second.uuid}/statement/email`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.MERCHANT_NO_EMAIL });
    const queued = await w.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `${w.program.name}: settlement statement`));
    expect(queued).toHaveLength(0);
  });
});

describe('statementPdf at the transaction cap', () => {
  it('stays small enough to e-mail: rows past TAGGED_TABLE_ROWS are tagged as paragraphs', async () => {
    const transactions: SettledTransaction[] = Array.from({ length: BATCH_TRANSACTIONS_CAP }, (_, i) => ({
      trxUuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      trxDatetime: '2026-12-04T23:30:00.000Z',
      trxTypeId: 1,
      trxType: 'Purchase',
      pan: '*1234',
      amount: 10,
      feeAmt: 0.25,
      netAmt: 9.75,
      parts: [
        { fundingSourceName: 'USDA', benefitTypeId: 1, benefitType: 'Regular', amount: 6, feeAmt: 0.15 },
        { fundingSourceName: 'City', benefitTypeId: 2, benefitType: 'Incentive', amount: 4, feeAmt: 0.1 },
      ],
    }));
    const pdf = await statementPdf(
      {
        program: { name: 'Market', address: [], phone: null, email: null, timeZone: 'America/New_York' },
        merchant: { name: 'Farm', identifier: 'M1', address: [] },
        batch: { batchNbr: 1, businessDay: '2026-12-04', cutoffAt: '2026-12-05T04:00:00.000Z', statusId: 1 },
        lines: [],
        transactions,
        truncated: false,
        generatedAt: new Date('2026-12-05T12:00:00Z'),
      },
      'en',
    );
    expect(pdf.length).toBeLessThan(MAX_ATTACHMENT_BYTES);
    // Read back the first page (a table) and the last (paragraphs): PDF.js reading every page would take long.
    const tags = await pdfTags(pdf, (page, count) => page === 1 || page === count);
    const first = flatten(tags.pages[0]!);
    // The tables' rows (PDF.js answers a table whole with its first page): the summary's header and total, the
    // transactions' header and their first TAGGED_TABLE_ROWS rows.
    expect(first.filter((n) => n.role === 'TR')).toHaveLength(2 + 1 + TAGGED_TABLE_ROWS);
    const last = flatten(tags.pages.at(-1)!);
    expect(last.some((n) => n.role === 'TR')).toBe(false);
    // The last transaction's second row, read as one paragraph in column order.
    expect(last.at(-1)).toMatchObject({ role: 'P', text: 'City Incentive $4.00 $0.10' });
  }, 60_000);
});
