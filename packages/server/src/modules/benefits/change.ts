import { eq } from 'drizzle-orm';
import {
  BENEFIT_MESSAGES,
  type BenefitDetail,
  type BenefitRuleProblem,
  benefitDateIn,
  benefitStatusName,
  editDateProblems,
  isBenefitEditable,
  type UpdateBenefitBody,
  type VoidBenefitBody,
} from '@ebt/core/benefits';
import { INCENTIVE_AUTHORIZATION_NUMBER } from '@ebt/core/constants';
import { BENEFIT_STATUS, BENEFIT_TYPE } from '@ebt/core/enums';
import { fromCents, toCents } from '@ebt/core/format';
import { MESSAGES, ruleMessage } from '@ebt/core/messages';
import type { DbOrTx } from '../../db/client.js';
import { type BenefitRow, benefits } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { holdFundingSources } from '../../platform/funding-sources.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { findProgram, type ProgramRecord } from '../../platform/search.js';
import { benefitAuditView } from './audit-view.js';
import { loadBenefitDetail, refuseProblems } from './detail.js';
import { checkAgencyFunding } from '../../platform/agency-funding.js';
import { notifyRecipients } from './issue-effects.js';
import { authNumberTaken, findFundingSource, findIncentive, findOption, lockBenefit } from './queries.js';

// One benefit: its detail, the edit (PUT) and the void (PATCH) of part 1 §4, §5 "Edit", §7 (docs/decisions/0010).
// Changes lock the benefit row first, so an edit, a void and a purchase never interleave on one balance.

/** GET /benefit-api/benefit/{uuid}. */
export async function getBenefit(context: RequestContext, benefitUuid: string): Promise<BenefitDetail> {
  const ctx = requireCaller(context);
  return loadBenefitDetail(ctx.db, ctx.caller, benefitUuid, ctx.now());
}

/**
 * The stamp of a change: now, but always after the previous one, so lastUpdatedDate (compared in milliseconds)
 * differs after every change even when two land within one millisecond.
 */
function nextStamp(now: Date, previous: Date): Date {
  return now.getTime() > previous.getTime() ? now : new Date(previous.getTime() + 1);
}

/** Part 1 §4: only an ISSUED benefit changes; the others answer 409 naming their status. */
function refuseUnlessIssued(row: BenefitRow): void {
  if (!isBenefitEditable(row.statusId)) {
    throw AppError.conflict(
      ruleMessage(BENEFIT_MESSAGES.NOT_EDITABLE, { status: benefitStatusName(row.statusId) }),
      'benefitStatus',
    );
  }
}

/** The fields of an edit after the program rules, as columns; problems collected for one 400 answer. */
async function editedColumns(
  db: DbOrTx,
  before: BenefitRow,
  program: ProgramRecord,
  body: UpdateBenefitBody,
  problems: BenefitRuleProblem[],
) {
  const availableDate = benefitDateIn(body.benefitAvailableDate, program.timeZone)!;
  const expirationDate = benefitDateIn(body.benefitExpirationDate, program.timeZone)!;
  problems.push(...editDateProblems(availableDate, expirationDate));

  const benefitTypeId = body.benefitTypeId ?? before.benefitTypeId;
  // AUTO-GENERATED sent back for an Incentive benefit means "keep the generated number" (the form shows the text).
  let authorizationNumber = body.benefitAuthorizationNumber;
  if (authorizationNumber.toUpperCase() === INCENTIVE_AUTHORIZATION_NUMBER) {
    if (benefitTypeId === BENEFIT_TYPE.INCENTIVE) authorizationNumber = before.authorizationNumber;
    else problems.push({ field: 'benefitAuthorizationNumber', message: BENEFIT_MESSAGES.AUTH_NUMBER_RESERVED });
  }

  // Left out: kept; switching to Regular clears the incentive (part 1 §4: the form clears it too).
  let incentiveId = benefitTypeId === BENEFIT_TYPE.INCENTIVE ? before.incentiveId : null;
  if (body.incentiveUuid !== undefined) {
    if (!body.incentiveUuid) incentiveId = null;
    else if (benefitTypeId === BENEFIT_TYPE.REGULAR)
      problems.push({ field: 'incentiveUuid', message: BENEFIT_MESSAGES.INCENTIVE_NOT_FOR_REGULAR });
    else {
      const incentive = await findIncentive(db, body.incentiveUuid.toLowerCase());
      if (!incentive || incentive.programId !== program.id)
        problems.push({ field: 'incentiveUuid', message: BENEFIT_MESSAGES.INCENTIVE_NOT_IN_PROGRAM });
      else incentiveId = incentive.id;
    }
  }
  if (
    benefitTypeId === BENEFIT_TYPE.INCENTIVE &&
    incentiveId === null &&
    !problems.some((p) => p.field === 'incentiveUuid')
  ) {
    problems.push({ field: 'incentiveUuid', message: MESSAGES.INCENTIVE_REQUIRED });
  }

  let fundingSourceId = before.fundingSourceId;
  // A benefit loaded from a file may have no funding source; one that has one cannot lose it.
  if (body.fundingId === null && before.fundingSourceId !== null)
    problems.push({ field: 'fundingId', message: BENEFIT_MESSAGES.FUNDING_REQUIRED });
  else if (body.fundingId !== undefined && body.fundingId !== null && body.fundingId !== before.fundingSourceId) {
    const funding = await findFundingSource(db, body.fundingId);
    if (!funding || funding.programId !== program.id)
      problems.push({ field: 'fundingId', message: BENEFIT_MESSAGES.FUNDING_NOT_IN_PROGRAM });
    else fundingSourceId = funding.id;
  }

  let benefitOptionId = before.benefitOptionId;
  if (body.benefitOptionId !== undefined) {
    benefitOptionId = body.benefitOptionId;
    if (program.benefitOptionTypeId === null && benefitOptionId !== null) {
      problems.push({ field: 'benefitOptionId', message: BENEFIT_MESSAGES.OPTION_NOT_ALLOWED });
    } else if (program.benefitOptionTypeId !== null && benefitOptionId === null) {
      problems.push({ field: 'benefitOptionId', message: MESSAGES.BENEFIT_OPTION_REQUIRED });
    } else if (benefitOptionId !== null && benefitOptionId !== before.benefitOptionId) {
      const option = await findOption(db, benefitOptionId);
      if (!option || !option.active || option.optionTypeId !== program.benefitOptionTypeId) {
        problems.push({ field: 'benefitOptionId', message: BENEFIT_MESSAGES.OPTION_NOT_OF_TYPE });
      }
    }
  }

  let note = before.note;
  if (body.note !== undefined) {
    note = body.note ? body.note : null;
    // A note kept as it was stays even if the program turned notes off since; a new one needs them on.
    if (note !== null && note !== before.note && !program.enableBenefitNote)
      problems.push({ field: 'note', message: BENEFIT_MESSAGES.NOTE_NOT_ENABLED });
  }

  return {
    availableDate,
    expirationDate,
    balance: fromCents(toCents(body.benefitBalance)),
    authorizationNumber,
    benefitTypeId,
    incentiveId,
    fundingSourceId,
    benefitOptionId,
    note,
  };
}

/**
 * PUT /benefit-api/benefit (part 1 §5 "Edit", §7). Optimistic concurrency: a lastUpdatedDate that is not the stored
 * one answers 409 (someone changed the benefit since the form loaded it). Unticking notifiedRecipient resends the
 * recipient's notification, after which the benefit is notified again (decision 0010).
 */
export async function updateBenefit(context: RequestContext, body: UpdateBenefitBody): Promise<BenefitDetail> {
  const ctx = requireCaller(context);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockBenefit(tx, ctx.caller, body.benefitUuid.toLowerCase());
    if (!before) throw AppError.notFound(BENEFIT_MESSAGES.BENEFIT_NOT_FOUND);
    // Timestamps travel as ISO text with milliseconds; the stored value is read at the same precision.
    if (body.lastUpdatedDate && Date.parse(body.lastUpdatedDate) !== before.updatedAt.getTime()) {
      throw AppError.conflict(MESSAGES.BENEFIT_CHANGED_ELSEWHERE, 'lastUpdatedDate');
    }
    refuseUnlessIssued(before);

    const program = (await findProgram(tx, { id: before.programId }))!;
    const problems: BenefitRuleProblem[] = [];
    const columns = await editedColumns(tx, before, program, body, problems);
    refuseProblems(problems);
    // A new source is held to the commit, as a key would (issue.ts).
    const source = columns.fundingSourceId;
    if (source !== before.fundingSourceId && source !== null && !(await holdFundingSources(tx, [source])).has(source))
      throw AppError.badRequest(BENEFIT_MESSAGES.FUNDING_NOT_IN_PROGRAM, 'fundingId');
    if (
      columns.authorizationNumber !== before.authorizationNumber &&
      (await authNumberTaken(tx, before.programId, columns.authorizationNumber, before.id))
    ) {
      throw AppError.conflict(BENEFIT_MESSAGES.AUTH_NUMBER_EXISTS, 'benefitAuthorizationNumber');
    }

    // Part 1 §4: unticking 'notified' (true -> false) resends the notification; ticking it records that the
    // recipient was told some other way.
    const resend = before.notifiedRecipient && body.notifiedRecipient === false;
    const notifiedRecipient = resend ? true : (body.notifiedRecipient ?? before.notifiedRecipient);

    const changes: Partial<BenefitRow> = {};
    for (const [key, value] of Object.entries({ ...columns, notifiedRecipient }) as [keyof BenefitRow, unknown][]) {
      if (before[key] !== value) Object.assign(changes, { [key]: value });
    }
    if (Object.keys(changes).length === 0 && !resend) return loadBenefitDetail(tx, ctx.caller, before.uuid, now);

    let after: BenefitRow;
    try {
      [after] = (await tx
        .update(benefits)
        .set({
          ...changes,
          updationChannel: body.updationChannel || 'API',
          updatedAt: nextStamp(now, before.updatedAt),
        })
        .where(eq(benefits.id, before.id))
        .returning()) as [BenefitRow];
    } catch (error) {
      // Only a concurrent writer of the same number between the check and this update can get here.
      if (isUniqueViolation(error, 'benefits_program_auth_number_key'))
        throw AppError.conflict(BENEFIT_MESSAGES.AUTH_NUMBER_EXISTS, 'benefitAuthorizationNumber');
      throw error;
    }

    // A new funding source moves the benefit's amount from the old source's total to the new one's (decision 0010):
    // the trigger on benefits journals it (platform/issuance-totals.ts).
    if (resend) await notifyRecipients(tx, ctx, [before.id], 'issued');
    await recordAudit(tx, ctx, {
      action: 'update',
      entity: 'benefit',
      entityId: before.uuid,
      before: benefitAuditView(before),
      after: { ...benefitAuditView(after), ...(resend ? { notificationResent: true } : {}) },
    });
    return loadBenefitDetail(tx, ctx.caller, before.uuid, now);
  });
}

/**
 * PATCH /benefit-api/benefit/{uuid} with benefitStatus VOIDED or VOID (resolution 1): an ISSUED benefit becomes VOID
 * (status 3); any other status answers 409, so a second void changes nothing. The balance stays as it was, for the
 * record, but can no longer be spent; the benefit's amount leaves its funding source's issued total.
 */
export async function voidBenefit(
  context: RequestContext,
  benefitUuid: string,
  body: VoidBenefitBody,
): Promise<BenefitDetail> {
  const ctx = requireCaller(context);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockBenefit(tx, ctx.caller, benefitUuid.toLowerCase());
    if (!before) throw AppError.notFound(BENEFIT_MESSAGES.BENEFIT_NOT_FOUND);
    if (before.statusId !== BENEFIT_STATUS.ISSUED)
      throw AppError.conflict(MESSAGES.BENEFIT_NOT_VOIDABLE, 'benefitStatus');
    const [after] = (await tx
      .update(benefits)
      .set({
        statusId: BENEFIT_STATUS.VOIDED,
        updationChannel: body.updationChannel || 'API',
        updatedAt: nextStamp(now, before.updatedAt),
      })
      .where(eq(benefits.id, before.id))
      .returning()) as [BenefitRow];
    // A void may take the agency back below its funding alert threshold, which re-arms the alert (decision 0029).
    await checkAgencyFunding(tx, ctx, [before.agencyId], { enforce: false });
    await notifyRecipients(tx, ctx, [before.id], 'voided');
    await recordAudit(tx, ctx, {
      action: 'void',
      entity: 'benefit',
      entityId: before.uuid,
      before: benefitAuditView(before),
      after: benefitAuditView(after),
    });
    return loadBenefitDetail(tx, ctx.caller, before.uuid, now);
  });
}
