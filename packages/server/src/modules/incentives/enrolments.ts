import { todayIn } from '@ebt/core/format';
import {
  canDeleteEnrolment,
  ENROLMENT_LIST_CAP,
  enrolmentEditMode,
  INCENTIVE_MESSAGES,
  type RecipientIncentive,
  type RecipientIncentiveAnswer,
  type RecipientIncentiveDetail,
  type RecipientIncentiveList,
} from '@ebt/core/incentives';
import { canSeeAgency } from '../../platform/caller.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { cappedList } from '../../platform/search.js';
import { accountWithEnrolments, enrolmentsOf, type EnrolmentRow, findEnrolment } from './queries.js';

// Reading enrolments (B§2 "Recipient incentives", B§3 "Recipient incentive", B§7; part 1 §2 /recipient/incentives;
// docs/decisions/0041). Staff read a recipient's enrolments when they may see the recipient (agency staff: their
// agencies' recipients; another agency's answers 404 as a missing one does); a recipient reads their own. Each row
// says, on its program's today, how it may be edited and whether it may be deleted (B§4), so every screen offers the
// actions the server will take.

/** An enrolment as the lists answer it. */
export function toRecipientIncentive(r: EnrolmentRow, now: Date): RecipientIncentive {
  const today = todayIn(r.timeZone, now);
  return {
    recipientIncentiveId: r.id,
    incentiveUuid: r.incentiveUuid,
    incentiveName: r.incentiveName,
    startDate: r.startDate,
    endDate: r.endDate,
    updated: r.updatedAt.toISOString(),
    programName: r.programName,
    editMode: enrolmentEditMode(r, today),
    deletable: canDeleteEnrolment(r, today),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /account-api/incentive/recipient-incentive/{id}: a recipient account's uuid lists its enrolments (the staff
 * screen {base}/recipient/incentives/{id}/{progId} passes its {id}); an enrolment's id answers that one (decision 0041).
 */
export async function readRecipientIncentives(context: RequestContext, id: string): Promise<RecipientIncentiveAnswer> {
  const ctx = requireCaller(context);
  return UUID.test(id) ? listAccountEnrolments(ctx, id.toLowerCase()) : getEnrolment(ctx, Number(id));
}

/** One statement after the caller's: the account and its enrolments together; scope checked on the account found. */
async function listAccountEnrolments(ctx: CallerContext, accountUuid: string): Promise<RecipientIncentiveList> {
  const found = await accountWithEnrolments(ctx.db, accountUuid, ENROLMENT_LIST_CAP + 1);
  if (!found || !canSeeAgency(ctx.caller, found.programId, found.agencyId))
    throw AppError.notFound(INCENTIVE_MESSAGES.RECIPIENT_NOT_FOUND);
  const now = ctx.now();
  const data = found.enrolments.slice(0, ENROLMENT_LIST_CAP).map((r) => toRecipientIncentive(r, now));
  return { data, totalCount: data.length, countCapped: found.enrolments.length > ENROLMENT_LIST_CAP };
}

async function getEnrolment(ctx: CallerContext, id: number): Promise<RecipientIncentiveDetail> {
  const found = id >= 1 && id <= 2_147_483_647 ? await findEnrolment(ctx.db, id) : undefined;
  if (!found || !canSeeAgency(ctx.caller, found.accountProgramId, found.accountAgencyId))
    throw AppError.notFound(INCENTIVE_MESSAGES.ENROLMENT_NOT_FOUND);
  return {
    ...toRecipientIncentive(found, ctx.now()),
    recipientUuid: found.accountUuid,
    incentiveStartDate: found.incentiveStartDate,
    incentiveEndDate: found.incentiveEndDate,
  };
}

/** GET /account-api/incentive/recipient-incentive/currentrecipient: the signed-in recipient's enrolments. */
export async function currentRecipientIncentives(context: RequestContext): Promise<RecipientIncentiveList> {
  const ctx = requireCaller(context);
  const now = ctx.now();
  const found = await cappedList(ENROLMENT_LIST_CAP, (limit) => enrolmentsOf(ctx.db, ctx.caller.accountIds, limit));
  return { ...found, data: found.data.map((r) => toRecipientIncentive(r, now)) };
}
