import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { merchants } from './merchants.js';
import { users } from './users.js';

/**
 * A point-of-sale terminal of a merchant (decision 0042): the credential a device or app calls the
 * transaction engine with (HTTP Basic: terminal_code and the secret). The secret is 256 random bits, stored only as
 * its SHA-256 (a secret that long needs no slow hash: nothing can be guessed from it). A revoked terminal keeps its
 * row, so the transactions it made still name it; revoking is final.
 */
export const merchantTerminals = pgTable(
  'merchant_terminals',
  {
    id: id(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** terminalId on the wire: 12 characters of Crockford's base32. */
    terminalCode: varchar('terminal_code', { length: 12 }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * 'terminal': issued by staff for a device or app of the merchant's; 'phone': a farmer user's phone registered
     * from the sell screen (createdBy is that farmer user). Both call the engine the same way.
     */
    kind: varchar('kind', { length: 10 }).notNull().default('terminal'),
  },
  (t) => [
    uniqueIndex('merchant_terminals_code_key').on(t.terminalCode),
    index('merchant_terminals_merchant_id_idx').on(t.merchantId, t.createdAt),
    check('merchant_terminals_code_check', sql`${t.terminalCode} ~ '^[0-9A-HJKMNP-TV-Z]{12}$'`),
    check('merchant_terminals_kind_check', sql`${t.kind} in ('terminal', 'phone')`),
  ],
);

export type MerchantTerminalRow = typeof merchantTerminals.$inferSelect;
