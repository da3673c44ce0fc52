import { displayDate, displayPhone, formatMoney, timeZoneName } from '@ebt/core/format';
import { spanishNoticeDate, spanishNoticeMoney } from '@ebt/core/i18n';
import { LANGUAGE_LOCALE, type Language } from '@ebt/core/languages';
import { fillMessage } from '@ebt/core/messages';
import { type BatchLine, type SettledTransaction, STATEMENT_TEXTS, type StatementTexts } from '@ebt/core/settlement';

/** pdfkit's structure element options; its types leave out bbox, placement and scope, which it supports. */
type StructOptions = NonNullable<Parameters<PDFKit.PDFDocument['struct']>[1]>;

// A merchant's settlement statement for one batch (decision 0068), drawn in memory with pdfkit: the
// program as the sender (name and contact data), the merchant as the addressee (name, Merchant ID, mailing address),
// the batch's date and cut-off, the merchant's lines (per funding source, regular or incentive: gross, refunds,
// reversals, fees, net) with their total, then every transaction of the merchant in the batch with its money per
// benefit. No bank number is printed: the statement may be mailed or e-mailed. Laid out for US Letter, a table row per
// text line, pages numbered once all are drawn (bufferPages).
//
// In English (staff, and a farmer who reads English) or Spanish (a farmer's portal in Spanish): every word from core's
// STATEMENT_TEXTS, dates and amounts as that language's notices write them (Spanish day first, docs/i18n.md), the
// document's language en-US or es-US. Names, addresses and funding sources are printed as stored.
//
// A tagged PDF: title shown by the viewer, its language, and every text in a structure element in reading order: the
// heading (H1) and the batch, the sender, the addressee, each section's heading (H2) and its table (Table, TR, TH with
// column scope, TD); rules, the header row repeated on a new page and the page footer are artifacts.

export interface StatementContent {
  program: { name: string; address: string[]; phone: string | null; email: string | null; timeZone: string };
  merchant: { name: string; identifier: string; address: string[] };
  /** statusId: BATCH_STATUS. */
  batch: { batchNbr: number; businessDay: string; cutoffAt: string; statusId: number };
  lines: BatchLine[];
  transactions: SettledTransaction[];
  /** More transactions than a statement prints (BATCH_TRANSACTIONS_CAP): said under the table. */
  truncated: boolean;
  generatedAt: Date;
}

const INCH = 72;
const MARGIN = 0.7 * INCH;
const PAGE = { width: 8.5 * INCH, height: 11 * INCH };
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 18; // the footer's line sits below
const ROW = 13;

interface Column {
  header: string;
  width: number;
  align?: 'right';
}

const summaryColumns = ({ text }: StatementTexts): Column[] => [
  { header: text.FUNDING_SOURCE, width: 124 },
  { header: text.BENEFITS, width: 56 },
  { header: text.COUNT, width: 36, align: 'right' },
  { header: text.GROSS, width: 61, align: 'right' },
  { header: text.REFUNDS, width: 61, align: 'right' },
  { header: text.REVERSALS, width: 61, align: 'right' },
  { header: text.FEES, width: 56, align: 'right' },
  { header: text.NET, width: WIDTH - 455, align: 'right' },
];

const transactionColumns = ({ text }: StatementTexts): Column[] => [
  { header: text.DATE_TIME, width: 96 },
  { header: text.TYPE, width: 84 },
  { header: text.CARD, width: 38 },
  { header: text.FUNDING_SOURCE, width: 112 },
  { header: text.BENEFITS, width: 54 },
  { header: text.AMOUNT, width: 64, align: 'right' },
  { header: text.FEE, width: WIDTH - 448, align: 'right' },
];

/**
 * How a statement in `language` writes its values: English as it always has (the specification's dates, 2026-11-23),
 * Spanish as the Spanish notices do (23/11/2026, a date-time day first too, core i18n/notice-values.ts), and the time
 * zone by its id in English, by the name the Spanish pages give it in Spanish ('hora central (Chicago)').
 */
function valueWriters(language: Language, timeZone: string) {
  const locale = language === 'en' ? undefined : LANGUAGE_LOCALE[language];
  return {
    money: (value: number) => (language === 'es' ? spanishNoticeMoney(value) : formatMoney(value)),
    day: (value: string) => (language === 'es' ? spanishNoticeDate(value) : (displayDate(value)?.text ?? value)),
    when: (value: string) => displayDate(value, 'datetime', timeZone, locale)?.text ?? value,
    zone: language === 'es' ? timeZoneName(timeZone, LANGUAGE_LOCALE.es) : timeZone,
  };
}

const sumCents = (values: number[]) => values.reduce((s, v) => s + Math.round(v * 100), 0) / 100;

/** `text` cut with '...' to fit `width` at the current font. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  let out = text;
  while (out.length > 1 && doc.widthOfString(out) > width - 4) out = `${out.slice(0, -4).trimEnd()}...`;
  return out;
}

type Struct = PDFKit.PDFStructureElement;

/**
 * Table rows tagged as TR/TD: a structure element per cell costs about 800 bytes a row, so the rows past this many
 * are tagged as a paragraph (P) each, its cells read in order (about 110 bytes a row), and a statement at
 * BATCH_TRANSACTIONS_CAP stays under an e-mail's MAX_ATTACHMENT_BYTES.
 */
export const TAGGED_TABLE_ROWS = 1000;

/** Where a row's tags go: a TR of a table, a P of a section (past TAGGED_TABLE_ROWS), or none (an artifact). */
type RowTag = { table: Struct } | { section: Struct } | null;

/** A table row: a TR with a TH (column scope) or TD per cell, a P, or an artifact (a header repeated on a new page). */
function drawRow(
  doc: PDFKit.PDFDocument,
  tag: RowTag,
  columns: Column[],
  cells: string[],
  y: number,
  bold = false,
  header = false,
) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
  let row: Struct | null = null;
  if (tag && 'table' in tag) tag.table.add((row = doc.struct('TR')));
  else if (tag) tag.section.add((row = doc.struct('P')));
  else doc.markContent('Artifact', { type: 'Pagination' });
  const paragraph: (() => void)[] = [];
  let x = MARGIN;
  columns.forEach((column, i) => {
    const text = fit(doc, cells[i] ?? '', column.width);
    const dx = column.align === 'right' ? column.width - 4 - doc.widthOfString(text) : 0;
    const left = x;
    const draw = () => doc.text(text, left + dx, y, { lineBreak: false });
    if (!row) draw();
    else if (tag && 'section' in tag) paragraph.push(draw);
    else
      row.add(doc.struct(header ? 'TH' : 'TD', (header ? { scope: 'Column' } : {}) as StructOptions, text ? draw : []));
    x += column.width;
  });
  if (paragraph.length > 0) row!.add(() => paragraph.forEach((draw) => draw()));
  if (row) row.end();
  else doc.endMarkedContent();
}

function rule(doc: PDFKit.PDFDocument, y: number) {
  doc.markContent('Artifact', { type: 'Layout' });
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor('#888888')
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .stroke()
    .restore();
  doc.endMarkedContent();
}

/**
 * A table in `parent`: its header row, then its rows, starting a new page (with the header again, as an artifact) when
 * one is full.
 */
function drawTable(
  doc: PDFKit.PDFDocument,
  parent: Struct,
  columns: Column[],
  rows: { cells: string[]; bold?: boolean }[],
  y0: number,
) {
  const table = doc.struct('Table');
  parent.add(table);
  let y = y0;
  const header = (repeated: boolean) => {
    drawRow(
      doc,
      repeated ? null : { table },
      columns,
      columns.map((c) => c.header),
      y,
      true,
      true,
    );
    rule(doc, y + ROW - 2);
    y += ROW + 2;
  };
  header(false);
  rows.forEach((row, i) => {
    if (y + ROW > BOTTOM) {
      doc.addPage();
      y = MARGIN;
      header(true);
    }
    if (row.bold) rule(doc, y - 2);
    drawRow(doc, i < TAGGED_TABLE_ROWS ? { table } : { section: parent }, columns, row.cells, y, row.bold);
    y += ROW;
  });
  table.end();
  return y;
}

/** One line of text, as a structure element of `type` (P, H1, H2) in `parent`; answers where the next line goes. */
function line(
  doc: PDFKit.PDFDocument,
  parent: Struct,
  text: string,
  x: number,
  y: number,
  size = 9.5,
  bold = false,
  type = 'P',
) {
  parent.add(
    doc.struct(type, {}, () =>
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(size)
        .text(text, x, y, { lineBreak: false }),
    ),
  );
  return y + size + 3.5;
}

/** The statement as PDF bytes, in `language`. */
export async function statementPdf(content: StatementContent, language: Language): Promise<Buffer> {
  // Loaded by the first PDF, not at start: an idle server need not hold it (bench/README.md, "Idle memory").
  const { default: PDFDocument } = await import('pdfkit');
  const { program, merchant, batch } = content;
  const texts = STATEMENT_TEXTS[language];
  const say = (key: keyof StatementTexts['text'], values?: Record<string, string | number>) =>
    values ? fillMessage(texts.text[key], values) : texts.text[key];
  const { money, day, when, zone } = valueWriters(language, program.timeZone);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: LANGUAGE_LOCALE[language],
    displayTitle: true,
    info: {
      Title: say('DOCUMENT_TITLE', { merchantId: merchant.identifier, batch: batch.batchNbr }),
      Author: program.name,
      Creator: 'MarketLink',
    },
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // The title and the batch on the right (read first), then the sender on the left.
  const right = MARGIN + WIDTH / 2 + 30;
  let ry = line(doc, root, say('TITLE'), right, MARGIN, 13, true, 'H1');
  ry = line(doc, root, say('BATCH', { batch: batch.batchNbr }), right, ry);
  ry = line(doc, root, say('BUSINESS_DAY', { date: day(batch.businessDay) }), right, ry);
  ry = line(doc, root, say('CUTOFF', { dateTime: when(batch.cutoffAt) }), right, ry);
  const status = texts.batchStatus[batch.statusId] ?? String(batch.statusId);
  ry = line(doc, root, say('STATUS', { status }), right, ry);
  ry = line(doc, root, say('TIMES_IN', { zone }), right, ry, 8);
  const sender = doc.struct('Div');
  root.add(sender);
  let y = line(doc, sender, program.name, MARGIN, MARGIN, 13, true);
  for (const text of program.address) y = line(doc, sender, text, MARGIN, y);
  if (program.phone) y = line(doc, sender, say('PHONE', { phone: displayPhone(program.phone) }), MARGIN, y);
  if (program.email) y = line(doc, sender, say('EMAIL', { email: program.email }), MARGIN, y);
  sender.end();

  // The addressee, where a window envelope shows it.
  const addressee = doc.struct('Div');
  root.add(addressee);
  y = Math.max(y, ry) + 16;
  y = line(doc, addressee, merchant.name, MARGIN, y, 11, true);
  y = line(doc, addressee, say('MERCHANT_ID', { merchantId: merchant.identifier }), MARGIN, y);
  for (const text of merchant.address) y = line(doc, addressee, text, MARGIN, y);
  addressee.end();

  // What the batch pays the merchant, per funding source and kind of benefit.
  y += 14;
  const summary = doc.struct('Sect');
  root.add(summary);
  y = line(doc, summary, say('SUMMARY'), MARGIN, y, 11, true, 'H2') + 2;
  const kind = (id: number, stored: string) => texts.benefitKind[id] ?? stored;
  const lineRows = content.lines.map((l) => ({
    cells: [
      l.fundingSourceName ?? say('NO_FUNDING_SOURCE'),
      kind(l.benefitTypeId, l.benefitType),
      String(l.transactionCount),
      money(l.grossAmt),
      money(l.refundAmt),
      money(l.reversalAmt),
      money(l.feeAmt),
      money(l.netAmt),
    ],
  }));
  const total = (pick: (l: BatchLine) => number) => money(sumCents(content.lines.map(pick)));
  lineRows.push({
    cells: [
      say('TOTAL'),
      '',
      '',
      total((l) => l.grossAmt),
      total((l) => l.refundAmt),
      total((l) => l.reversalAmt),
      total((l) => l.feeAmt),
      total((l) => l.netAmt),
    ],
    bold: true,
  } as { cells: string[]; bold?: boolean });
  y = drawTable(doc, summary, summaryColumns(texts), lineRows, y);
  y += 4;
  y = line(doc, summary, say('NET_EXPLAINED', { amount: total((l) => l.netAmt) }), MARGIN, y, 8.5);
  summary.end();

  // Every transaction, a row per benefit it drew on (amounts signed as they count: refunds and reversals negative).
  y += 14;
  if (y + 3 * ROW > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  const section = doc.struct('Sect');
  root.add(section);
  y = line(doc, section, say('TRANSACTIONS'), MARGIN, y, 11, true, 'H2') + 2;
  const trxRows: { cells: string[]; bold?: boolean }[] = [];
  for (const trx of content.transactions) {
    const parts = trx.parts.length > 0 ? trx.parts : [null];
    parts.forEach((part, i) => {
      trxRows.push({
        cells: [
          i === 0 ? when(trx.trxDatetime) : '',
          i === 0 ? (texts.trxType[trx.trxTypeId] ?? trx.trxType) : '',
          i === 0 ? (trx.pan ?? '') : '',
          part ? (part.fundingSourceName ?? say('NO_FUNDING_SOURCE')) : '',
          part ? kind(part.benefitTypeId, part.benefitType) : '',
          money(part ? part.amount : trx.amount),
          money(part ? part.feeAmt : trx.feeAmt),
        ],
      });
    });
  }
  if (trxRows.length === 0) y = line(doc, section, say('NO_TRANSACTIONS'), MARGIN, y, 9);
  else y = drawTable(doc, section, transactionColumns(texts), trxRows, y);
  if (content.truncated) line(doc, section, say('TRUNCATED'), MARGIN, y + 4, 8.5);
  section.end();
  root.end();

  // Page numbers, once every page is drawn; the bottom margin is lifted so the footer does not start a new page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#444444')
      .text(
        fit(
          doc,
          say('FOOTER', {
            program: program.name,
            merchant: merchant.name,
            merchantId: merchant.identifier,
            batch: batch.batchNbr,
            dateTime: when(content.generatedAt.toISOString()),
            page: i - range.start + 1,
            pages: range.count,
          }),
          WIDTH,
        ),
        MARGIN,
        PAGE.height - MARGIN,
        { lineBreak: false },
      )
      .fillColor('#000000');
    doc.endMarkedContent();
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
