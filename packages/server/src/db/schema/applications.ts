import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, publicUuid, stateCode, updatedAt } from './columns.js';
import { programs } from './programs.js';
import { recipientAccounts } from './recipients.js';

/**
 * An online application definition (part 1 §3 "Application definition"), e.g. id 1, the senior farmers market
 * application served at /apply/ct. Inactive, or linked to no program, shows the 'unavailable' warning.
 */
export const applications = pgTable('applications', {
  id: integer('id').primaryKey(), // fixed ids: the public form asks for /account-api/application/1
  name: varchar('name', { length: 100 }).notNull(),
  descr: text('descr'), // HTML shown above the form
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const applicationPrograms = pgTable(
  'application_programs',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.programId] }),
    index('application_programs_program_id_idx').on(t.programId),
  ],
);

/**
 * A person who applied online. Staff search applicants and process one into a recipient account; the account then
 * points back (recipient_accounts.applicant_id) and processed_account_id is set here.
 */
export const applicants = pgTable(
  'applicants',
  {
    id: id(), // applicantId
    uuid: publicUuid(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    applicationId: integer('application_id').references(() => applications.id),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    middleName: varchar('middle_name', { length: 1 }),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    address1: varchar('address1', { length: 60 }).notNull(),
    address2: varchar('address2', { length: 60 }),
    city: varchar('city', { length: 60 }).notNull(),
    stateCode: stateCode('state_code').notNull(), // stateId on the wire
    zipcode: varchar('zipcode', { length: 10 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    mobilePhone: varchar('mobile_phone', { length: 20 }).notNull(), // digits only
    /** When the applicant ticked the rights statement (required to submit). */
    agreedAt: timestamp('agreed_at', { withTimezone: true }),
    processedAccountId: integer('processed_account_id').references((): AnyPgColumn => recipientAccounts.id, {
      onDelete: 'set null',
    }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The staff applicant search (GET /account-api/applicant) reads pending applicants only, newest first, of the
    // caller's programs. A program's queue walks this partial index in order and stops at the cap.
    index('applicants_pending_program_created_idx')
      .on(t.programId, t.createdAt)
      .where(sql`${t.processedAccountId} is null`),
    // Names and e-mail match as case-insensitive prefixes (`lower(col) like 'smi%'`), the phone as a prefix of its
    // digits: text_pattern_ops serves LIKE prefixes under any collation.
    index('applicants_last_name_lower_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('applicants_first_name_lower_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    // Platform admins search every program: newest first without a program condition.
    index('applicants_created_at_idx').on(t.createdAt),
    index('applicants_email_lower_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('applicants_mobile_phone_idx').on(sql`${t.mobilePhone} text_pattern_ops`),
    // ON DELETE SET NULL from recipient_accounts finds the applicant of a deleted account by this column.
    index('applicants_processed_account_id_idx').on(t.processedAccountId),
    check('applicants_state_code_check', sql`${t.stateCode} ~ '^[A-Z]{2}$'`),
  ],
);
