import { healthApi } from '@ebt/core/health';
import { sql } from 'drizzle-orm';
import { handle, routeTable } from '../../platform/routes.js';

// The health check: the contract of @ebt/core/health (healthApi) bound to a query of the database.
export default routeTable([
  handle(healthApi.health, async (req, reply) => {
    try {
      await req.ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: req.server.databaseKind };
    } catch (err) {
      req.log.error({ err }, 'health check cannot reach the database');
      return reply.status(503).send({ status: 'unavailable' as const, database: req.server.databaseKind });
    }
  }),
]);
