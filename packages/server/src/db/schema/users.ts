import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { agencies } from './agencies.js';
import { createdAt, id, publicUuid, updatedAt } from './columns.js';
import { programs } from './programs.js';

/** A derived integer[] column, null when empty: a null costs a new row nothing, an empty array 16 bytes. */
const intArray = (name: string) => integer(name).array();

/** The derived place arrays, carried at the end of each user order index (decision 0032). */
const places = (t: { programIds: AnyPgColumn; agencyIds: AnyPgColumn }) => [t.programIds, t.agencyIds] as const;

/** Roles: 1 Program Admin, 2 program user, 3 recipient, 4 platform admin, 5 Agency Admin, 6 Agency User. */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey(), // role ids are chosen by administrators (part 2 §5: role id max 10 digits)
    descr: varchar('descr', { length: 20 }).notNull(),
    /**
     * The role's privilege codes in code order, comma-separated: kept by triggers on role_privileges and privileges
     * (migration 0033, decision 0084), never written by the code. The caller statement reads it instead of joining
     * and aggregating the role's privileges on every request.
     */
    privilegeCodes: text('privilege_codes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('roles_id_check', sql`${t.id} > 0`),
    check('roles_descr_check', sql`char_length(${t.descr}) between 2 and 20`),
  ],
);

export const privileges = pgTable('privileges', {
  id: integer('id').primaryKey(),
  code: varchar('code', { length: 50 }).notNull().unique(),
  descr: varchar('descr', { length: 200 }).notNull(),
});

/** The privileges a role grants; a user's privileges are those of their one role. */
export const rolePrivileges = pgTable(
  'role_privileges',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    privilegeId: integer('privilege_id')
      .notNull()
      .references(() => privileges.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.privilegeId] }),
    index('role_privileges_privilege_id_idx').on(t.privilegeId),
  ],
);

/**
 * Portal users: staff, platform administrators and recipients (a recipient's user is linked from
 * recipient_accounts.user_id). Status 0 Pending, 1 Registered, 2 Enabled, 3 Disabled, 4 Deleted (part 1 §3).
 * One-time tokens, security answers and sessions hang off this table (security.ts, platform.ts).
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    uuid: publicUuid(),
    username: varchar('username', { length: 20 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    // A new address staff gave a user who has activated: `email` stays the address links and codes go to until the
    // user opens the link sent to the new one (its SHA-256 here, single use, expiring; recovery/email-change.ts).
    pendingEmail: varchar('pending_email', { length: 255 }),
    pendingEmailTokenHash: varchar('pending_email_token_hash', { length: 64 }),
    pendingEmailExpiresAt: timestamp('pending_email_expires_at', { withTimezone: true }),
    passwordHash: text('password_hash'), // null until the user activates the account
    firstName: varchar('first_name', { length: 100 }).notNull(),
    middleName: varchar('middle_name', { length: 1 }),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    mobile: varchar('mobile', { length: 20 }),
    phone: varchar('phone', { length: 20 }),
    statusId: smallint('status_id').notNull().default(0),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    otpPreference: varchar('otp_preference', { length: 5 }).notNull().default('email'),
    // The language chosen on the public and recipient pages ('en' or 'es'; docs/i18n.md): e-mails and SMS to the
    // user's recipient accounts are written in it. Null until the user chooses one.
    preferredLanguage: varchar('preferred_language', { length: 5 }),
    failedLogins: integer('failed_logins').notNull().default(0),
    failedResets: integer('failed_resets').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    // The places the user belongs to, derived (decision 0032): programs of its recipient accounts, its user_programs
    // and its agencies; agencies of its recipient accounts and its user_agencies. Kept by the user_places_* triggers
    // (migration 0012), so the user scope (platform/user-scope.ts) tests the row the search already reads instead of
    // probing three tables for every user it walks. The link tables stay the truth.
    programIds: integer('program_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    agencyIds: integer('agency_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // The staff links kept apart by kind, for the caller of every request (platform/caller-statement.ts, decision
    // 0086), which takes each only for the scope it belongs to: user_programs' programs; user_agencies' agencies and
    // their programs. Kept by triggers on those two tables (migration 0034) in the link change's transaction; null
    // when there is none; in no set order; a program may repeat (two agencies of one program). Recipient accounts are not kept here: imports
    // add thousands at once, and the caller reads a recipient's accounts by their user_id index.
    linkedProgramIds: intArray('linked_program_ids'),
    linkedAgencyIds: intArray('linked_agency_ids'),
    linkedAgencyProgramIds: intArray('linked_agency_program_ids'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Usernames are unique regardless of case: 'JSmith01' and 'jsmith01' are one person at the login form.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // The confirmation link finds its user by the token's digest; few users have one at a time.
    uniqueIndex('users_pending_email_token_key')
      .on(t.pendingEmailTokenHash)
      .where(sql`${t.pendingEmailTokenHash} is not null`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    // No plain lower(last_name) or lower(first_name) index: every name search is a prefix (`like`), which PostgreSQL
    // serves from the `collate "C"` order indexes below, never from a default-collation btree, and no query asks for
    // a name's equality; each was an entry every new user paid for, nothing read it (decision 0082).
    // The user search (modules/users, bench/users-search.ts): each text criterion is a prefix of its lowered column,
    // and the list is read in that column's byte order (collate "C" serves both the LIKE prefix and the ORDER BY), so
    // a broad prefix reads its first rows off the index instead of sorting every match. Status and role alone read
    // the username order within their value.
    // Each also holds its plain column after the unique id (never changing the order; Drizzle has no INCLUDE): the
    // search picks its page's ids from the index alone (an index-only scan), which PostgreSQL allows only when the
    // column under lower() is in the index too. A walk past thousands of users outside the caller's scope then
    // never visits the table (migration 0011). The user's program and agency ids ride along too, so the caller's
    // scope and a program or agency criterion are tested on the index entry (decision 0032, migration 0012).
    index('users_username_order_idx').on(sql`(lower(${t.username}) collate "C")`, t.id, t.username, ...places(t)),
    index('users_email_order_idx').on(sql`(lower(${t.email}) collate "C")`, t.id, t.email, ...places(t)),
    index('users_last_name_order_idx').on(sql`(lower(${t.lastName}) collate "C")`, t.id, t.lastName, ...places(t)),
    index('users_first_name_order_idx').on(sql`(lower(${t.firstName}) collate "C")`, t.id, t.firstName, ...places(t)),
    index('users_status_username_idx').on(
      t.statusId,
      sql`(lower(${t.username}) collate "C")`,
      t.id,
      t.username,
      ...places(t),
    ),
    // Also every look-up by role alone (the role filters, the foreign key's check when a role is deleted): its first
    // column is the role, so a separate index on role_id was a second copy that every new user paid for (decision
    // 0082).
    index('users_role_username_idx').on(
      t.roleId,
      sql`(lower(${t.username}) collate "C")`,
      t.id,
      t.username,
      ...places(t),
    ),
    check('users_status_id_check', sql`${t.statusId} between 0 and 4`),
    check('users_otp_preference_check', sql`${t.otpPreference} in ('email', 'sms')`),
    check('users_failed_logins_check', sql`${t.failedLogins} >= 0`),
    check('users_failed_resets_check', sql`${t.failedResets} >= 0`),
  ],
);

/** Programs a staff user administers or belongs to (program admins; agency staff through their agencies too). */
export const userPrograms = pgTable(
  'user_programs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.programId] }), index('user_programs_program_id_idx').on(t.programId)],
);

/** Agencies an agency admin or agency user belongs to: their data scope. */
export const userAgencies = pgTable(
  'user_agencies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agencyId] }), index('user_agencies_agency_id_idx').on(t.agencyId)],
);

export type UserRow = typeof users.$inferSelect;
