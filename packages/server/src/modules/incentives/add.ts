import { randomUUID } from 'node:crypto';
import {
  type AddIncentiveInput,
  INCENTIVE_MESSAGES,
  incentiveDateProblems,
  type IncentiveSaved,
} from '@ebt/core/incentives';
import { todayIn } from '@ebt/core/format';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { programInScope } from '../../platform/search.js';
import { findProgramFunding, insertIncentive } from './queries.js';
import { datesIn, incentiveAuditView, NAME_INDEX, nameTaken, refuseProblems } from './writes.js';

// POST /account-api/incentive (B§2 "New incentive", B§5 "Incentive definition", B§7; docs/decisions/0040). Platform
// administrators only (the route's access). The program is named by its id (the program options); the funding source
// must be the program's; dates in the program's zone, the start from its today; the name unique in the program (409).

export async function addIncentive(context: RequestContext, body: AddIncentiveInput): Promise<IncentiveSaved> {
  const ctx = requireCaller(context);
  const program = await programInScope(ctx, { id: body.programId });
  if (!program) throw AppError.notFound(INCENTIVE_MESSAGES.PROGRAM_NOT_FOUND);
  const dates = datesIn(body, program.timeZone);
  const problems: { field: string; message: string }[] = incentiveDateProblems(dates, {
    today: todayIn(program.timeZone, ctx.now()),
  });
  if (!(await findProgramFunding(ctx.db, program.id, body.fundingId)))
    problems.unshift({ field: 'fundingId', message: INCENTIVE_MESSAGES.FUNDING_NOT_IN_PROGRAM });
  refuseProblems(problems);

  const now = ctx.now();
  const values = {
    uuid: randomUUID(),
    programId: program.id,
    fundingSourceId: body.fundingId,
    name: body.name,
    startDate: dates.startDate,
    endDate: dates.endDate,
    matchRate: body.matchRate,
    accrualMaxDay: body.accrualMaxDay,
    accrualMaxMonth: body.accrualMaxMonth,
    accrualMaxTrx: body.accrualMaxTrx,
    accrualFeeRate: body.accrualFeeRate,
    redemptionFeeRate: body.redemptionFeeRate,
    createdAt: now,
    updatedAt: now,
  };
  return ctx.db.transaction(async (tx) => {
    try {
      await insertIncentive(tx, values);
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken();
      throw error;
    }
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: 'incentive',
      entityId: values.uuid,
      after: incentiveAuditView(values),
    });
    return { message: INCENTIVE_MESSAGES.INCENTIVE_ADDED, incentiveUuid: values.uuid };
  });
}
