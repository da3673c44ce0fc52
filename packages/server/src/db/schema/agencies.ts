import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, day, id, money, publicUuid, updatedAt } from './columns.js';
import { programs } from './programs.js';

/**
 * An agency of a program (part 2 §3 "Agency"). Agency admins and agency users see only the data of their agencies
 * (user_agencies); recipients and benefits carry the agency that manages them.
 */
export const agencies = pgTable(
  'agencies',
  {
    id: id(),
    uuid: publicUuid(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    name: varchar('name', { length: 50 }).notNull(),
    code: varchar('code', { length: 20 }).notNull(),
    fundingAmount: money('funding_amount'),
    fundingAlert: smallint('funding_alert').notNull().default(1), // part 2 §9: default 1
    fundingDate: day('funding_date'),
    /**
     * When the funding alert of the current crossing was sent (decision 0029): set when issued benefits reach the
     * threshold, cleared when they fall below it again (voids, a larger funding amount). The alert goes out only
     * while it is null, so it fires once per crossing whatever the number of issuances and server instances.
     */
    fundingAlertedAt: timestamp('funding_alerted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // 'Agency Code must be unique within a program.', ignoring case (decision 0028): the database settles a race.
    uniqueIndex('agencies_program_code_key').on(t.programId, sql`lower(${t.code})`),
    // The agency list (B§2): by name, then id; of one program (program admins, the program filter) and of all.
    index('agencies_program_name_idx').on(t.programId, t.name, t.id),
    index('agencies_name_idx').on(t.name, t.id),
    check('agencies_funding_amount_check', sql`${t.fundingAmount} >= 0`),
    check('agencies_funding_alert_check', sql`${t.fundingAlert} >= 0`),
  ],
);

export type AgencyRow = typeof agencies.$inferSelect;
