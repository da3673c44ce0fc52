import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, publicUuid } from './columns.js';
import { merchants } from './merchants.js';
import { users } from './users.js';

/**
 * A farmer's request to change the merchant's bank account (docs/farmer-app.md "Changing your bank account"): the new
 * numbers wait here, sealed as merchant_bank_accounts seals them (ciphertext and last four), until staff with
 * BANK_VIEW confirm them into the merchant's account or refuse them. Nothing here is paid to: settlement reads only
 * merchant_bank_accounts.
 */
export const merchantBankChangeRequests = pgTable(
  'merchant_bank_change_requests',
  {
    id: id(),
    uuid: publicUuid(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    bankName: varchar('bank_name', { length: 45 }),
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountNumberLast4: varchar('account_number_last4', { length: 4 }).notNull(),
    routingNumberEncrypted: text('routing_number_encrypted').notNull(),
    routingNumberLast4: varchar('routing_number_last4', { length: 4 }).notNull(),
    accountTypeId: smallint('account_type_id').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    middleName: varchar('middle_name', { length: 1 }),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    note: varchar('note', { length: 200 }),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    refusalReason: varchar('refusal_reason', { length: 200 }),
  },
  (t) => [
    // At most one request waits per merchant: a new one replaces it (withdrawn), and this index is the last word.
    uniqueIndex('merchant_bank_change_requests_pending_key')
      .on(t.merchantId)
      .where(sql`${t.status} = 'pending'`),
    // The staff list: a merchant's requests, newest first.
    index('merchant_bank_change_requests_merchant_idx').on(t.merchantId, t.requestedAt),
    check(
      'merchant_bank_change_requests_status_check',
      sql`${t.status} in ('pending', 'applied', 'refused', 'withdrawn')`,
    ),
    check('merchant_bank_change_requests_type_check', sql`${t.accountTypeId} in (0, 1)`),
  ],
);
