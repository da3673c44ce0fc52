import { inflateSync } from 'node:zlib';

// Test support: reads back what a PDF made by pdfkit drew, without a PDF renderer. Used by the PAN cards' QR test
// (modules/pans/pdf-reading.ts) and the settlement statement's test, which checks its figures as text.

/** The inflated content streams of a PDF made by pdfkit (FlateDecode), in file order. */
export function contentStreams(pdf: Buffer): string[] {
  const streams: string[] = [];
  const text = pdf.toString('latin1');
  const pattern = /<<([^>]*?)\/Filter \/FlateDecode([^>]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a stream we drew (a font file would be): skip it.
    }
  }
  return streams;
}

/**
 * The text a pdfkit PDF shows, one drawn line per line of the answer, pages in order. pdfkit writes the standard
 * fonts' text as hex strings in `[...] TJ` arrays (numbers between them are kerning), WinAnsi-encoded: read as latin1.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of contentStreams(pdf)) {
    for (const array of stream.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ/g)) {
      const hexes = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) =>
        Buffer.from(m[1]!, 'hex').toString('latin1'),
      );
      lines.push(hexes.join(''));
    }
  }
  return lines.join('\n');
}
