import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { configEntries } from '../../db/schema/index.js';

// The SQL of the configuration screens (B§2 "Admin configuration", B§7). Every query is served by the unique index
// (config_key, effective_date).

const ENTRY = {
  configKey: configEntries.configKey,
  configValue: configEntries.configValue,
  effectiveDate: configEntries.effectiveDate,
  updatedAt: configEntries.updatedAt,
};

/**
 * GET /admin-api/config: one row per key, the value in force on `today` (the latest dated on or before it), or for a
 * key whose values all lie ahead, the first of them. By key.
 */
export function listKeysInForce(db: DbOrTx, today: string, limit: number) {
  return db
    .selectDistinctOn([configEntries.configKey], ENTRY)
    .from(configEntries)
    .orderBy(
      asc(configEntries.configKey),
      sql`(${configEntries.effectiveDate} > ${today}::date)`,
      sql`case when ${configEntries.effectiveDate} <= ${today}::date then ${configEntries.effectiveDate} end desc nulls last`,
      asc(configEntries.effectiveDate),
    )
    .limit(limit);
}

/** GET /admin-api/config/{key}: the key's values, newest effective date first. */
export function keyHistory(db: DbOrTx, key: string) {
  return db
    .select(ENTRY)
    .from(configEntries)
    .where(eq(configEntries.configKey, key))
    .orderBy(desc(configEntries.effectiveDate));
}

/** The key's values, locked: a change to a key waits for another one in flight. */
export function lockKey(db: DbOrTx, key: string) {
  return db
    .select({ id: configEntries.id, ...ENTRY })
    .from(configEntries)
    .where(eq(configEntries.configKey, key))
    .orderBy(desc(configEntries.effectiveDate))
    .for('update');
}

export async function lockEntry(db: DbOrTx, key: string, effectiveDate: string) {
  const [row] = await db
    .select({ id: configEntries.id, ...ENTRY })
    .from(configEntries)
    .where(and(eq(configEntries.configKey, key), eq(configEntries.effectiveDate, effectiveDate)))
    .limit(1)
    .for('update');
  return row;
}
