import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PUBLIC } from '../../platform/access.js';
import { defineRoutes } from '../../platform/routes.js';

const Health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']) });

export default defineRoutes((app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['platform'],
        summary: 'Answers 200 when the server can reach its database',
        response: { 200: Health, 503: Health },
      },
      config: { access: PUBLIC },
    },
    async (req, reply) => {
      try {
        await req.ctx.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: app.databaseKind };
      } catch (err) {
        req.log.error({ err }, 'health check cannot reach the database');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.databaseKind });
      }
    },
  );
});
