import { displayDate, formatMoney } from '@ebt/core/format';
import type { BatchLine, SettledTransaction } from '@ebt/core/settlement';

// A merchant's settlement statement for one batch (issue 24 item 4; decision 0068), drawn in memory with pdfkit: the
// program as the sender (name and contact data), the merchant as the addressee (name, Merchant ID, mailing address),
// the batch's date and cut-off, the merchant's lines (per funding source, regular or incentive: gross, refunds,
// reversals, fees, net) with their total, then every transaction of the merchant in the batch with its money per
// benefit. No bank number is printed: the statement may be mailed or e-mailed. Laid out for US Letter, a table row per
// text line, pages numbered once all are drawn (bufferPages).

export interface StatementContent {
  program: { name: string; address: string[]; phone: string | null; email: string | null; timeZone: string };
  merchant: { name: string; identifier: string; address: string[] };
  batch: { batchNbr: number; businessDay: string; cutoffAt: string; status: string };
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

const SUMMARY: Column[] = [
  { header: 'Funding source', width: 124 },
  { header: 'Benefits', width: 56 },
  { header: 'Trans.', width: 36, align: 'right' },
  { header: 'Gross', width: 61, align: 'right' },
  { header: 'Refunds', width: 61, align: 'right' },
  { header: 'Reversals', width: 61, align: 'right' },
  { header: 'Fees', width: 56, align: 'right' },
  { header: 'Net', width: WIDTH - 455, align: 'right' },
];

const TRANSACTIONS: Column[] = [
  { header: 'Date and time', width: 96 },
  { header: 'Type', width: 84 },
  { header: 'Card', width: 38 },
  { header: 'Funding source', width: 112 },
  { header: 'Benefits', width: 54 },
  { header: 'Amount', width: 64, align: 'right' },
  { header: 'Fee', width: WIDTH - 448, align: 'right' },
];

const money = (value: number) => formatMoney(value);
const sumCents = (values: number[]) => values.reduce((s, v) => s + Math.round(v * 100), 0) / 100;

/** `text` cut with '...' to fit `width` at the current font. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  let out = text;
  while (out.length > 1 && doc.widthOfString(out) > width - 4) out = `${out.slice(0, -4).trimEnd()}...`;
  return out;
}

function drawRow(doc: PDFKit.PDFDocument, columns: Column[], cells: string[], y: number, bold = false) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
  let x = MARGIN;
  columns.forEach((column, i) => {
    const text = fit(doc, cells[i] ?? '', column.width);
    const dx = column.align === 'right' ? column.width - 4 - doc.widthOfString(text) : 0;
    doc.text(text, x + dx, y, { lineBreak: false });
    x += column.width;
  });
}

function rule(doc: PDFKit.PDFDocument, y: number) {
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor('#888888')
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .stroke()
    .restore();
}

/** A table: its header row, then its rows, starting a new page (with the header again) when one is full. */
function drawTable(
  doc: PDFKit.PDFDocument,
  columns: Column[],
  rows: { cells: string[]; bold?: boolean }[],
  y0: number,
) {
  let y = y0;
  const header = () => {
    drawRow(
      doc,
      columns,
      columns.map((c) => c.header),
      y,
      true,
    );
    rule(doc, y + ROW - 2);
    y += ROW + 2;
  };
  header();
  for (const row of rows) {
    if (y + ROW > BOTTOM) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    if (row.bold) rule(doc, y - 2);
    drawRow(doc, columns, row.cells, y, row.bold);
    y += ROW;
  }
  return y;
}

function line(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size = 9.5, bold = false) {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .text(text, x, y, { lineBreak: false });
  return y + size + 3.5;
}

/** The statement as PDF bytes. */
export async function statementPdf(content: StatementContent): Promise<Buffer> {
  // Loaded by the first PDF, not at start: an idle server need not hold it (bench/README.md, "Idle memory").
  const { default: PDFDocument } = await import('pdfkit');
  const { program, merchant, batch } = content;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Settlement statement ${merchant.identifier} batch ${batch.batchNbr}`, Creator: 'MarketLink' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const when = (value: string) => displayDate(value, 'datetime', program.timeZone)?.text ?? value;

  // The sender, then the title and the batch on the right.
  let y = line(doc, program.name, MARGIN, MARGIN, 13, true);
  for (const text of program.address) y = line(doc, text, MARGIN, y);
  if (program.phone) y = line(doc, `Phone ${program.phone}`, MARGIN, y);
  if (program.email) y = line(doc, `E-mail ${program.email}`, MARGIN, y);
  const right = MARGIN + WIDTH / 2 + 30;
  let ry = line(doc, 'Settlement statement', right, MARGIN, 13, true);
  ry = line(doc, `Batch ${batch.batchNbr}`, right, ry);
  ry = line(doc, `Business day ${displayDate(batch.businessDay)?.text ?? batch.businessDay}`, right, ry);
  ry = line(doc, `Cut-off ${when(batch.cutoffAt)}`, right, ry);
  ry = line(doc, `Status ${batch.status}`, right, ry);
  ry = line(doc, `Times in ${program.timeZone}`, right, ry, 8);

  // The addressee, where a window envelope shows it.
  y = Math.max(y, ry) + 16;
  y = line(doc, merchant.name, MARGIN, y, 11, true);
  y = line(doc, `Merchant ID ${merchant.identifier}`, MARGIN, y);
  for (const text of merchant.address) y = line(doc, text, MARGIN, y);

  // What the batch pays the merchant, per funding source and kind of benefit.
  y += 14;
  y = line(doc, 'Summary', MARGIN, y, 11, true) + 2;
  const lineRows = content.lines.map((l) => ({
    cells: [
      l.fundingSourceName ?? 'No funding source',
      l.benefitType,
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
      'Total',
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
  y = drawTable(doc, SUMMARY, lineRows, y);
  y += 4;
  y = line(
    doc,
    `Net ${total((l) => l.netAmt)}: gross less refunds, reversals and redemption fees. A negative net is collected from your account.`,
    MARGIN,
    y,
    8.5,
  );

  // Every transaction, a row per benefit it drew on (amounts signed as they count: refunds and reversals negative).
  y += 14;
  if (y + 3 * ROW > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  y = line(doc, 'Transactions', MARGIN, y, 11, true) + 2;
  const trxRows: { cells: string[]; bold?: boolean }[] = [];
  for (const trx of content.transactions) {
    const parts = trx.parts.length > 0 ? trx.parts : [null];
    parts.forEach((part, i) => {
      trxRows.push({
        cells: [
          i === 0 ? when(trx.trxDatetime) : '',
          i === 0 ? trx.trxType : '',
          i === 0 ? (trx.pan ?? '') : '',
          part ? (part.fundingSourceName ?? 'No funding source') : '',
          part ? part.benefitType : '',
          money(part ? part.amount : trx.amount),
          money(part ? part.feeAmt : trx.feeAmt),
        ],
      });
    });
  }
  if (trxRows.length === 0) y = line(doc, 'No transactions.', MARGIN, y, 9);
  else y = drawTable(doc, TRANSACTIONS, trxRows, y);
  if (content.truncated)
    line(doc, 'More transactions than a statement prints: ask the program for the full list.', MARGIN, y + 4, 8.5);

  // Page numbers, once every page is drawn; the bottom margin is lifted so the footer does not start a new page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#444444')
      .text(
        fit(
          doc,
          `${program.name} - ${merchant.name} (${merchant.identifier}), batch ${batch.batchNbr} - generated ${when(content.generatedAt.toISOString())} - page ${i - range.start + 1} of ${range.count}`,
          WIDTH,
        ),
        MARGIN,
        PAGE.height - MARGIN,
        { lineBreak: false },
      )
      .fillColor('#000000');
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
