import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { merchants } from './merchants.js';
import { users } from './users.js';

/**
 * The people who sell for a merchant (farmer users, role 7; docs/farmer-app.md): a farmer, a stall hand, a market
 * manager. A user may sell for several merchants and picks one. The link is their data scope (every farmer route reads
 * only the caller's merchants). Staff end a link by revoking it; the row stays, so who sold for whom stays known.
 */
export const merchantUsers = pgTable(
  'merchant_users',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.merchantId] }), index('merchant_users_merchant_id_idx').on(t.merchantId)],
);

export type MerchantUserRow = typeof merchantUsers.$inferSelect;
