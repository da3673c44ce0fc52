import type { FastifyReply } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { outbox, outboxAttachments } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

// The development outbox (runtime contract): the e-mails and texts the server would have sent, newest first, and their
// attachments one by one. With a real provider the messages leave the building: there is no outbox to read.

/** The newest `limit` messages, with their files' names and sizes (their bytes stay in the database until asked for). */
export async function listOutboxMessages(ctx: RequestContext, limit: number) {
  if (ctx.config.smtpUrl) throw AppError.notFound();
  const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
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
    to: r.to,
    subject: r.subject,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    attachments: files.filter((f) => f.outboxId === r.id).map(({ outboxId: _outboxId, ...file }) => file),
  }));
}

/** One attachment of one message, sent as the file it is. */
export async function sendOutboxAttachment(ctx: RequestContext, reply: FastifyReply, id: number, attachmentId: number) {
  if (ctx.config.smtpUrl) throw AppError.notFound();
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
