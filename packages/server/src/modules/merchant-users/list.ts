import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { MERCHANT_USERS_CAP, type MerchantUser, type MerchantUserList } from '@ebt/core/merchant-users';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { merchantPeopleRows } from './queries.js';

// GET /merchant-api/merchant/{id}/users: the people who sell (or sold) for a merchant in the caller's scope, for the
// staff merchant detail page. One statement after the caller: the merchant in scope left-joined to its links.

export async function listMerchantUsers(context: RequestContext, merchantUuid: string): Promise<MerchantUserList> {
  const ctx = requireCaller(context);
  // One row more than the cap tells a capped list; a merchant without people answers one row of nulls.
  const rows = await merchantPeopleRows(ctx.db, ctx.caller, merchantUuid.toLowerCase(), MERCHANT_USERS_CAP + 1);
  if (rows.length === 0) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
  const people: MerchantUser[] = [];
  for (const r of rows) {
    if (r.userUuid === null) continue;
    people.push({
      userUuid: r.userUuid,
      username: r.username!,
      firstname: r.firstname!,
      lastname: r.lastname!,
      email: r.email!,
      mobile: r.mobile,
      userStatusId: r.userStatusId!,
      linkedAt: r.linkedAt!.toISOString(),
      linkedBy: r.linkedBy,
      revokedAt: r.revokedAt === null ? null : r.revokedAt.toISOString(),
      revokedBy: r.revokedBy,
      otherMerchantCount: r.otherMerchantCount ?? 0,
    });
  }
  const data = people.slice(0, MERCHANT_USERS_CAP);
  return { data, totalCount: data.length, countCapped: people.length > MERCHANT_USERS_CAP };
}
