import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';

export { seedDemoData } from './demo.js';
export { DEMO_PASSWORD, DEMO_SECURITY_ANSWER, DEMO_SECURITY_QUESTION_ID, DEMO_USERNAMES } from './model.js';
export type { SeedKeys, SeedOptions, SeedSummary } from './model.js';

/** True once any user exists: the demo data is loaded only into a database nobody has used yet. */
export async function isDatabaseSeeded(db: Db): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .limit(1);
  return rows.length > 0;
}
