import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // 'Agency Code must be unique within a program.' Also serves "agencies of a program" (leading program_id).
    uniqueIndex('agencies_program_code_key').on(t.programId, t.code),
    check('agencies_funding_amount_check', sql`${t.fundingAmount} >= 0`),
    check('agencies_funding_alert_check', sql`${t.fundingAlert} >= 0`),
  ],
);

export type AgencyRow = typeof agencies.$inferSelect;
