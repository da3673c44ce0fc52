import type { FastifyReply } from 'fastify';
import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  deliveryStatus,
  maskRecipient,
  OUTBOX_COUNT_CAP,
  redactMessage,
  type DeliveryStatus,
  type OutboxCountQuery,
  type OutboxQuery,
} from '@ebt/core/outbox';
import { outbox, outboxAttachments } from '../../db/schema/index.js';
import { MAX_ATTEMPTS } from '../../platform/mailer.js';
import type { RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

// The outbox (runtime contract "Outgoing messages"): the e-mails and texts the server queued, newest first. With no
// provider configured it is the development outbox, read whole (codes and links included: developers and the browser
// tests read them there) with each file one by one. Once a provider sends messages it is the delivery log (decision
// 0112): recipients masked, codes, links and card numbers redacted, and no file's bytes.

/** Whether messages leave the building: any provider configured. */
const providerConfigured = (ctx: RequestContext) => Boolean(ctx.config.smtpUrl || ctx.config.sms);

/** The SQL condition of a status, as deliveryStatus names it from a row. */
function statusCondition(status: DeliveryStatus) {
  switch (status) {
    case 'sent':
      return isNotNull(outbox.sentAt);
    case 'failed':
      return and(isNull(outbox.sentAt), or(isNotNull(outbox.failedAt), gte(outbox.attempts, MAX_ATTEMPTS)));
    case 'retrying':
      return and(
        isNull(outbox.sentAt),
        isNull(outbox.failedAt),
        gt(outbox.attempts, 0),
        lt(outbox.attempts, MAX_ATTEMPTS),
      );
    case 'queued':
      return and(isNull(outbox.sentAt), isNull(outbox.failedAt), eq(outbox.attempts, 0));
  }
}

/** How many messages the filters match, up to OUTBOX_COUNT_CAP: a count that stops reading past the cap. */
export async function countOutboxMessages(ctx: RequestContext, query: OutboxCountQuery) {
  const matching = ctx.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(filtersOf(query))
    .limit(OUTBOX_COUNT_CAP + 1)
    .as('matching');
  const [row] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching);
  const n = row?.n ?? 0;
  return {
    totalCount: Math.min(n, OUTBOX_COUNT_CAP),
    countCapped: n > OUTBOX_COUNT_CAP,
    redacted: providerConfigured(ctx),
  };
}

const filtersOf = (query: OutboxCountQuery) =>
  and(
    query.channel ? eq(outbox.channel, query.channel) : undefined,
    query.status ? statusCondition(query.status) : undefined,
  );

/** A page of messages (`limit` each, zero-based `page`), optionally of one channel and status, with their files' names
 * and sizes (their bytes stay in the database until asked for). */
export async function listOutboxMessages(ctx: RequestContext, query: OutboxQuery) {
  const redacted = providerConfigured(ctx);
  const rows = await ctx.db
    .select()
    .from(outbox)
    .where(filtersOf(query))
    .orderBy(desc(outbox.id))
    .limit(query.limit)
    .offset(query.page * query.limit);
  const files =
    rows.length === 0
      ? []
      : await ctx.db
          .select({
            attachmentId: outboxAttachments.id,
            outboxId: outboxAttachments.outboxId,
            filename: outboxAttachments.filename,
            contentType: outboxAttachments.contentType,
            size: sql<number>`octet_length(${outboxAttachments.content})`.mapWith(Number),
          })
          .from(outboxAttachments)
          .where(
            inArray(
              outboxAttachments.outboxId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(outboxAttachments.id);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: redacted ? maskRecipient(r.channel, r.to) : r.to,
    subject: redacted ? redactMessage(r.subject) : r.subject,
    body: redacted ? redactMessage(r.body) : r.body,
    createdAt: r.createdAt.toISOString(),
    attachments: files.filter((f) => f.outboxId === r.id).map(({ outboxId: _outboxId, ...file }) => file),
    kind: r.kind,
    status: deliveryStatus(r, MAX_ATTEMPTS),
    attempts: r.attempts,
    sentAt: r.sentAt?.toISOString() ?? null,
    failedAt: r.failedAt?.toISOString() ?? null,
    lastError: r.lastError,
    segments: r.segments,
    redacted,
  }));
}

/** One attachment of one message, sent as the file it is. */
export async function sendOutboxAttachment(ctx: RequestContext, reply: FastifyReply, id: number, attachmentId: number) {
  // A statement's bytes are the merchant's: the delivery log lists the file but does not hand it out.
  if (providerConfigured(ctx)) throw AppError.notFound();
  const [file] = await ctx.db
    .select()
    .from(outboxAttachments)
    .where(and(eq(outboxAttachments.id, attachmentId), eq(outboxAttachments.outboxId, id)));
  if (!file) throw AppError.notFound();
  return reply
    .type(file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('Cache-Control', 'no-store')
    .send(file.content);
}
