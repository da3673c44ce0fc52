import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, publicUuid, updatedAt } from './columns.js';
import { programs } from './programs.js';
import { recipientAccounts } from './recipients.js';

/**
 * External EBT cards a recipient attaches (SNAP or WIC cards of other issuers: 16-19 digits, Luhn-valid).
 * Type 1 SNAP, 2 WIC, 3 both; status 1 active, 2 inactive. Stored like program PANs: hash, ciphertext, last four.
 */
export const externalCards = pgTable(
  'external_cards',
  {
    id: id(), // externalPanId
    uuid: publicUuid(),
    accountId: integer('account_id')
      .notNull()
      .references(() => recipientAccounts.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    panHash: varchar('pan_hash', { length: 64 }).notNull(),
    panEncrypted: text('pan_encrypted').notNull(),
    panLast4: varchar('pan_last4', { length: 4 }).notNull(),
    name: varchar('name', { length: 35 }).notNull(),
    typeId: smallint('type_id').notNull(),
    statusId: smallint('status_id').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // 'The PAN entered already exists in the system.' (409): one account attaches a card once.
    uniqueIndex('external_cards_account_pan_key').on(t.accountId, t.panHash),
    // Whether a card is attached anywhere else.
    index('external_cards_pan_hash_idx').on(t.panHash),
    check('external_cards_name_check', sql`char_length(${t.name}) between 2 and 35`),
    check('external_cards_type_check', sql`${t.typeId} between 1 and 3`),
    check('external_cards_status_check', sql`${t.statusId} in (1, 2)`),
    check('external_cards_last4_check', sql`${t.panLast4} ~ '^[0-9]{4}$'`),
  ],
);

export type ExternalCardRow = typeof externalCards.$inferSelect;
