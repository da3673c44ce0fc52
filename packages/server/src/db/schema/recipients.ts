import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { applications } from './applications.js';
import { createdAt, creationChannel, id, publicUuid, stateCode, updatedAt, updationChannel } from './columns.js';
import { programs } from './programs.js';
import { users } from './users.js';

/**
 * A recipient's account in one program (part 1 §3 "Recipient account"). A person enrolled in two programs has two
 * accounts, both linked to one user. Status 0 Active, 1 Inactive, 2 Deleted. Account type 0 Standard, 1 External
 * (managed by an external system: its edit form, assign PAN and generate PAN are disabled; core ACCOUNT_TYPE).
 */
export const recipientAccounts = pgTable(
  'recipient_accounts',
  {
    id: id(),
    uuid: publicUuid(), // accountUuid
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    agencyId: integer('agency_id').references(() => agencies.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Account ID staff search for (max 20 on search, 25 on the issue form). */
    recipientIdentifier: varchar('recipient_identifier', { length: 25 }).notNull(),
    statusId: smallint('status_id').notNull().default(0),
    accountTypeId: smallint('account_type_id').notNull().default(0),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    middleName: varchar('middle_name', { length: 1 }),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    address1: varchar('address1', { length: 60 }),
    address2: varchar('address2', { length: 60 }),
    city: varchar('city', { length: 60 }),
    stateCode: stateCode('state_code'),
    zipcode: varchar('zipcode', { length: 10 }),
    email: varchar('email', { length: 255 }),
    /** Digits only: the API strips separators before saving and before searching (part 1 §5). */
    mobilePhone: varchar('mobile_phone', { length: 20 }),
    cardIssuance: boolean('card_issuance').notNull().default(false), // cardIssuanceCode
    creationChannel: creationChannel(),
    updationChannel: updationChannel(),
    /** The applicant this account was made from (part 2 "process applicant"). */
    applicantId: integer('applicant_id').references((): AnyPgColumn => applicants.id, { onDelete: 'set null' }),
    /** Per-account override of the program's printed-PAN maximum (part 2 §3 "maxPrintedPans"). */
    maxPrintedPans: integer('max_printed_pans'),
    /**
     * The program's printed-PAN account (decision 0035): where printed cards wait until assigned. Not a recipient: out
     * of the recipient search, export and detail, and no benefit is ever issued to it.
     */
    isCardPool: boolean('is_card_pool').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // What a benefit's (account, program) key points at (benefits_account_program_fk, decision 0087). The id is
    // unique alone; this second key over it is what PostgreSQL needs for a two-column foreign key.
    unique('recipient_accounts_id_program_key').on(t.id, t.programId),
    // Account ID search and uniqueness: an identifier names one account within its program.
    uniqueIndex('recipient_accounts_program_identifier_key').on(t.programId, t.recipientIdentifier),
    // Identifier search across programs (platform admins search without a program).
    index('recipient_accounts_identifier_idx').on(t.recipientIdentifier),
    // Name and e-mail search: equality and prefix (`lower(col) like 'smi%'`) need text_pattern_ops under any
    // collation (a plain btree serves LIKE prefixes only under the C collation).
    // Each name index carries the other name as its second key, so a page ordered by name reads one person's
    // group, not every 'Smith' (bench/README.md "Index needs": first-name prefix 104 ms -> 51 ms p95 at 5M).
    index('recipient_accounts_last_name_lower_idx').on(
      sql`lower(${t.lastName}) text_pattern_ops`,
      sql`lower(${t.firstName}) text_pattern_ops`,
    ),
    index('recipient_accounts_first_name_lower_idx').on(
      sql`lower(${t.firstName}) text_pattern_ops`,
      sql`lower(${t.lastName}) text_pattern_ops`,
    ),
    index('recipient_accounts_email_lower_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    // No trigram index: every recipient search is a prefix (decisions 0012, 0013), which the btree indexes above
    // serve; the two trigram GIN indexes on last name and e-mail were read by no query and cost every new account
    // a fifth of its insert (decision 0092).
    index('recipient_accounts_mobile_phone_idx').on(sql`${t.mobilePhone} text_pattern_ops`),
    // Agency staff scope (agency_id in (...)) and the agency's recipient list; with user_id, the user search's agency
    // scope reads the agency's user ids off this index alone (an index-only scan, bench/users-search.ts).
    index('recipient_accounts_agency_id_idx').on(t.agencyId, t.userId),
    // Agency staff name and e-mail prefixes: the agency and the prefix in one index, so the cost follows the matches,
    // not the size of the agency (bench/README.md "Index needs": agency e-mail 'ma' 85.7 -> 38.2 ms p95 at 1M).
    index('recipient_accounts_agency_last_name_idx').on(t.agencyId, sql`lower(${t.lastName}) text_pattern_ops`),
    index('recipient_accounts_agency_email_idx').on(t.agencyId, sql`lower(${t.email}) text_pattern_ops`),
    // A recipient user's own accounts (session load, recipient portal); with the places, the user scope's per-user
    // probe (in a program? an agency?) answers from the index alone (platform/user-scope.ts).
    index('recipient_accounts_user_id_idx').on(t.userId, t.programId, t.agencyId),
    // The applicant an account was made from (the foreign key's `set null` when an applicant is deleted): most
    // accounts have none, so only those that do are in the index (decision 0082: one entry less per imported account).
    index('recipient_accounts_applicant_id_idx')
      .on(t.applicantId)
      .where(sql`${t.applicantId} is not null`),
    // One printed-PAN account a program.
    uniqueIndex('recipient_accounts_card_pool_key')
      .on(t.programId)
      .where(sql`${t.isCardPool}`),
    check('recipient_accounts_status_id_check', sql`${t.statusId} between 0 and 2`),
    check('recipient_accounts_account_type_id_check', sql`${t.accountTypeId} in (0, 1)`),
    check('recipient_accounts_state_code_check', sql`${t.stateCode} ~ '^[A-Z]{2}$'`),
    check('recipient_accounts_max_printed_pans_check', sql`${t.maxPrintedPans} >= 0`),
  ],
);

/**
 * An account's money version (decision 0104): bumped by every engine call that moves the account's money, so a
 * purchase that planned from funds read without a lock writes only if the version is still the one it read
 * (decision 0102). A row of its own, written only by the engine (the first call that moves the account's money makes
 * it), so the bump is a heap-only update of a narrow row (the table is created with fillfactor 50) and fires none of
 * the accounts' triggers and writes none of their indexes. No row reads as version 0.
 */
export const accountMoneyVersions = pgTable('account_money_versions', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => recipientAccounts.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * A person who applied online (kept beside the account it becomes, so the two tables' foreign keys to each other
 * do not make the schema files import each other). Staff search applicants and process one into a recipient account; the account then
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

export type RecipientAccountRow = typeof recipientAccounts.$inferSelect;
