import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, day, id, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * Configuration keys with a history of values (part 2 "Admin configuration"). The value in force for a key is the
 * row with the latest effective_date on or before today; rows dated in the future are scheduled changes and the
 * only ones that may be updated or deleted.
 */
export const configEntries = pgTable(
  'config_entries',
  {
    id: id(),
    configKey: varchar('config_key', { length: 255 }).notNull(),
    configValue: varchar('config_value', { length: 255 }).notNull(),
    effectiveDate: day('effective_date').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(), // "Updated in UTC" in the list
  },
  (t) => [
    // One value per key and day; also the key's history in date order and "value in force" (key, date <= today).
    uniqueIndex('config_entries_key_date_key').on(t.configKey, t.effectiveDate),
    index('config_entries_effective_date_idx').on(t.effectiveDate),
    check('config_entries_key_check', sql`char_length(${t.configKey}) >= 1`),
  ],
);

export type ConfigEntryRow = typeof configEntries.$inferSelect;

/**
 * One row whose version goes up with every statement that changes config_entries (a trigger, so a seed or a hand-made
 * fix counts too). Each server instance caches the values it read and looks at this row at most once a second
 * (platform/config-values.ts): a change made on any instance reaches every instance within a second.
 */
export const configVersion = pgTable(
  'config_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('config_version_single_row_check', sql`${t.id} = 1`)],
);
