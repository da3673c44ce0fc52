import { sql } from 'drizzle-orm';
import { date, integer, numeric, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** Internal key: an identity integer. Public key: a random uuid, the one the API and the URLs show. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const publicUuid = () =>
  uuid('uuid')
    .notNull()
    .unique()
    .default(sql`gen_random_uuid()`);
/**
 * Money is numeric(12,2) in the database, integer cents in code (architecture.md "Money"). Drizzle reads it as a
 * string ('12.30') so no value passes through a binary float; convert with the core money helpers at the edge.
 */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
/** Incentive match and fee rates and accrual caps: two decimals, shown with two places (part 2 §3, §9). */
export const rate = (name: string) => numeric(name, { precision: 9, scale: 2 });
/** Degrees with six decimals (about 10 cm), enough for a map marker and a distance in miles. */
export const coordinate = (name: string) => numeric(name, { precision: 9, scale: 6 });
/** Date-only values: `date` columns read and written as 'YYYY-MM-DD' strings (architecture.md "Dates"). */
export const day = (name: string) => date(name, { mode: 'string' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** How a row came in or was last changed ('API', 'WEB', 'FILE', ...); part 1 §9: the default channel is API. */
export const creationChannel = () => varchar('creation_channel', { length: 20 }).notNull().default('API');
export const updationChannel = () => varchar('updation_channel', { length: 20 });
/** Two-letter US state or DC code, upper case (part 1 §3 "US states and DC with two-letter codes"). */
export const stateCode = (name: string) => varchar(name, { length: 2 });
