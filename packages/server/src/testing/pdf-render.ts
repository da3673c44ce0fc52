import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Test support: reads our PDFs with an independent reader, PDF.js (pdfjs-dist), rather than with the code that wrote
// them: the document's tags (catalog MarkInfo, StructTreeRoot, Lang, Title and DisplayDocTitle), the structure tree
// with the text of each element in reading order, and pages rendered to pixels (@napi-rs/canvas) for jsQR to decode
// the printed QR codes as a camera would.

const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs'));

type PdfJs = typeof PdfJsModule;
let pdfJs: Promise<PdfJs> | undefined;

/**
 * PDF.js, loaded on first use. It refuses to load while Array.prototype has an enumerable property, and drizzle-kit's
 * API (loaded by the schema test, which shares this worker's modules) adds an enumerable `random`: such properties
 * are made non-enumerable first, which changes nothing else they do.
 */
function loadPdfJs(): Promise<PdfJs> {
  for (const key in Array.prototype) {
    const property = Object.getOwnPropertyDescriptor(Array.prototype, key);
    if (property) Object.defineProperty(Array.prototype, key, { ...property, enumerable: false });
  }
  return (pdfJs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
}

/** Opens PDF bytes with PDF.js (the standard 14 fonts from pdfjs-dist, so text renders as printed). */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await loadPdfJs();
  return getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: join(PDFJS_DIR, '../../standard_fonts/'),
    verbosity: 0,
  }).promise;
}

/** A structure element as read back: its role, alt text, the text of its own marked content, and its children. */
export interface TagNode {
  role: string;
  alt?: string;
  text: string;
  children: TagNode[];
}

interface RawNode {
  role?: string;
  alt?: string;
  type?: string;
  id?: string;
  children?: RawNode[];
}

/** The text of each marked-content id of a page (PDF.js's `p{page}R_mc{mcid}`). */
async function markedText(page: Awaited<ReturnType<PDFDocumentProxy['getPage']>>) {
  const texts = new Map<string, string>();
  const open: string[] = [];
  const content = await page.getTextContent({ includeMarkedContent: true });
  for (const item of content.items as { type?: string; id?: string; str?: string }[]) {
    if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') open.push(item.id ?? '');
    else if (item.type === 'endMarkedContent') open.pop();
    else if (item.str !== undefined && open.at(-1)) {
      const id = open.at(-1)!;
      const before = texts.get(id) ?? '';
      texts.set(id, before && item.str ? `${before} ${item.str}` : before + item.str);
    }
  }
  return texts;
}

/**
 * What an assistive technology reads of a PDF: the catalog's tags and each page's structure tree with its text (of
 * the pages `which` keeps, 1-based: a long document's first and last, say; null for a page left out).
 */
export async function pdfTags(bytes: Uint8Array, which: (page: number, count: number) => boolean = () => true) {
  const pdf = await openPdf(bytes);
  const info = (await pdf.getMetadata()).info as unknown as Record<string, unknown>;
  const markInfo = await pdf.getMarkInfo();
  const preferences = (await pdf.getViewerPreferences()) as Record<string, unknown> | null;
  const pages: (TagNode | null)[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    if (!which(n, pdf.numPages)) {
      pages.push(null);
      continue;
    }
    const page = await pdf.getPage(n);
    const tree = (await page.getStructTree()) as RawNode | null;
    const texts = await markedText(page);
    const convert = (node: RawNode): TagNode => {
      const kids = node.children ?? [];
      return {
        role: node.role ?? '',
        ...(node.alt ? { alt: node.alt } : {}),
        text: kids
          .filter((k) => k.type === 'content')
          .map((k) => texts.get(k.id ?? '') ?? '')
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
        children: kids.filter((k) => k.role).map(convert),
      };
    };
    pages.push(tree ? convert(tree) : null);
  }
  await pdf.destroy();
  return {
    title: info.Title as string | undefined,
    lang: info.Language as string | undefined,
    pdfVersion: info.PDFFormatVersion as string | undefined,
    marked: markInfo?.Marked === true,
    displayDocTitle: preferences?.DisplayDocTitle === true,
    pages,
  };
}

/** The elements of a tree in reading order (depth first), the root left out. */
export function flatten(node: TagNode | null): TagNode[] {
  if (!node) return [];
  return node.children.flatMap((child) => [child, ...flatten(child)]);
}

/** A page rendered at `scale` pixels a point: RGBA pixels, the top-left corner first as on the page. */
export interface Rendered {
  scale: number;
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Renders every page of a PDF to pixels, as a printer or a screen would. */
export async function renderPages(bytes: Uint8Array, scale = 4): Promise<Rendered[]> {
  const pdf = await openPdf(bytes);
  const pages: Rendered[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    pages.push({ scale, width: canvas.width, height: canvas.height, data: new Uint8ClampedArray(image.data) });
  }
  await pdf.destroy();
  return pages;
}

/** A rectangle of the page in points, top-left origin (as pdfkit places things). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The pixels of `box` of a rendered page, with `margin` points of the page around it. */
function crop(page: Rendered, box: Box, margin = 0) {
  const x0 = Math.max(0, Math.floor((box.x - margin) * page.scale));
  const y0 = Math.max(0, Math.floor((box.y - margin) * page.scale));
  const x1 = Math.min(page.width, Math.ceil((box.x + box.width + margin) * page.scale));
  const y1 = Math.min(page.height, Math.ceil((box.y + box.height + margin) * page.scale));
  const width = x1 - x0;
  const height = y1 - y0;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    const from = ((y0 + row) * page.width + x0) * 4;
    data.set(page.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { width, height, data };
}

/** jsQR's reading of the QR code in `box` of a rendered page (nothing else of the page around it); null if none. */
export function readQr(page: Rendered, box: Box, margin = 0): string | null {
  const { width, height, data } = crop(page, box, margin);
  return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The pixels of `box` that are not white (a channel below 250), anti-aliasing of a neighbour included. */
export function inkIn(page: Rendered, box: Box): number {
  const { data } = crop(page, box);
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 250 || data[i + 1]! < 250 || data[i + 2]! < 250) ink += 1;
  return ink;
}
