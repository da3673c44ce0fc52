import { asc, eq, inArray } from 'drizzle-orm';
import type { CurrentRecipientAccount, CurrentRecipientProgram } from '@ebt/core/recipients';
import { agencies, programs, recipientAccounts as ra } from '../../db/schema/index.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { accountWireFields } from './accounts.js';

// The recipient portal's own account and programs (part 1 §7 "Recipient portal"; recipientApi.ownAccounts and
// ownPrograms, whose fixed paths the router prefers to the staff route: platform/route-conflicts.test.ts keeps it so).
// Scope: the caller's own accounts (caller.accountIds), as every recipient call of the benefits area reads them.

/** The caller's accounts with their program and agency, in the order of the balance cards. */
function ownAccounts(ctx: CallerContext) {
  return ctx.db
    .select({ account: ra, program: programs, agencyUuid: agencies.uuid, agencyName: agencies.name })
    .from(ra)
    .innerJoin(programs, eq(programs.id, ra.programId))
    .leftJoin(agencies, eq(agencies.id, ra.agencyId))
    .where(inArray(ra.id, [...ctx.caller.accountIds]))
    .orderBy(asc(programs.name), asc(ra.id));
}

/** GET /account-api/account/currentuser. */
export async function listOwnAccounts(context: RequestContext): Promise<CurrentRecipientAccount[]> {
  const ctx = requireCaller(context);
  if (ctx.caller.accountIds.length === 0) return [];
  // Assigned onto the wire fields' object, not spread after them (the cost on Node 20: recipients/detail.ts).
  return (await ownAccounts(ctx)).map(({ account, program: p, agencyUuid, agencyName }) =>
    Object.assign(accountWireFields(account), {
      programId: p.id,
      programUuid: p.uuid,
      programName: p.name,
      agencyUuid,
      agencyName,
    }),
  );
}

/** GET /account-api/account/currentuser/programs. */
export async function listOwnPrograms(context: RequestContext): Promise<CurrentRecipientProgram[]> {
  const ctx = requireCaller(context);
  if (ctx.caller.accountIds.length === 0) return [];
  return (await ownAccounts(ctx)).map(({ account: a, program: p }) => ({
    programUuid: p.uuid,
    programId: p.id,
    programName: p.name,
    shortName: p.shortName,
    programStatusId: p.statusId,
    contactEmail: p.contactEmail,
    contactPhone: p.contactPhone,
    contactStateCode: p.contactStateCode,
    accountUuid: a.uuid,
    recipientIdentifier: a.recipientIdentifier,
    accountStatusId: a.statusId,
  }));
}
