import { z } from 'zod';

/** The health check's answer: whether the server reaches its database, and which database it runs on. */
export const Health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof Health>;
