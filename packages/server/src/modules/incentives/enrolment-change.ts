import { ACCOUNT_STATUS } from '@ebt/core/enums';
import { todayIn } from '@ebt/core/format';
import {
  canDeleteEnrolment,
  ENROLMENT_EDIT_MODE,
  enrolmentDateProblems,
  enrolmentEditMode,
  INCENTIVE_MESSAGES,
  overlappingEnrolment,
  type RecipientIncentiveSaved,
  type UpdateRecipientIncentiveInput,
} from '@ebt/core/incentives';
import type { DbOrTx } from '../../db/client.js';
import { recordAudit } from '../../platform/audit.js';
import { canSeeAgency } from '../../platform/caller.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ENROLMENT_ENTITY } from './enrol.js';
import { deleteEnrolment, enrolmentsInIncentive, lockEnrolment, updateEnrolment } from './queries.js';
import { datesIn, isOverlapViolation, refuseProblems } from './writes.js';

// PUT and DELETE /account-api/incentive/recipient-incentive/{id} (B§4 "Recipient incentive", B§5, B§7;
// docs/decisions/0041). Each locks the enrolment first and judges it on its program's today: an ended one is not
// changed (409), a started one keeps its start (mode 1) and is not deleted (409). Another agency's enrolment answers
// 404 as a missing one does.

async function lockedInScope(tx: DbOrTx, ctx: CallerContext, id: number) {
  const found = await lockEnrolment(tx, id);
  if (!found || !canSeeAgency(ctx.caller, found.accountProgramId, found.accountAgencyId))
    throw AppError.notFound(INCENTIVE_MESSAGES.ENROLMENT_NOT_FOUND);
  return found;
}

const auditView = (e: { startDate: string; endDate: string | null }) => ({
  startDate: e.startDate,
  endDate: e.endDate,
});

export async function changeEnrolment(
  context: RequestContext,
  id: number,
  body: UpdateRecipientIncentiveInput,
): Promise<RecipientIncentiveSaved> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const saved = await lockedInScope(tx, ctx, id);
    // An inactive or deleted account's enrolments stay as they are (decision 0041); a future one may still be deleted.
    if (saved.accountStatusId !== ACCOUNT_STATUS.ACTIVE)
      throw AppError.badRequest(INCENTIVE_MESSAGES.RECIPIENT_NOT_ACTIVE, 'recipientUuid');
    const today = todayIn(saved.timeZone, ctx.now());
    if (enrolmentEditMode(saved, today) === ENROLMENT_EDIT_MODE.NONE)
      throw AppError.conflict(INCENTIVE_MESSAGES.ENROLMENT_ENDED);
    const dates = datesIn(body, saved.timeZone);
    refuseProblems(
      enrolmentDateProblems(dates, {
        today,
        incentive: { startDate: saved.incentiveStartDate, endDate: saved.incentiveEndDate },
        saved,
      }),
    );
    const answer = { message: INCENTIVE_MESSAGES.RECIPIENT_INCENTIVE_UPDATED, recipientIncentiveId: saved.id };
    if (dates.startDate === saved.startDate && dates.endDate === saved.endDate) return answer;
    if (overlappingEnrolment(dates, await enrolmentsInIncentive(tx, saved.accountId, saved.incentiveId, saved.id)))
      throw AppError.conflict(INCENTIVE_MESSAGES.ENROLMENT_OVERLAP, 'startDate');
    try {
      await updateEnrolment(tx, saved.id, { ...dates, updatedAt: ctx.now() });
    } catch (error) {
      if (isOverlapViolation(error)) throw AppError.conflict(INCENTIVE_MESSAGES.ENROLMENT_OVERLAP, 'startDate');
      throw error;
    }
    await recordAudit(tx, ctx, {
      action: 'update',
      entity: ENROLMENT_ENTITY,
      entityId: saved.id,
      before: auditView(saved),
      after: auditView(dates),
    });
    return answer;
  });
}

export async function removeEnrolment(context: RequestContext, id: number): Promise<RecipientIncentiveSaved> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const saved = await lockedInScope(tx, ctx, id);
    if (!canDeleteEnrolment(saved, todayIn(saved.timeZone, ctx.now())))
      throw AppError.conflict(INCENTIVE_MESSAGES.ENROLMENT_STARTED);
    await deleteEnrolment(tx, saved.id);
    await recordAudit(tx, ctx, {
      action: 'delete',
      entity: ENROLMENT_ENTITY,
      entityId: saved.id,
      before: { accountUuid: saved.accountUuid, incentiveUuid: saved.incentiveUuid, ...auditView(saved) },
    });
    return { message: INCENTIVE_MESSAGES.RECIPIENT_INCENTIVE_DELETED, recipientIncentiveId: saved.id };
  });
}
