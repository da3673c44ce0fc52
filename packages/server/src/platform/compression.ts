import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
  type BrotliOptions,
} from 'node:zlib';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import { isApiPath } from './api-paths.js';

/**
 * JSON, and CSV exports. XLSX (a ZIP) and PDFs are compressed already, and sent as they are. Why the kit does this
 * itself rather than @fastify/compress: docs/decisions/0121-compression-in-the-kit.md.
 */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/csv)(?:;|$)/;

/** Answers smaller than this gain less from compression than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Up to this size an answer is compressed on the spot, in the request's own turn of the event loop (brotli at
 * quality 4 does 64 KB of JSON in well under a millisecond); a larger one goes to libuv's thread pool, so one big
 * answer never holds up the requests behind it.
 */
const INLINE_LIMIT = 64 * 1024;

/** Quality 4 compresses JSON nearly as well as 11 at a fraction of the CPU per request; text mode suits JSON and CSV. */
const BROTLI: BrotliOptions = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

export type Encoding = 'br' | 'gzip';

/** Accept-Encoding values seen, with the encoding each picks: browsers send a handful of the same strings. */
const picked = new Map<string, Encoding | undefined>();
const PICKED_MAX = 64;

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. A `q=0` refuses an encoding, and
 * `*` stands for any one not named (so `*;q=0` with no `br` or `gzip` named asks for none).
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (picked.has(acceptEncoding)) return picked.get(acceptEncoding);
  const accepted = new Map<string, boolean>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param));
    accepted.set(name.trim().toLowerCase(), !refused);
  }
  const allows = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get('*') ?? false;
  const encoding = allows('br') ? 'br' : allows('gzip') ? 'gzip' : undefined;
  // Bounded, so a client inventing headers cannot grow it: past the bound the answer is worked out each time.
  if (picked.size < PICKED_MAX) picked.set(acceptEncoding, encoding);
  return encoding;
}

/**
 * The onSend step of an API route: a JSON answer of 1 KB or more (or a CSV export, which streams) is sent compressed
 * with the encoding the client prefers, brotli or gzip; anything else as it is. Runs on the API's routes only (the web
 * app's files are compressed at build time, web.ts), costs one header look-up when the client accepts no encoding
 * (app.inject, curl), and never turns an answer already in memory into a stream.
 */
const compressAnswer: onSendHookHandler = (request, reply, payload, done) => {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === undefined || payload === null || payload === undefined) return done(null, payload);
  if (reply.hasHeader('content-encoding')) return done(null, payload);
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && !COMPRESSIBLE.test(type)) return done(null, payload);

  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    const size = Buffer.byteLength(payload);
    if (size < COMPRESSION_THRESHOLD) return done(null, payload);
    markCompressed(reply, encoding);
    if (size <= INLINE_LIMIT) {
      return done(null, encoding === 'br' ? brotliCompressSync(payload, BROTLI) : gzipSync(payload));
    }
    const sent = (err: Error | null, body: Buffer) => (err ? done(err) : done(null, body));
    if (encoding === 'br') brotliCompress(payload, BROTLI, sent);
    else gzip(payload, sent);
    return;
  }
  const stream = payload as Readable;
  if (typeof stream.pipe !== 'function') return done(null, payload);
  // A stream (the CSV exports): its size is not known, so it is compressed whenever the client asks. An error of the
  // source ends the compressed stream with it, and Fastify then ends the answer.
  markCompressed(reply, encoding);
  const zipped = encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip();
  pipeline(stream, zipped, (err) => {
    if (err) request.log.warn({ err }, 'compressed stream failed');
  });
  done(null, zipped);
};

function markCompressed(reply: FastifyReply, encoding: Encoding): void {
  const vary = reply.getHeader('vary');
  if (typeof vary !== 'string' || !/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) {
    reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  }
  reply.header('Content-Encoding', encoding);
  reply.removeHeader('content-length');
}

/**
 * API answers of 1 KB or more are sent compressed (brotli or gzip, whichever the client accepts, brotli first);
 * smaller ones gain less than the compression costs. Call before any route is registered: the step attaches itself
 * to the API's routes as they are added, so the web app's routes never run it.
 *
 * - The web app's files are compressed at build time and served precompressed by web.ts.
 * - Exports stream: the 1 KB threshold cannot apply to a stream, so a CSV export is compressed whenever the client
 *   asks. The browser decodes it before the download is saved; headers (Content-Disposition, X-Export-Truncated)
 *   are untouched.
 * - A request without Accept-Encoding (app.inject in tests, curl without --compressed) gets the plain answer.
 * - Request bodies are not decompressed: no client sends them compressed, and inflating them would let a small
 *   upload grow past the body limits that bound what a request may cost.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const own = route.onSend;
    route.onSend = own === undefined ? [compressAnswer] : [...(Array.isArray(own) ? own : [own]), compressAnswer];
  });
}
