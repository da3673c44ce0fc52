import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
  boolean,
} from 'drizzle-orm/pg-core';
import { id, publicUuid, stateCode } from './columns.js';
import { merchants } from './merchants.js';
import { programs } from './programs.js';
import { users } from './users.js';

// The farmers' online application (docs/farmer-applications.md): a program's settings, the one-time codes that
// confirm a farmer's e-mail and mobile, the applications with the programs they name, and their history.

/** One of a program's own questions as stored in its settings (core FarmerQuestion). */
export interface StoredFarmerQuestion {
  key: string;
  kind: 'yes-no' | 'text';
  label: string;
  labelEs: string | null;
  required: boolean;
  effectiveFrom: string;
  effectiveTo: string | null;
}

/** An answer as stored: the question as it was asked beside the value, so a later change of it does not rewrite it. */
export interface StoredFarmerAnswer {
  programId: number;
  key: string;
  label: string;
  labelEs: string | null;
  kind: 'yes-no' | 'text';
  value: string;
}

export interface StoredFarmerAddress {
  addressOne: string;
  addressTwo: string | null;
  city: string;
  stateCode: string;
  zipcode: string;
}

export interface StoredFarmerMarket {
  name: string;
  city: string | null;
  when: string | null;
}

/** A program's farmer application settings; a program without a row takes no applications. */
export const farmerApplicationSettings = pgTable('farmer_application_settings', {
  programId: integer('program_id')
    .primaryKey()
    .references(() => programs.id, { onDelete: 'cascade' }),
  open: boolean('open').notNull().default(false),
  agreementText: text('agreement_text').notNull().default(''),
  agreementTextEs: text('agreement_text_es'),
  questions: jsonb('questions').$type<StoredFarmerQuestion[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The codes that confirm an applicant's e-mail and mobile before they submit: each code stored only as a hash, valid
 * 10 minutes, burnt after 5 wrong tries. A confirmation never used by an application is an abandoned draft, expunged
 * by the daily job after the retention the settings give.
 */
export const farmerApplicationConfirmations = pgTable(
  'farmer_application_confirmations',
  {
    id: id(),
    uuid: publicUuid(),
    email: varchar('email', { length: 255 }).notNull(),
    mobilePhone: varchar('mobile_phone', { length: 10 }).notNull(),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    emailCodeHash: text('email_code_hash').notNull(),
    mobileCodeHash: text('mobile_code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('farmer_application_confirmations_created_idx').on(t.createdAt)],
);

export const farmerApplications = pgTable(
  'farmer_applications',
  {
    id: id(),
    uuid: publicUuid(),
    status: varchar('status', { length: 10 }).notNull().default('submitted'),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    farmName: varchar('farm_name', { length: 50 }).notNull(),
    contactFirstName: varchar('contact_first_name', { length: 100 }).notNull(),
    contactLastName: varchar('contact_last_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    mobilePhone: varchar('mobile_phone', { length: 10 }).notNull(),
    businessPhone: varchar('business_phone', { length: 10 }),
    address1: varchar('address1', { length: 60 }).notNull(),
    address2: varchar('address2', { length: 60 }),
    city: varchar('city', { length: 60 }).notNull(),
    stateCode: stateCode('state_code').notNull(),
    zipcode: varchar('zipcode', { length: 10 }).notNull(),
    mailingAddress: jsonb('mailing_address').$type<StoredFarmerAddress | null>(),
    markets: jsonb('markets').$type<StoredFarmerMarket[]>().notNull(),
    crops: varchar('crops', { length: 1000 }).notNull(),
    answers: jsonb('answers').$type<StoredFarmerAnswer[]>().notNull().default([]),
    tinTypeId: smallint('tin_type_id').notNull(),
    taxIdEncrypted: text('tax_id_encrypted').notNull(),
    taxIdLast4: varchar('tax_id_last4', { length: 4 }).notNull(),
    bankName: varchar('bank_name', { length: 45 }),
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountNumberLast4: varchar('account_number_last4', { length: 4 }).notNull(),
    routingNumberEncrypted: text('routing_number_encrypted').notNull(),
    routingNumberLast4: varchar('routing_number_last4', { length: 4 }).notNull(),
    accountTypeId: smallint('account_type_id').notNull(),
    bankFirstName: varchar('bank_first_name', { length: 100 }).notNull(),
    bankMiddleName: varchar('bank_middle_name', { length: 1 }),
    bankLastName: varchar('bank_last_name', { length: 100 }).notNull(),
    signature: varchar('signature', { length: 201 }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /**
     * The status link's secret: its sha256 finds the application, and the secret itself is kept sealed so every later
     * message (more information, the decision) carries the same link. The database alone opens no application.
     */
    statusTokenHash: varchar('status_token_hash', { length: 64 }).notNull().unique(),
    statusTokenEncrypted: text('status_token_encrypted').notNull(),
    staffRequest: varchar('staff_request', { length: 1000 }),
    refusalReason: varchar('refusal_reason', { length: 1000 }),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('farmer_applications_status_check', sql`${t.status} in ('submitted', 'more-info', 'approved', 'refused')`),
    check('farmer_applications_account_type_check', sql`${t.accountTypeId} in (0, 1)`),
    // The queue's text search: farm, contact and e-mail, contains.
    index('farmer_applications_search_trgm_idx').using(
      'gin',
      sql`lower(${t.farmName} || ' ' || ${t.contactFirstName} || ' ' || ${t.contactLastName} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
    // Duplicates: the same e-mail, tax id, bank account or farm address as another application.
    index('farmer_applications_email_idx').on(sql`lower(${t.email})`),
    index('farmer_applications_tax_last4_idx').on(t.taxIdLast4),
    index('farmer_applications_account_last4_idx').on(t.accountNumberLast4),
    index('farmer_applications_zip_idx').on(t.zipcode),
    // The expunge job: refused applications by their decision.
    index('farmer_applications_decided_idx').on(t.status, t.decidedAt),
  ],
);

/** The programs an application names; staff of any of them see it. */
export const farmerApplicationPrograms = pgTable(
  'farmer_application_programs',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => farmerApplications.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.programId] }),
    index('farmer_application_programs_program_idx').on(t.programId, t.applicationId),
  ],
);

/** What happened to an application and who did it: the detail page's history (the audit log holds the changes). */
export const farmerApplicationEvents = pgTable(
  'farmer_application_events',
  {
    id: id(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => farmerApplications.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 12 }).notNull(),
    note: varchar('note', { length: 1000 }),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('farmer_application_events_application_idx').on(t.applicationId, t.at)],
);
