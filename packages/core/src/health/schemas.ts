import { z } from 'zod';

/** The health check's answer: whether the server reaches its database, and which database it runs on. */
export const Health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof Health>;

/**
 * The readiness check's answer: whether this instance should be sent requests now. `starting` while it prepares the
 * database (migrations, reference and demo data), `draining` once it has been told to stop, `unavailable` when its
 * database does not answer in time, `ready` otherwise. Nothing else: it is open to anyone.
 */
export const Readiness = z.object({ status: z.enum(['ready', 'starting', 'draining', 'unavailable']) });
export type Readiness = z.infer<typeof Readiness>;
