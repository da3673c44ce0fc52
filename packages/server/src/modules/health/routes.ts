import { healthApi } from '@ebt/core/health';
import { sql } from 'drizzle-orm';
import { handle, routeTable } from '../../platform/routes.js';

// The health check (liveness) and the readiness check: the contracts of @ebt/core/health (healthApi). Until the
// database is prepared neither route is reached: the start-up listener answers both (platform/readiness.ts).
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
  handle(healthApi.ready, async (req, reply) => {
    const readiness = req.server.readiness;
    // Draining first: a stopping instance answers not-ready without asking its database anything.
    if (readiness.draining) return reply.status(503).send({ status: 'draining' as const });
    if (!(await readiness.databaseAnswers(req.ctx.db)))
      return reply.status(503).send({ status: 'unavailable' as const });
    return { status: 'ready' as const };
  }),
]);
