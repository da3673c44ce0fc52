import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@ebt/core/messages';
import { APP_ERROR_CODE } from '@ebt/core/errors';
import type { SmsInboundBody } from '@ebt/core/outbox';
import { smsOptOuts } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hitRateLimitWindow } from '../../platform/rate-limit.js';
import { validTwilioSignature } from '../../platform/sms.js';

// A phone's replies to our texts (decision 0112). The provider posts each reply here; STOP and its synonyms record the
// number's opt-out (no text is sent to it until START), START and its synonyms remove it, and any other reply is
// ignored. The carrier-level keywords are English; PARAR, ALTO, CANCELAR, COMENZAR and INICIO are for our Spanish
// readers. The provider confirms the opt-out itself, so we answer an empty TwiML.

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'PARAR', 'ALTO', 'CANCELAR']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'COMENZAR', 'INICIO']);

/** Requests a client address may make in an hour: the provider's few addresses post every reply of every phone. */
export const INBOUND_LIMIT = 1_200;
const INBOUND_WINDOW_MS = 60 * 60_000;

export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/** What a reply asks: the whole message, trimmed and in any case, is the keyword (a sentence containing it is not). */
export function replyKeyword(body: string): { action: 'stop' | 'start'; keyword: string } | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (STOP_WORDS.has(word)) return { action: 'stop', keyword: word };
  if (START_WORDS.has(word)) return { action: 'start', keyword: word };
  return null;
}

/** POST /api/sms/inbound: checks the signature, then records the reply's STOP or START. */
export async function receiveSmsReply(
  ctx: RequestContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: SmsInboundBody,
) {
  const sms = ctx.config.sms;
  if (!sms) throw AppError.notFound();
  const hits = await hitRateLimitWindow(ctx.db, `sms-inbound:${ctx.ip ?? 'unknown'}`, INBOUND_WINDOW_MS, ctx.now());
  if (hits.count > INBOUND_LIMIT)
    throw AppError.tooManyRequests(
      MESSAGES.TOO_MANY_ATTEMPTS,
      APP_ERROR_CODE.TOO_MANY_REQUESTS,
      hits.retryAfterSeconds,
    );
  // The provider signs the URL it was given, the portal's public address: behind a proxy the host we see differs.
  const url = `${ctx.config.publicUrl}${request.url}`;
  const signature = request.headers['x-twilio-signature'];
  if (!validTwilioSignature(sms.authToken, url, body, typeof signature === 'string' ? signature : undefined)) {
    ctx.log.warn({ route: 'sms-inbound' }, 'SMS webhook call refused: the signature does not match');
    throw AppError.forbidden();
  }
  const asked = replyKeyword(body.Body);
  const phone = /^\+[1-9]\d{6,14}$/.test(body.From.trim()) ? body.From.trim() : null;
  if (asked && phone) {
    if (asked.action === 'stop')
      await ctx.db
        .insert(smsOptOuts)
        .values({ phone, optedOutAt: ctx.now(), keyword: asked.keyword })
        .onConflictDoUpdate({ target: smsOptOuts.phone, set: { optedOutAt: ctx.now(), keyword: asked.keyword } });
    else await ctx.db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    // The number stays out of the log: the action alone says the webhook works.
    ctx.log.info({ route: 'sms-inbound', action: asked.action }, 'SMS opt-out changed by a reply');
  }
  return reply.status(200).type('text/xml; charset=utf-8').send(EMPTY_TWIML);
}
