import { ACCOUNT_STATUS } from '@ebt/core/enums';
import { todayIn } from '@ebt/core/format';
import {
  type AddRecipientIncentiveInput,
  enrolmentDateProblems,
  INCENTIVE_MESSAGES,
  overlappingEnrolment,
  type RecipientIncentiveSaved,
} from '@ebt/core/incentives';
import { recordAudit } from '../../platform/audit.js';
import { canSeeAgency } from '../../platform/caller.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { enrolmentsInIncentive, findAccount, findIncentive, insertEnrolment } from './queries.js';
import { datesIn, isOverlapViolation, refuseProblems } from './writes.js';

// POST /account-api/incentive/recipient-incentive (B§2 "Recipient incentives", B§5 "Recipient incentive", B§7;
// docs/decisions/0041). Staff enrol a recipient they may see in an incentive of the recipient's program: the start not
// before the program's today nor the incentive's start (nor after its end), the end not before today nor the start.
// An enrolment sharing a day with another of the account in the same incentive answers 409; the exclusion constraint
// recipient_incentives_no_overlap settles two requests that race past the check.

export const ENROLMENT_ENTITY = 'recipient_incentive';

export async function enrolRecipient(
  context: RequestContext,
  body: AddRecipientIncentiveInput,
): Promise<RecipientIncentiveSaved> {
  const ctx = requireCaller(context);
  const account = await findAccount(ctx.db, body.recipientUuid.toLowerCase());
  if (!account || !canSeeAgency(ctx.caller, account.programId, account.agencyId))
    throw AppError.notFound(INCENTIVE_MESSAGES.RECIPIENT_NOT_FOUND);
  // As a benefit is issued (modules/benefits/issue.ts): only to an active account (decision 0041).
  if (account.statusId !== ACCOUNT_STATUS.ACTIVE)
    throw AppError.badRequest(INCENTIVE_MESSAGES.RECIPIENT_NOT_ACTIVE, 'recipientUuid');
  const found = await findIncentive(ctx.db, ctx.caller, body.incentiveUuid.toLowerCase());
  if (!found) throw AppError.notFound(INCENTIVE_MESSAGES.INCENTIVE_NOT_FOUND);
  if (found.programId !== account.programId)
    throw AppError.badRequest(INCENTIVE_MESSAGES.INCENTIVE_OTHER_PROGRAM, 'incentiveUuid');
  const incentive = found.incentive;
  const dates = datesIn(body, account.timeZone);
  refuseProblems(
    enrolmentDateProblems(dates, {
      today: todayIn(account.timeZone, ctx.now()),
      incentive: { startDate: incentive.startDate, endDate: incentive.endDate },
    }),
  );

  return ctx.db.transaction(async (tx) => {
    if (overlappingEnrolment(dates, await enrolmentsInIncentive(tx, account.id, incentive.id)))
      throw AppError.conflict(INCENTIVE_MESSAGES.ENROLMENT_OVERLAP, 'startDate');
    const now = ctx.now();
    let id: number;
    try {
      ({ id } = await insertEnrolment(tx, {
        accountId: account.id,
        incentiveId: incentive.id,
        startDate: dates.startDate,
        endDate: dates.endDate,
        createdAt: now,
        updatedAt: now,
      }));
    } catch (error) {
      if (isOverlapViolation(error)) throw AppError.conflict(INCENTIVE_MESSAGES.ENROLMENT_OVERLAP, 'startDate');
      throw error;
    }
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: ENROLMENT_ENTITY,
      entityId: id,
      after: { accountUuid: account.uuid, incentiveUuid: incentive.uuid, ...dates },
    });
    return { message: INCENTIVE_MESSAGES.RECIPIENT_INCENTIVE_ADDED, recipientIncentiveId: id };
  });
}
