import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  primaryKey,
  uniqueIndex,
  uuid,
  varchar,
  text,
  boolean,
} from 'drizzle-orm/pg-core';
import { createdAt, day, id, updatedAt } from './columns.js';
import { programs } from './programs.js';
import { recipientAccounts } from './recipients.js';
import { users } from './users.js';

/**
 * A bulk generation of printed PANs (part 2 "Bulk PAN generation"). Status 0 In process, 1 Completed, 2 Failed.
 * At most one generation per program is in process at a time: the partial unique index below refuses a second
 * one, which the API answers as 409 'A pan generation is currently in process for this program.' A generation is
 * in process from the transaction that makes its PANs until its PDF has been streamed once, or until it is older
 * than the hold time (decision 0035).
 */
export const panGenerations = pgTable(
  'pan_generations',
  {
    id: id(), // panGenId
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    /** The account the printed PANs are generated on (accountUuid of POST /account-api/pans/gen/printed). */
    accountId: integer('account_id')
      .notNull()
      .references(() => recipientAccounts.id),
    count: integer('count').notNull(),
    firstPanId: integer('first_pan_id').references((): AnyPgColumn => pans.id),
    statusId: smallint('status_id').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pan_generations_one_in_process_key')
      .on(t.programId)
      .where(sql`${t.statusId} = 0`),
    index('pan_generations_program_id_idx').on(t.programId, t.createdAt),
    check('pan_generations_count_check', sql`${t.count} > 0`),
    check('pan_generations_status_check', sql`${t.statusId} between 0 and 2`),
  ],
);

/**
 * A program card number (PAN) of a recipient account: 19 digits = bin + series (9) + account number (9) + Luhn
 * check digit (resolutions §5). Stored as a keyed hash (look-up, uniqueness), an AES-GCM ciphertext and the last
 * four (platform/crypto.ts seal); never in clear. Kind 1 Virtual, 2 Printed, 3 Manual. Status 0 Active, 1 Lost,
 * 2 Stolen, 3 Used, 4 Inactive.
 */
export const pans = pgTable(
  'pans',
  {
    id: id(), // panId
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => recipientAccounts.id),
    panHash: varchar('pan_hash', { length: 64 }).notNull(),
    panEncrypted: text('pan_encrypted').notNull(),
    panLast4: varchar('pan_last4', { length: 4 }).notNull(),
    panTypeId: smallint('pan_type_id').notNull().default(1),
    panStatusId: smallint('pan_status_id').notNull().default(0),
    /**
     * The recipient's own lock (decision 0037), apart from the five statuses: a locked Active card is declined by
     * the transaction engine until the recipient unlocks it. Lost and Stolen stay the statuses they are.
     */
    locked: boolean('locked').notNull().default(false),
    activeDate: day('active_date'),
    expirationDate: day('expiration_date'),
    panGenerationId: integer('pan_generation_id').references((): AnyPgColumn => panGenerations.id),
    /**
     * The card's PIN (docs/security.md "Card PINs"): a keyed hash of the card id and the four digits under PIN_HMAC_KEY,
     * a key the database does not hold, prefixed with that key's id (platform/pin.ts). Null: no PIN set (a card
     * that needs one cannot be spent until its holder sets it).
     */
    pinHash: varchar('pin_hash', { length: 80 }),
    pinSetAt: timestamp('pin_set_at', { withTimezone: true }),
    /** Wrong PINs entered at terminals on pinWrongDay (the program's day): at 4 the card refuses PIN calls that day. */
    pinWrongDay: day('pin_wrong_day'),
    pinWrongCount: smallint('pin_wrong_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One card number exists once in the whole system; assign-PAN finds a card by the hash of its 19 digits.
    uniqueIndex('pans_pan_hash_key').on(t.panHash),
    // An account's PANs in id order (the PANs page, the printed-PAN list paged newest first, the Active count).
    index('pans_account_id_idx').on(t.accountId, t.id),
    index('pans_program_id_idx').on(t.programId, t.panTypeId),
    // A generation's PANs in id order: its PDF reads them in batches by key (decision 0035).
    index('pans_pan_generation_id_idx').on(t.panGenerationId, t.id),
    check('pans_type_check', sql`${t.panTypeId} between 1 and 3`),
    check('pans_status_check', sql`${t.panStatusId} between 0 and 4`),
    check('pans_last4_check', sql`${t.panLast4} ~ '^[0-9]{4}$'`),
    check('pans_pin_wrong_count_check', sql`${t.pinWrongCount} >= 0`),
  ],
);

export type PanRow = typeof pans.$inferSelect;

/**
 * A phone that may make pay codes for a card (docs/transaction-engine.md "Pay codes"): the recipient's installable
 * app made an ECDSA P-256 key pair in the browser (the private key non-extractable, kept there) and registered the
 * public key here while online. A pay code is signed by that key; the engine verifies it with this row's key.
 * Removed (revokedAt) by the recipient, by staff, or when the card is reported lost or stolen.
 */
export const cardDevices = pgTable(
  'card_devices',
  {
    id: id(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    panId: integer('pan_id')
      .notNull()
      .references(() => pans.id),
    /** The public key, SubjectPublicKeyInfo (DER) in base64url, as WebCrypto exports it ('spki'). */
    publicKey: text('public_key').notNull(),
    /** What the recipient calls the phone (the browser's own description by default). */
    name: varchar('name', { length: 60 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('card_devices_pan_id_idx').on(t.panId, t.id)],
);

/**
 * The pay codes used: a code (its device and nonce) is spent once. The call that spent it is named by terminal,
 * day and trace number, so a terminal's retry of that same call is still that call, not a replay.
 */
export const payCodeUses = pgTable(
  'pay_code_uses',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => cardDevices.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 32 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    terminalCode: varchar('terminal_code', { length: 20 }).notNull(),
    traceDay: day('trace_day').notNull(),
    traceNumber: varchar('trace_number', { length: 20 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.nonce] }), index('pay_code_uses_used_at_idx').on(t.usedAt)],
);
