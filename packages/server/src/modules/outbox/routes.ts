import { desc, eq, and, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE } from '@ebt/core/privileges';
import { outbox, outboxAttachments } from '../../db/schema/index.js';
import { privileges } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { defineRoutes } from '../../platform/routes.js';

export const OutboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
/** A file sent with a message: its name, type and size; its bytes at …/attachments/{attachmentId} (decision 0069). */
export const OutboxAttachment = z.object({
  attachmentId: z.number(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export const OutboxMessage = z.object({
  id: z.number(),
  channel: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  attachments: z.array(OutboxAttachment),
});
const AttachmentParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  attachmentId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

const access = privileges(PRIVILEGE.NDGADMIN_ACCESS);

export default defineRoutes((app) => {
  app.get(
    '/admin-api/outbox',
    {
      schema: {
        tags: ['platform'],
        summary: 'E-mails and SMS held while no provider is configured, newest first',
        querystring: OutboxQuery,
        response: { 200: z.array(OutboxMessage), 403: ErrorBody, 404: ErrorBody },
      },
      config: { access },
    },
    async (req) => {
      // With a real provider the messages leave the building: there is no outbox to read (runtime contract).
      if (req.ctx.config.smtpUrl) throw AppError.notFound();
      const rows = await req.ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(req.query.limit);
      // The files' names and sizes only: their bytes stay in the database until asked for one by one.
      const files =
        rows.length === 0
          ? []
          : await req.ctx.db
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
    },
  );

  app.get(
    '/admin-api/outbox/:id/attachments/:attachmentId',
    {
      schema: {
        tags: ['platform'],
        summary: 'A file sent with an outbox e-mail, as it was attached',
        params: AttachmentParams,
        response: { 200: z.any().describe('the file'), 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { access },
    },
    async (req, reply) => {
      if (req.ctx.config.smtpUrl) throw AppError.notFound();
      const [file] = await req.ctx.db
        .select()
        .from(outboxAttachments)
        .where(and(eq(outboxAttachments.id, req.params.attachmentId), eq(outboxAttachments.outboxId, req.params.id)));
      if (!file) throw AppError.notFound();
      return reply
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
        .header('Cache-Control', 'no-store')
        .send(file.content);
    },
  );
});
