import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

/** Security questions offered at activation and on the account page (reference data, GET /user-api/security-questions). */
export const securityQuestions = pgTable('security_questions', {
  id: integer('id').primaryKey(),
  text: varchar('text', { length: 200 }).notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * A user's answers, stored only as argon2id hashes of the normalised answer (platform/passwords.ts
 * normalizeAnswer). The screens set one question at a time; PUT current/security-answers replaces the user's rows.
 */
export const userSecurityAnswers = pgTable(
  'user_security_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => securityQuestions.id),
    answerHash: text('answer_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/**
 * One-time tokens: activation and reset links (a 256-bit random token, stored as its SHA-256) and one-time codes
 * for the forgot-password and forgot-username flows (short codes, stored as argon2id hashes and looked up by user).
 * A token works once (used_at) and until expires_at; attempts counts wrong codes so a code can be burnt.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 10 }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For codes: which flow it verifies ('password' or 'username') and where it was sent; free text. */
    context: varchar('context', { length: 100 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // Link tokens are found by their hash (GET /user-api/validate/{hash}).
    uniqueIndex('user_tokens_token_hash_key').on(t.tokenHash),
    // Codes are found through their user: the latest live token of a purpose.
    index('user_tokens_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    check('user_tokens_purpose_check', sql`${t.purpose} in ('activation', 'reset', 'otp')`),
    check('user_tokens_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * Failed sign-ins per username, whether or not a user has that name (docs/decisions/0016): an unknown username
 * is counted and locked exactly like a known one, so the lock tells nobody which accounts exist. Keyed by the
 * HMAC of the normalised username, so a password typed into the username field is never stored. Rows live in
 * PostgreSQL so every server instance counts together; a job deletes rows a day after their last failure.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    usernameHash: varchar('username_hash', { length: 64 }).primaryKey(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    index('sign_in_failures_last_failed_at_idx').on(t.lastFailedAt),
    check('sign_in_failures_failures_check', sql`${t.failures} > 0`),
  ],
);

/**
 * The ids of the keys that values in this database may be sealed with (`v1:<keyId>:...`, platform/crypto.ts): every
 * instance adds the id of the key it seals with when it starts, after checking that it holds every key listed here
 * (platform/encryption-keys.ts, decision 0098). The migration that made it listed the keys of the values already
 * sealed. A handful of rows, read at each start instead of scanning the sealed columns; a listed key that seals no
 * value any more stays until an operator deletes it (docs/operations.md "Data").
 */
export const encryptionKeyIds = pgTable('encryption_key_ids', {
  keyId: varchar('key_id', { length: 8 }).primaryKey(),
  firstUsedAt: timestamp('first_used_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Development only: the encryption keys of instances started without DATA_ENCRYPTION_KEY (never read or written when
 * it is set, and production refuses to start without it; decision 0098). Each such instance offers its
 * DATA_DIR/dev-encryption.key; the first key offered to a database is the one that seals (`seals`, one row at most),
 * so instances on one database seal alike; the others stay readable (by the instance that offered one, and by every
 * instance that starts after it was offered).
 */
export const devEncryptionKeys = pgTable(
  'dev_encryption_keys',
  {
    keyId: varchar('key_id', { length: 8 }).primaryKey(),
    /** The key, 64 hex characters: development data only. */
    key: varchar('key', { length: 64 }).notNull(),
    seals: boolean('seals').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dev_encryption_keys_one_sealing_key')
      .on(t.seals)
      .where(sql`${t.seals}`),
  ],
);
