import { setImmediate as nextTurn } from 'node:timers/promises';
import QRCode from 'qrcode';
import { groupPan } from '@ebt/core/pans';

// The printable PAN card (B§7 "GET /benefit-api/pan/{panId}/qrcode/pdf", "/pans/qrcode/pdfs/{panGenId}"; decision
// 0035): program name, recipient name, the PAN in groups of four, the expiry, and a QR code of the PAN. Cards are laid
// out as business-card stock prints them: ten 3.5 x 2 inch cards a US Letter page, two across and five down, a
// quarter inch apart across and none down (0.75 in side margins, 0.5 in top and bottom). The QR code is drawn as
// vector squares (crisp at any printer resolution), one rectangle per run of dark modules in a row.

export interface CardFace {
  pan: string;
  programName: string;
  /** Null on printed cards not yet assigned to anyone. */
  recipientName: string | null;
  /** YYYY-MM-DD, printed as MM/YYYY; null prints nothing. */
  expirationDate: string | null;
}

const INCH = 72;
export const CARD = { width: 3.5 * INCH, height: 2 * INCH };
export const LAYOUT = {
  columns: 2,
  rows: 5,
  left: 0.75 * INCH,
  top: 0.5 * INCH,
  gutter: 0.25 * INCH,
} as const;
export const CARDS_PER_PAGE = LAYOUT.columns * LAYOUT.rows;
/** The QR code's size on the card, quiet zone included (4 modules each side, as the standard asks). */
export const QR_BOX = 1.35 * INCH;
export const QR_QUIET_MODULES = 4;
/** Where the QR box sits on a card: right side, vertically centred. */
export const QR_OFFSET = { x: CARD.width - QR_BOX - 0.1 * INCH, y: (CARD.height - QR_BOX) / 2 };

/** The top-left corner of the card in `slot` (0-9) of a page. */
export function slotOrigin(slot: number): { x: number; y: number } {
  const column = slot % LAYOUT.columns;
  const row = Math.floor(slot / LAYOUT.columns);
  return { x: LAYOUT.left + column * (CARD.width + LAYOUT.gutter), y: LAYOUT.top + row * CARD.height };
}

/** The QR code of a PAN: numeric mode, error correction M (the one `QRCode.create(pan)` chooses by default). */
export function panQrCode(pan: string) {
  return QRCode.create(pan, { errorCorrectionLevel: 'M' });
}

function expiryText(date: string | null): string {
  if (!date) return '';
  const [year, month] = date.split('-');
  return `Expires ${month}/${year}`;
}

function drawQr(doc: PDFKit.PDFDocument, pan: string, x: number, y: number) {
  const { modules } = panQrCode(pan);
  const size = modules.size;
  const unit = QR_BOX / (size + 2 * QR_QUIET_MODULES);
  const ox = x + QR_QUIET_MODULES * unit;
  const oy = y + QR_QUIET_MODULES * unit;
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && modules.get(row, col)) col += 1;
      doc.rect(ox + start * unit, oy + row * unit, (col - start) * unit, unit);
    }
  }
  doc.fill('#000000');
}

/** A text cut with '…' to fit `width` at the current font: measured once per distinct text (a generation's cards share it). */
function fitted(
  doc: PDFKit.PDFDocument,
  line: 'program' | 'recipient',
  text: string,
  width: number,
  cache: Map<string, string>,
): string {
  const key = `${line}:${text}`;
  let fit = cache.get(key);
  if (fit === undefined) {
    fit = text;
    while (fit.length > 1 && doc.widthOfString(fit) > width) fit = `${fit.slice(0, -2).trimEnd()}…`;
    cache.set(key, fit);
  }
  return fit;
}

// Text is placed line by line without pdfkit's line wrapper (which lays every call out again and was most of the
// drawing time): the names are cut to the width once, the other lines always fit.
function drawCard(doc: PDFKit.PDFDocument, face: CardFace, slot: number, cache: Map<string, string>) {
  const { x, y } = slotOrigin(slot);
  // A faint outline, for cutting when the stock is plain paper.
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor('#bbbbbb')
    .roundedRect(x + 2, y + 2, CARD.width - 4, CARD.height - 4, 8)
    .stroke()
    .restore();
  const textWidth = QR_OFFSET.x - 0.2 * INCH;
  const left = x + 0.2 * INCH;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(10);
  doc.text(fitted(doc, 'program', face.programName, textWidth, cache), left, y + 0.2 * INCH, { lineBreak: false });
  if (face.recipientName) {
    doc.font('Helvetica').fontSize(9);
    doc.text(fitted(doc, 'recipient', face.recipientName, textWidth, cache), left, y + 0.62 * INCH, {
      lineBreak: false,
    });
  }
  doc
    .font('Courier-Bold')
    .fontSize(10.5)
    .text(groupPan(face.pan), left, y + 1.25 * INCH, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(expiryText(face.expirationDate), left, y + 1.55 * INCH, { lineBreak: false });
  drawQr(doc, face.pan, x + QR_OFFSET.x, y + QR_OFFSET.y);
}

/** Most bytes the document may hold unread before drawing waits for the client (backpressure). */
const UNREAD_LIMIT = 2 * 1024 * 1024;

/**
 * A PDF of cards, as a stream that starts at once: pages are drawn as the batches of `faces` arrive, and each page's
 * bytes go out when the next one begins, so the first page reaches the client long before the last is drawn.
 * `onDrawn` runs after the last card and before the end of the file (a generation is complete when its PDF is made).
 */
export async function cardPdf(
  title: string,
  faces: AsyncIterable<readonly CardFace[]>,
  onDrawn?: () => Promise<void>,
): Promise<PDFKit.PDFDocument> {
  // Loaded by the first PDF, not at start: an idle server need not hold it (bench/README.md, "Idle memory").
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Creator: 'MarketLink' },
  });
  const render = async () => {
    let slot = 0;
    let pages = 0;
    const cache = new Map<string, string>();
    for await (const batch of faces) {
      for (const face of batch) {
        if (doc.destroyed) return;
        if (slot === 0) {
          doc.addPage();
          pages += 1;
        }
        drawCard(doc, face, slot, cache);
        slot = (slot + 1) % CARDS_PER_PAGE;
        if (slot === 0) {
          // Let the stream hand what is drawn to the client, and wait while it is slow to read.
          await nextTurn();
          while (doc.readableLength > UNREAD_LIMIT && !doc.destroyed) await new Promise((r) => setTimeout(r, 5));
        }
      }
    }
    if (doc.destroyed) return;
    if (pages === 0) doc.addPage(); // a file with no card is still a valid, empty PDF
    await onDrawn?.();
    doc.end();
  };
  render().catch((error: unknown) => doc.destroy(error as Error));
  return doc;
}
