import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { configEntries } from '../db/schema/index.js';

// Configuration values read by the areas (docs/configuration.md lists the keys). One entry point, so every reader
// sees the same value for a key on a given day.

/** The value in force of a configuration key on `today` (the latest effective date on or before it), or null. */
export async function configValueInForce(db: DbOrTx, key: string, today: string): Promise<string | null> {
  const [row] = await db
    .select({ value: configEntries.configValue })
    .from(configEntries)
    .where(and(eq(configEntries.configKey, key), lte(configEntries.effectiveDate, today)))
    .orderBy(desc(configEntries.effectiveDate))
    .limit(1);
  return row?.value ?? null;
}
