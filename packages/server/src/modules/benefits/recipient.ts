import {
  BENEFIT_MESSAGES,
  type BenefitSearchPage,
  BenefitSearchQuery,
  type ProgramBalance,
  RECIPIENT_PROGRAM_BENEFITS_CAP,
  type TotalBalance,
} from '@ebt/core/benefits';
import { daysBetween, todayIn } from '@ebt/core/format';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { dollars, expiringSoonDays } from './detail.js';
import { recipientBalances, recipientPrograms } from './queries.js';
import { searchBenefits } from './search.js';

// The recipient portal's benefit calls (part 1 §2 /recipient/home and program detail, §7 "Recipient portal";
// docs/decisions/0010 "Recipient answers"). Every one reads only the caller's own accounts (caller.accountIds).

/**
 * One card per account, in one statement. `expiringSoon` uses the expiring-soon lead time in force (configuration,
 * default 14 days; read through the configuration cache, no statement once warm).
 */
async function balancesOf(ctx: CallerContext): Promise<ProgramBalance[]> {
  const now = ctx.now();
  const rows = await recipientBalances(ctx.db, ctx.caller.accountIds, now);
  if (rows.length === 0) return [];
  const soonDays = await expiringSoonDays(ctx.db, todayIn(ctx.config.defaultTimeZone, now));
  return rows.map((r) => ({
    programUuid: r.program_uuid,
    programName: r.program_name,
    programId: Number(r.program_id),
    recipientIdentifier: r.recipient_identifier,
    totalAmount: dollars(r.available),
    upcomingAmount: dollars(r.upcoming),
    soonestExpirationDate: r.soonest,
    expiringSoon: r.soonest !== null && daysBetween(r.today, r.soonest) <= soonDays,
  }));
}

/** GET /benefit-api/benefit/balances: one card per program the recipient has an account in. */
export async function getBalances(context: RequestContext): Promise<ProgramBalance[]> {
  return balancesOf(requireCaller(context));
}

/** GET /benefit-api/benefit/balance: the sums over all the recipient's programs. */
export async function getTotalBalance(context: RequestContext): Promise<TotalBalance> {
  const cards = await balancesOf(requireCaller(context));
  const cents = (pick: (c: ProgramBalance) => number) => cards.reduce((sum, c) => sum + Math.round(pick(c) * 100), 0);
  return { totalAmount: cents((c) => c.totalAmount) / 100, upcomingAmount: cents((c) => c.upcomingAmount) / 100 };
}

/** GET /benefit-api/benefit/program/{uuid}/balance: one program's card; 404 when the recipient has no account there. */
export async function getProgramBalance(context: RequestContext, programUuid: string): Promise<ProgramBalance> {
  const cards = await balancesOf(requireCaller(context));
  const card = cards.find((c) => c.programUuid === programUuid.toLowerCase());
  if (!card) throw AppError.notFound(BENEFIT_MESSAGES.NOT_OWN_PROGRAM);
  return card;
}

/**
 * GET /benefit-api/benefit/program/{uuid}: the recipient's benefits in one program, newest first, at most
 * RECIPIENT_PROGRAM_BENEFITS_CAP, in the search's answer shape (resolution 12). 404 when the recipient has no account
 * in the program.
 */
export async function getProgramBenefits(context: RequestContext, programUuid: string): Promise<BenefitSearchPage> {
  const ctx = requireCaller(context);
  const accounts = await recipientPrograms(ctx.db, ctx.caller.accountIds);
  if (!accounts.some((a) => a.programUuid === programUuid.toLowerCase()))
    throw AppError.notFound(BENEFIT_MESSAGES.NOT_OWN_PROGRAM);
  return searchBenefits(ctx, BenefitSearchQuery.parse({ programUuid, pageSize: RECIPIENT_PROGRAM_BENEFITS_CAP }));
}
