import { ROLE } from '@ebt/core/enums';
import type { DbOrTx } from '../db/client.js';
import { merchantUsers } from '../db/schema/index.js';
import { makeUser, type MakeUserOptions } from './factories.js';

// Farmer users for the tests of the merchant portal: a user of role 7 linked to the merchants they sell for
// (merchant_users), optionally with some links already revoked.

export async function makeFarmer(
  db: DbOrTx,
  merchantsOf: { id: number }[],
  options: MakeUserOptions & { revoked?: { id: number }[] } = {},
) {
  const { revoked = [], ...userOptions } = options;
  const user = await makeUser(db, { roleId: ROLE.FARMER, ...userOptions });
  const links = [
    ...merchantsOf.map((m) => ({ userId: user.id, merchantId: m.id })),
    ...revoked.map((m) => ({ userId: user.id, merchantId: m.id, revokedAt: new Date() })),
  ];
  if (links.length > 0) await db.insert(merchantUsers).values(links);
  return user;
}
