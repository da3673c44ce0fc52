import { desc } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE } from '@ebt/core/privileges';
import { outbox } from '../../db/schema/index.js';
import { privileges } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { defineRoutes } from '../../platform/routes.js';

export const OutboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
export const OutboxMessage = z.object({
  id: z.number(),
  channel: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});

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
      config: { access: privileges(PRIVILEGE.NDGADMIN_ACCESS) },
    },
    async (req) => {
      // With a real provider the messages leave the building: there is no outbox to read (runtime contract).
      if (req.ctx.config.smtpUrl) throw AppError.notFound();
      const rows = await req.ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(req.query.limit);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.to,
        subject: r.subject,
        body: r.body,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
});
