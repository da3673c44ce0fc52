import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, publicUuid, updatedAt } from './columns.js';
import { programs } from './programs.js';
import { recipientAccounts } from './recipients.js';

/**
 * External EBT cards a recipient attaches (SNAP or WIC cards of other issuers: 16-19 digits, Luhn-valid).
 * Type 1 SNAP, 2 WIC, 3 both; status 1 active, 2 inactive. Stored like program PANs: hash, ciphertext, last four.
 * program_id is the program of the account (the service attaches a card to the recipient's account in that program).
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
    // 'The PAN entered already exists in the system.' (409; docs/decisions/0039-external-card-ownership.md): a card
    // number is attached by one person only, once to each of their programs, so it is on at most one card of a
    // program. This index holds that under concurrency within a program; the attach and edit take an advisory lock on
    // the number for the rule across programs (another person's card elsewhere). Its leading pan_hash also answers
    // "where else is this number attached".
    uniqueIndex('external_cards_pan_program_key').on(t.panHash, t.programId),
    // A recipient's list (their accounts) and the staff view of one account.
    index('external_cards_account_id_idx').on(t.accountId),
    check('external_cards_name_check', sql`char_length(${t.name}) between 2 and 35`),
    check('external_cards_type_check', sql`${t.typeId} between 1 and 3`),
    check('external_cards_status_check', sql`${t.statusId} in (1, 2)`),
    check('external_cards_last4_check', sql`${t.panLast4} ~ '^[0-9]{4}$'`),
  ],
);

export type ExternalCardRow = typeof externalCards.$inferSelect;
