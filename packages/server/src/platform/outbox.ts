import { fitSms, smsSize } from '@ebt/core/outbox';
import type { DbOrTx } from '../db/client.js';
import { outbox, outboxAttachments } from '../db/schema/index.js';
import type { RequestContext } from './context.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  /** An e-mail's HTML part, beside the text part in `body` (both say the same; the text part stays complete). */
  html?: string;
  /** What the message is about, in kebab case ('benefit-issued', 'sign-in-code'): the delivery log's "kind". */
  kind?: string;
  /** Files sent with an e-mail (SMS carries none), at most MAX_ATTACHMENT_BYTES in all. */
  attachments?: readonly OutgoingAttachment[];
}

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The most bytes of attachments one message carries: mail servers commonly refuse messages past 10 MB. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/** The outbox row of a message: an SMS cut to two parts (with its part count), the columns' lengths kept. */
function outboxRow(ctx: Pick<RequestContext, 'now' | 'log'>, message: OutgoingMessage, now: Date) {
  // A text longer than two parts is cut to fit (carriers bill, and some drop, by the part): a notice's sender should
  // write it shorter, so the cut is logged, by kind, never with the text.
  let body = message.body;
  if (message.channel === 'sms') {
    body = fitSms(message.body);
    if (body !== message.body)
      ctx.log.warn(
        { channel: 'sms', kind: message.kind ?? 'other', segments: smsSize(message.body).segments },
        'text message cut to fit two parts',
      );
  }
  return {
    channel: message.channel,
    to: message.to.slice(0, 255),
    subject: message.subject.slice(0, 200),
    body,
    html: message.channel === 'email' ? (message.html ?? null) : null,
    kind: (message.kind ?? 'other').slice(0, 60),
    segments: message.channel === 'sms' ? smsSize(body).segments : null,
    createdAt: now,
  };
}

/**
 * Queues many messages without attachments in one statement (a notice to every person of a list), shaped as
 * queueMessage shapes one; answers their outbox ids in the order given. The log line counts them by kind.
 */
export async function queueMessages(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'now' | 'log'>,
  messages: readonly Omit<OutgoingMessage, 'attachments'>[],
): Promise<number[]> {
  if (messages.length === 0) return [];
  const now = ctx.now();
  const rows = await db
    .insert(outbox)
    .values(messages.map((m) => outboxRow(ctx, m, now)))
    .returning({ id: outbox.id });
  const kinds = [...new Set(messages.map((m) => m.kind ?? 'other'))];
  ctx.log.info({ count: rows.length, kinds }, 'messages queued in the outbox');
  return rows.map((r) => r.id);
}

/**
 * Queues an e-mail or SMS (runtime contract "Outgoing messages"). With no provider configured the message stays
 * in the outbox table and is listed at GET /admin-api/outbox. Write it in the same transaction as the change
 * that causes it, so a code is never sent for a change that rolled back. The log line names the message but not
 * its body: bodies carry one-time codes and links, which never reach a log (architecture.md).
 */
export async function queueMessage(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'now' | 'log'>,
  message: OutgoingMessage,
): Promise<number> {
  const attachments = message.attachments ?? [];
  // A programming error, not user input: the callers build the files themselves.
  if (attachments.length > 0 && message.channel !== 'email') throw new Error('Only an e-mail carries attachments.');
  if (attachments.reduce((sum, a) => sum + a.content.length, 0) > MAX_ATTACHMENT_BYTES)
    throw new Error('The attachments are larger than an e-mail may carry.');
  const [row] = await db
    .insert(outbox)
    .values(outboxRow(ctx, message, ctx.now()))
    .returning({ id: outbox.id });
  if (attachments.length > 0)
    await db.insert(outboxAttachments).values(
      attachments.map((a) => ({
        outboxId: row!.id,
        filename: a.filename.slice(0, 200),
        contentType: a.contentType.slice(0, 100),
        content: a.content,
      })),
    );
  ctx.log.info(
    {
      outboxId: row?.id,
      channel: message.channel,
      kind: message.kind ?? 'other',
      subject: message.subject,
      attachments: attachments.length,
    },
    'message queued in the outbox',
  );
  return row!.id;
}
