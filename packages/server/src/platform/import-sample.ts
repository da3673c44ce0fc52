import type { FastifyReply } from 'fastify';

// The sample files the upload pages offer are built by each import from the caller's data (modules/*/import-sample.ts);
// this writes their lines.

/** One CSV line: every cell quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');
}

/** Sends a sample file as a CSV download. */
export function sendSample(reply: FastifyReply, fileName: string, csv: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}
