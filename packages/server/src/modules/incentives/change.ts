import {
  INCENTIVE_MESSAGES,
  incentiveDateProblems,
  type IncentiveSaved,
  type UpdateIncentiveInput,
} from '@ebt/core/incentives';
import { todayIn } from '@ebt/core/format';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { findProgramFunding, lockIncentive, updateIncentive } from './queries.js';
import { datesIn, incentiveAuditView, NAME_INDEX, nameTaken, refuseProblems } from './writes.js';

// PUT /account-api/incentive/{id} (B§2 "Edit incentive", B§5, B§7; docs/decisions/0040). Platform administrators
// only. The program stays (its enrolments and benefits hang on it): one sent must be the incentive's own. The start
// from 2023-02-01, the end from today, each only when it changes (core's incentiveDateProblems). One transaction: the
// incentive locked first, the update, the audit row with before and after.

export async function changeIncentive(
  context: RequestContext,
  incentiveUuid: string,
  body: UpdateIncentiveInput,
): Promise<IncentiveSaved> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const found = await lockIncentive(tx, ctx.caller, incentiveUuid.toLowerCase());
    if (!found) throw AppError.notFound(INCENTIVE_MESSAGES.INCENTIVE_NOT_FOUND);
    const saved = found.incentive;
    if (body.programId !== undefined && body.programId !== saved.programId)
      throw AppError.badRequest(INCENTIVE_MESSAGES.PROGRAM_READ_ONLY, 'programId');
    const dates = datesIn(body, found.timeZone);
    const problems: { field: string; message: string }[] = incentiveDateProblems(dates, {
      today: todayIn(found.timeZone, ctx.now()),
      saved: { startDate: saved.startDate, endDate: saved.endDate },
    });
    if (body.fundingId !== saved.fundingSourceId && !(await findProgramFunding(tx, saved.programId, body.fundingId)))
      problems.unshift({ field: 'fundingId', message: INCENTIVE_MESSAGES.FUNDING_NOT_IN_PROGRAM });
    refuseProblems(problems);

    const before = incentiveAuditView(saved);
    const changes = {
      name: body.name,
      fundingSourceId: body.fundingId,
      startDate: dates.startDate,
      endDate: dates.endDate,
      matchRate: body.matchRate,
      accrualMaxDay: body.accrualMaxDay,
      accrualMaxMonth: body.accrualMaxMonth,
      accrualMaxTrx: body.accrualMaxTrx,
      accrualFeeRate: body.accrualFeeRate,
      redemptionFeeRate: body.redemptionFeeRate,
    };
    const after = incentiveAuditView({ ...saved, ...changes });
    // Nothing changed: no write, no audit row (as the agency update), the same answer.
    if (JSON.stringify(before) === JSON.stringify(after))
      return { message: INCENTIVE_MESSAGES.INCENTIVE_UPDATED, incentiveUuid: saved.uuid };
    try {
      await updateIncentive(tx, saved.id, { ...changes, updatedAt: ctx.now() });
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken();
      throw error;
    }
    await recordAudit(tx, ctx, { action: 'update', entity: 'incentive', entityId: saved.uuid, before, after });
    return { message: INCENTIVE_MESSAGES.INCENTIVE_UPDATED, incentiveUuid: saved.uuid };
  });
}
