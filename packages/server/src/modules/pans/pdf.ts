import { setImmediate as nextTurn } from 'node:timers/promises';
import QRCode from 'qrcode';
import { groupPan } from '@ebt/core/pans';

/** pdfkit's structure element options; its types leave out bbox, placement and scope, which it supports. */
type StructOptions = NonNullable<Parameters<PDFKit.PDFDocument['struct']>[1]>;

// The printable PAN card (B§7 "GET /benefit-api/pan/{panId}/qrcode/pdf", "/pans/qrcode/pdfs/{panGenId}"; decision
// 0035): program name, recipient name, the PAN in groups of four, the expiry, and a QR code of the PAN. Cards are laid
// out as business-card stock prints them: ten 3.5 x 2 inch cards a US Letter page, two across and five down, a
// quarter inch apart across and none down (0.75 in side margins, 0.5 in top and bottom). The QR code is drawn as
// vector squares (crisp at any printer resolution), one rectangle per run of dark modules in a row, inside a blank
// quiet zone of 4 modules: the text stops short of it (the card number shrinks if it must). The program name wraps
// and shrinks (down to 7 points) to be printed whole while the card has room, and is cut with '…' only past that.
// The file is a tagged PDF: title shown by viewers, language en-US, each card a Div of P elements in
// reading order and a Figure with alt text for the QR code; the cutting outline an artifact.

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

/** Where text may go on a card: from 0.2 inch in to a gap before the QR box (whose quiet zone stays empty). */
export const TEXT_LEFT = 0.2 * INCH;
export const TEXT_RIGHT = QR_OFFSET.x - 0.06 * INCH;
const TEXT_WIDTH = TEXT_RIGHT - TEXT_LEFT;

/** A name's lines as printed: the font size chosen and the lines at it. */
interface FittedText {
  size: number;
  lines: string[];
}

/** The words of `text` in lines of at most `width` at the current font and size; a word too long is broken. */
function wrap(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (doc.widthOfString(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (doc.widthOfString(current) > width && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && doc.widthOfString(current.slice(0, cut)) > width) cut -= 1;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The space between two lines of a name, as a multiple of its font size. */
const LEADING = 1.15;

/**
 * A name in lines of `width`, as many as `height` holds (at most `maxLines`): at `size` if it fits, else at the
 * largest size down to `minSize` (half a point a step) that holds it whole, else at `minSize` with the last line cut
 * with '…'. Leaves the font set.
 */
export function fitText(
  doc: PDFKit.PDFDocument,
  text: string,
  opts: { font: string; size: number; minSize: number; width: number; height: number; maxLines: number },
): FittedText {
  const room = (size: number) => Math.max(1, Math.min(opts.maxLines, Math.floor(opts.height / (size * LEADING))));
  doc.font(opts.font);
  for (let size = opts.size; size >= opts.minSize; size -= 0.5) {
    doc.fontSize(size);
    const lines = wrap(doc, text, opts.width);
    if (lines.length <= room(size)) return { size, lines };
  }
  doc.fontSize(opts.minSize);
  const lines = wrap(doc, text, opts.width).slice(0, room(opts.minSize));
  let last = `${lines.pop() ?? ''}…`;
  while (last.length > 1 && doc.widthOfString(last) > opts.width) last = `${last.slice(0, -2).trimEnd()}…`;
  return { size: opts.minSize, lines: [...lines, last] };
}

/** Where a card's lines start, from its top edge. */
const TOP = { program: 0.2 * INCH, recipient: 0.62 * INCH, number: 1.25 * INCH, expiry: 1.55 * INCH };
const GAP = 4;
/**
 * The card's text styles. The program name takes the room down to the recipient's name (to the card number when
 * none is printed): two lines at 10 points, three from 7.5; the recipient's name up to two lines.
 */
const PROGRAM = { font: 'Helvetica-Bold', size: 10, minSize: 7, width: TEXT_WIDTH, maxLines: 4 } as const;
const RECIPIENT = {
  font: 'Helvetica',
  size: 9,
  minSize: 7,
  width: TEXT_WIDTH,
  height: TOP.number - TOP.recipient - GAP,
  maxLines: 2,
} as const;
const NUMBER = { font: 'Courier-Bold', size: 10.5 } as const;

/** The size the card number is printed at: 10.5 points, less when its groups would reach the QR code's quiet zone. */
function numberSize(doc: PDFKit.PDFDocument, grouped: string): number {
  doc.font(NUMBER.font).fontSize(NUMBER.size);
  const width = doc.widthOfString(grouped);
  return width <= TEXT_WIDTH ? NUMBER.size : Math.floor((NUMBER.size * TEXT_WIDTH * 10) / width) / 10;
}

/** The names of a card as laid out, measured once per distinct text (a generation's cards share the program's). */
function fitted(
  doc: PDFKit.PDFDocument,
  line: 'program' | 'recipient',
  text: string,
  height: number,
  cache: Map<string, FittedText>,
): FittedText {
  const key = `${line}:${height}:${text}`;
  let fit = cache.get(key);
  if (fit === undefined) {
    fit = fitText(doc, text, line === 'program' ? { ...PROGRAM, height } : RECIPIENT);
    cache.set(key, fit);
  }
  return fit;
}

/** A paragraph of lines at `top`, each `size` * 1.15 below the one before; where the next one would start. */
function drawLines(doc: PDFKit.PDFDocument, font: string, fit: FittedText, left: number, top: number) {
  doc.font(font).fontSize(fit.size);
  let y = top;
  for (const text of fit.lines) {
    doc.text(text, left, y, { lineBreak: false });
    y += fit.size * 1.15;
  }
  return y;
}

// Text is placed line by line without pdfkit's line wrapper (which lays every call out again and was most of the
// drawing time): the names are fitted to the width once. Each card is a structure element (Div) of the tagged PDF,
// its text in reading order (program, recipient, number, expiry: P each) and the QR code a Figure with alt text; the
// cutting outline is an artifact.
function drawCard(
  doc: PDFKit.PDFDocument,
  root: PDFKit.PDFStructureElement,
  face: CardFace,
  slot: number,
  cache: Map<string, FittedText>,
) {
  const { x, y } = slotOrigin(slot);
  const card = doc.struct('Div');
  root.add(card);
  // A faint outline, for cutting when the stock is plain paper.
  doc.markContent('Artifact', { type: 'Layout' });
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor('#bbbbbb')
    .roundedRect(x + 2, y + 2, CARD.width - 4, CARD.height - 4, 8)
    .stroke()
    .restore();
  doc.endMarkedContent();
  const left = x + TEXT_LEFT;
  doc.fillColor('#000000');
  const programHeight = (face.recipientName ? TOP.recipient : TOP.number) - TOP.program - GAP;
  const program = fitted(doc, 'program', face.programName, programHeight, cache);
  card.add(doc.struct('P', {}, () => drawLines(doc, PROGRAM.font, program, left, y + TOP.program)));
  if (face.recipientName) {
    const recipient = fitted(doc, 'recipient', face.recipientName, RECIPIENT.height, cache);
    card.add(doc.struct('P', {}, () => drawLines(doc, RECIPIENT.font, recipient, left, y + TOP.recipient)));
  }
  const grouped = groupPan(face.pan);
  const size = numberSize(doc, grouped);
  card.add(
    doc.struct('P', {}, () =>
      doc
        .font(NUMBER.font)
        .fontSize(size)
        .text(grouped, left, y + TOP.number + (NUMBER.size - size) / 2, { lineBreak: false }),
    ),
  );
  const expiry = expiryText(face.expirationDate);
  if (expiry)
    card.add(
      doc.struct('P', {}, () =>
        doc
          .font('Helvetica')
          .fontSize(8)
          .text(expiry, left, y + TOP.expiry, { lineBreak: false }),
      ),
    );
  const qr = { x: x + QR_OFFSET.x, y: y + QR_OFFSET.y };
  card.add(
    doc.struct(
      'Figure',
      {
        alt: `QR code of the card number ${grouped}`,
        bbox: [qr.x, qr.y, qr.x + QR_BOX, qr.y + QR_BOX],
        placement: 'Block',
      } as StructOptions,
      () => drawQr(doc, face.pan, qr.x, qr.y),
    ),
  );
  card.end();
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
  // A tagged PDF (PDF/UA's basics): title shown by the viewer, language, and the cards in reading order.
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    autoFirstPage: false,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    info: { Title: title, Creator: 'MarketLink' },
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  const render = async () => {
    let slot = 0;
    let pages = 0;
    const cache = new Map<string, FittedText>();
    for await (const batch of faces) {
      for (const face of batch) {
        if (doc.destroyed) return;
        if (slot === 0) {
          doc.addPage();
          pages += 1;
        }
        drawCard(doc, root, face, slot, cache);
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
    root.end();
    doc.end();
  };
  render().catch((error: unknown) => doc.destroy(error as Error));
  return doc;
}
