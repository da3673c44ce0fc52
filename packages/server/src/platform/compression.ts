import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-paths.js';

/**
 * JSON, and CSV exports. The plugin also compresses what mime-db marks compressible (text/*), so CSV would be
 * compressed anyway; it is named here so no one is surprised. XLSX (a ZIP) and PDFs are compressed already.
 */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/csv)(?:;|$)/;

/**
 * API answers of 1 KB or more are sent compressed (brotli or gzip, whichever the client prefers); smaller ones gain
 * less than the compression costs. Call before any route is registered: the plugin attaches itself to routes as
 * they are added.
 *
 * - The web app's files are compressed at build time and served precompressed by web.ts, so routes outside the
 *   API are left out here (an answer that already has a Content-Encoding would be skipped anyway).
 * - Exports stream: the 1 KB threshold cannot apply to a stream, so a CSV export is compressed whenever the client
 *   asks. The browser decodes it before the download is saved; headers (Content-Disposition, X-Export-Truncated)
 *   are untouched.
 * - A request without Accept-Encoding (app.inject in tests, curl without --compressed) gets the plain answer.
 * - Request bodies are not decompressed: no client sends them compressed, and inflating them would let a small
 *   upload grow past the body limits that bound what a request may cost.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    // Runs before the plugin's own onRoute hook (registered next), which honours `config.compress: false`.
    if (!isApiPath(route.url)) route.config = { ...route.config, compress: false };
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
    // Quality 4 (the plugin's default) compresses JSON nearly as well as 11 at a fraction of the CPU per request.
  });
}
