import { asc, eq, inArray, sql } from 'drizzle-orm';
import { smsSize } from '@ebt/core/outbox';
import { toE164 } from '@ebt/core/validation';
import type { SmsSettings } from '../config.js';
import type { Db } from '../db/client.js';
import { outbox, outboxAttachments, smsOptOuts } from '../db/schema/index.js';
import type { JobDefinition } from './jobs.js';
import { SmsSendError, twilioProvider, type SmsProvider } from './sms.js';

// Delivery of the outbox (decision 0050). The job runs in every server process (`shared`: no lease),
// and each run claims its batch with FOR UPDATE SKIP LOCKED, moving the claimed rows' next_attempt_at past the time a
// send can take: two instances never take the same message, and a process that dies mid-send leaves its rows to be
// retried once the claim runs out. A failure is retried with exponential back-off, up to MAX_ATTEMPTS; then, or at once
// for a failure no retry can mend (an invalid or opted-out number), the message is given up: failed_at (decision 0112).

export const MAX_ATTEMPTS = 5;
const BATCH = 50;
/** How long a claim holds: longer than a batch of sends can take. */
const CLAIM_MS = 5 * 60_000;
/** The first retry's delay; each further one doubles it (30 s, 1 min, 2 min, 4 min), at most an hour. */
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** The delay before the next try after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Something that sends an e-mail (nodemailer's transport; tests pass their own). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    /** The HTML part beside the text one, when the message has it. */
    html?: string;
    attachments?: { filename: string; contentType: string; content: Buffer }[];
  }): Promise<unknown>;
}

/** The files of the claimed messages, by message id, in the order they were queued. */
async function attachmentsOf(db: Db, ids: number[]) {
  const byMessage = new Map<number, { filename: string; contentType: string; content: Buffer }[]>();
  if (ids.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(outboxAttachments)
    .where(inArray(outboxAttachments.outboxId, ids))
    .orderBy(asc(outboxAttachments.id));
  for (const r of rows) {
    const list = byMessage.get(r.outboxId) ?? [];
    list.push({ filename: r.filename, contentType: r.contentType, content: r.content });
    byMessage.set(r.outboxId, list);
  }
  return byMessage;
}

interface ClaimedRow extends Record<string, unknown> {
  id: number | string;
  channel: string;
  to: string;
  subject: string;
  body: string;
  html: string | null;
  kind: string;
  attempts: number;
}

export type OutboxChannel = 'email' | 'sms';

/**
 * Claims up to `limit` messages of `channels` due at `now`: counted as an attempt, held until the claim runs out.
 * A message given up (failed_at) is never claimed again.
 */
export async function claimOutbox(
  db: Db,
  now: Date,
  limit = BATCH,
  channels: readonly OutboxChannel[] = ['email'],
): Promise<ClaimedRow[]> {
  if (channels.length === 0) return [];
  const at = now.toISOString();
  const result = (await db.execute(sql`
    with due as (
      select o.id from ${outbox} o
      where o.sent_at is null and o.failed_at is null
        and o.channel = any(${`{${channels.join(',')}}`}::text[]) and o.attempts < ${MAX_ATTEMPTS}
        and (o.next_attempt_at is null or o.next_attempt_at <= ${at}::timestamptz)
      order by o.id
      limit ${limit}
      for update skip locked
    )
    update ${outbox} o
    set attempts = o.attempts + 1, next_attempt_at = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
    from due where o.id = due.id
    returning o.id, o.channel, o."to", o.subject, o.body, o.html, o.kind, o.attempts`)) as { rows: ClaimedRow[] };
  return result.rows;
}

/** What delivers each channel: an e-mail transport and its sender address, a text message provider. Either may lack. */
export interface OutboxSenders {
  email?: { transport: MailTransport; from: string };
  sms?: SmsProvider;
}

/** A failure that no retry can mend: the message is given up at once (failed_at). */
class PermanentFailure extends Error {}

/** Sends one claimed text: to its number in E.164, unless that number opted out; answers the provider's id. */
async function sendText(db: Db, provider: SmsProvider, message: ClaimedRow, now: Date): Promise<string> {
  const to = toE164(message.to);
  if (!to) throw new PermanentFailure('not a US mobile number');
  const [optedOut] = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, to));
  if (optedOut) throw new PermanentFailure(OPTED_OUT);
  try {
    return await provider.send(to, message.body);
  } catch (err) {
    // The provider holds the number's STOP (it answered before our webhook heard it): keep it here too.
    if (err instanceof SmsSendError && err.optedOut) {
      await db.insert(smsOptOuts).values({ phone: to, optedOutAt: now, keyword: 'STOP' }).onConflictDoNothing();
      throw new PermanentFailure(OPTED_OUT);
    }
    throw err;
  }
}

/** The reason a text to an opted-out number was not sent (the delivery log shows it). */
export const OPTED_OUT = 'opted out';

/** Told of each message the provider did not take: retried later, or given up (the metrics count them). */
export type DeliveryFailed = (channel: OutboxChannel, givenUp: boolean) => void;

/**
 * One run: claim a batch of the channels that have a sender, send each, mark sent or schedule the retry; after the
 * last attempt, or a failure no retry can mend, the message is given up (failed_at). Answers how many were sent.
 */
export async function deliverMessages(
  db: Db,
  senders: OutboxSenders,
  now: () => Date,
  failed?: DeliveryFailed,
): Promise<number> {
  const channels: OutboxChannel[] = [
    ...(senders.email ? ['email' as const] : []),
    ...(senders.sms ? ['sms' as const] : []),
  ];
  const claimed = await claimOutbox(db, now(), BATCH, channels);
  const files = await attachmentsOf(
    db,
    claimed.filter((m) => m.channel === 'email').map((m) => Number(m.id)),
  );
  let sent = 0;
  for (const message of claimed) {
    const id = Number(message.id);
    try {
      if (message.channel === 'sms') {
        const segments = smsSize(message.body).segments;
        const providerId = await sendText(db, senders.sms!, message, now());
        await db.execute(
          sql`update ${outbox} set sent_at = ${now().toISOString()}::timestamptz, next_attempt_at = null, last_error = null,
            provider_message_id = ${providerId.slice(0, 100)}, segments = ${segments} where id = ${id}`,
        );
      } else {
        const attachments = files.get(id);
        await senders.email!.transport.sendMail({
          from: senders.email!.from,
          to: message.to,
          subject: message.subject,
          text: message.body,
          ...(message.html ? { html: message.html } : {}),
          ...(attachments ? { attachments } : {}),
        });
        await db.execute(
          sql`update ${outbox} set sent_at = ${now().toISOString()}::timestamptz, next_attempt_at = null, last_error = null where id = ${id}`,
        );
      }
      sent += 1;
    } catch (err) {
      // The reason, never the message: bodies carry codes and links (architecture.md).
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const permanent = err instanceof PermanentFailure || (err instanceof SmsSendError && err.permanent);
      const givenUp = permanent || message.attempts >= MAX_ATTEMPTS;
      failed?.(message.channel as OutboxChannel, givenUp);
      if (givenUp) {
        await db.execute(
          sql`update ${outbox} set last_error = ${reason}, failed_at = ${now().toISOString()}::timestamptz,
            next_attempt_at = null where id = ${id}`,
        );
      } else {
        const retryAt = new Date(now().getTime() + backoffMs(message.attempts)).toISOString();
        await db.execute(
          sql`update ${outbox} set last_error = ${reason}, next_attempt_at = ${retryAt}::timestamptz where id = ${id}`,
        );
      }
    }
  }
  return sent;
}

/** One run of e-mail delivery alone (the sender with only SMTP). */
export async function deliverOutbox(db: Db, transport: MailTransport, from: string, now: () => Date): Promise<number> {
  return deliverMessages(db, { email: { transport, from } }, now);
}

/**
 * The sender of the outbox, in every server process: e-mails when SMTP_URL is set, texts when SMS_URL is set (each
 * channel stays queued and visible in the outbox while its provider is not configured).
 */
export function outboxSenderJob(
  config: { smtpUrl?: string | undefined; mailFrom: string; sms?: SmsSettings | undefined },
  overrides: { transport?: MailTransport; sms?: SmsProvider } = {},
  failed?: DeliveryFailed,
): JobDefinition {
  const { smtpUrl, mailFrom, sms } = config;
  // nodemailer is loaded by the job's first run, not at start (bench/README.md, "Idle memory").
  let mail: Promise<MailTransport> | undefined = overrides.transport && Promise.resolve(overrides.transport);
  const transportOnce = () =>
    (mail ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  const texts = overrides.sms ?? (sms ? twilioProvider(sms) : undefined);
  return {
    name: 'send-outbox',
    everyMs: 10_000,
    leaseMs: CLAIM_MS,
    shared: true,
    run: async (db: Db) =>
      deliverMessages(
        db,
        {
          ...(smtpUrl || overrides.transport ? { email: { transport: await transportOnce(), from: mailFrom } } : {}),
          ...(texts ? { sms: texts } : {}),
        },
        () => new Date(),
        failed,
      ),
  };
}
