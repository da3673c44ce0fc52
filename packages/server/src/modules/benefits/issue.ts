import { randomBytes } from 'node:crypto';
import {
  BENEFIT_MESSAGES,
  type BenefitDetail,
  type BenefitProgramSettings,
  type BenefitRuleProblem,
  benefitDateIn,
  incentiveAuthorizationNumber,
  type IssueBenefitBody,
  issueRuleProblems,
} from '@ebt/core/benefits';
import { INCENTIVE_AUTHORIZATION_NUMBER } from '@ebt/core/constants';
import { ACCOUNT_STATUS, BENEFIT_TYPE } from '@ebt/core/enums';
import { toCents, todayIn } from '@ebt/core/format';
import { MESSAGES } from '@ebt/core/messages';
import type { DbOrTx } from '../../db/client.js';
import { recordAudit } from '../../platform/audit.js';
import { canSeeAgency, type Caller } from '../../platform/caller.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { holdFundingSources } from '../../platform/funding-sources.js';
import { AppError } from '../../platform/errors.js';
import { enabledProgramInScope, findAgency, namesOtherProgram, type ProgramRecord } from '../../platform/search.js';
import { benefitAuditView } from './audit-view.js';
import { loadBenefitDetail, refuseProblems } from './detail.js';
import { checkAgencyFunding } from '../../platform/agency-funding.js';
import { applyIssueEffects, benefitInsertRow } from './issue-effects.js';
import { findFundingSource, findIncentive, findOption, insertBenefitUnlessTaken, lockIssueAccount } from './queries.js';

// POST /benefit-api/benefit (part 1 §4 "Benefit issue form", §5 "Benefit forms", §7; docs/decisions/0010). The
// server re-checks every rule the form applies: a client that skips the form gets the same answers.

/** The program's settings as the core issue rules read them. */
export function programSettings(program: ProgramRecord): BenefitProgramSettings {
  return {
    benefitAmountCents: program.benefitAmount === null ? null : toCents(program.benefitAmount),
    benefitExpirationDays: program.benefitExpirationDays,
    incentiveExpirationDays: program.incentiveExpirationDays,
    lastIssuanceDate: program.lastIssuanceDate,
    enableBenefitNote: program.enableBenefitNote,
    benefitOptionTypeId: program.benefitOptionTypeId,
  };
}

/** How many generated numbers to try before giving up; a collision of 11 random base-36 characters is rare. */
const GENERATE_ATTEMPTS = 5;

/** A fresh Incentive authorization number (decision 0010): 'I', today, 11 characters from a CSPRNG. */
export function generateAuthorizationNumber(today: string): string {
  return incentiveAuthorizationNumber(today, randomBytes(8).readBigUInt64BE());
}

/** The agency of a new benefit: the one chosen (it must be the caller's and the program's), else the recipient's. */
async function chosenAgency(
  db: DbOrTx,
  caller: Caller,
  programId: number,
  agencyUuid: string | null,
  problems: BenefitRuleProblem[],
) {
  if (!agencyUuid) {
    // Part 1 §5-§6: agency admins and agency users must choose one of their agencies.
    if (caller.scope === 'agencies') problems.push({ field: 'agencyUuid', message: MESSAGES.AGENCY_REQUIRED });
    return null;
  }
  const agency = await findAgency(db, agencyUuid);
  if (!agency || !canSeeAgency(caller, agency.programId, agency.id))
    throw AppError.notFound(BENEFIT_MESSAGES.AGENCY_NOT_FOUND);
  if (agency.programId !== programId)
    problems.push({ field: 'agencyUuid', message: BENEFIT_MESSAGES.AGENCY_NOT_IN_PROGRAM });
  return agency;
}

export async function issueBenefit(context: RequestContext, body: IssueBenefitBody): Promise<BenefitDetail> {
  const ctx = requireCaller(context);
  const { caller } = ctx;
  const now = ctx.now();

  const program = await enabledProgramInScope(ctx, body.programUuid, BENEFIT_MESSAGES);
  const problems: BenefitRuleProblem[] = [];
  if (namesOtherProgram(body.benefitProgramIdentifier, program)) {
    problems.push({ field: 'benefitProgramIdentifier', message: BENEFIT_MESSAGES.PROGRAM_IDENTIFIER_MISMATCH });
  }

  // Dates are taken in the program's zone and checked against its today (resolution 26).
  const today = todayIn(program.timeZone, now);
  const availableDate = benefitDateIn(body.benefitAvailableDate, program.timeZone)!;
  const expirationDate = benefitDateIn(body.benefitExpirationDate, program.timeZone)!;
  const amountCents = toCents(body.benefitAmount);
  problems.push(
    ...issueRuleProblems(
      {
        availableDate,
        expirationDate,
        amountCents,
        benefitTypeId: body.benefitTypeId,
        note: body.note,
        benefitOptionId: body.benefitOptionId,
      },
      programSettings(program),
      today,
    ),
  );

  const agency = await chosenAgency(ctx.db, caller, program.id, body.agencyUuid, problems);

  const funding = await findFundingSource(ctx.db, body.fundingId);
  if (!funding || funding.programId !== program.id)
    problems.push({ field: 'fundingId', message: BENEFIT_MESSAGES.FUNDING_NOT_IN_PROGRAM });

  let incentiveId: number | null = null;
  if (body.benefitTypeId === BENEFIT_TYPE.INCENTIVE && body.incentiveUuid) {
    const incentive = await findIncentive(ctx.db, body.incentiveUuid);
    if (!incentive || incentive.programId !== program.id)
      problems.push({ field: 'incentiveUuid', message: BENEFIT_MESSAGES.INCENTIVE_NOT_IN_PROGRAM });
    else incentiveId = incentive.id;
  } else if (body.benefitTypeId === BENEFIT_TYPE.REGULAR && body.incentiveUuid) {
    problems.push({ field: 'incentiveUuid', message: BENEFIT_MESSAGES.INCENTIVE_NOT_FOR_REGULAR });
  }

  if (body.benefitOptionId !== null && program.benefitOptionTypeId !== null) {
    const option = await findOption(ctx.db, body.benefitOptionId);
    if (!option || !option.active || option.optionTypeId !== program.benefitOptionTypeId) {
      problems.push({ field: 'benefitOptionId', message: BENEFIT_MESSAGES.OPTION_NOT_OF_TYPE });
    }
  }
  refuseProblems(problems);

  // Part 1 §4: an Incentive benefit sent with AUTO-GENERATED gets a generated number; any other number is kept.
  const generate =
    body.benefitTypeId === BENEFIT_TYPE.INCENTIVE &&
    body.benefitAuthorizationNumber.toUpperCase() === INCENTIVE_AUTHORIZATION_NUMBER;

  return ctx.db.transaction(async (tx) => {
    const account = await lockIssueAccount(tx, caller, program.id, body.benefitRecipientAccountIdentifier);
    if (!account) throw AppError.notFound(BENEFIT_MESSAGES.RECIPIENT_NOT_FOUND);
    // Money on the printed-PAN account would be spendable by every card not yet assigned (decision 0037).
    if (account.isCardPool) throw AppError.unprocessable(BENEFIT_MESSAGES.RECIPIENT_IS_CARD_POOL);
    if (account.statusId !== ACCOUNT_STATUS.ACTIVE) {
      throw AppError.badRequest(BENEFIT_MESSAGES.RECIPIENT_NOT_ACTIVE, 'benefitRecipientAccountIdentifier');
    }
    if (agency && account.agencyId !== null && account.agencyId !== agency.id) {
      throw AppError.badRequest(BENEFIT_MESSAGES.AGENCY_MISMATCH, 'agencyUuid');
    }
    const agencyId = agency?.id ?? account.agencyId;
    // Held to the commit, as a key would: a program save removing the source meanwhile waits, then sees this benefit.
    if (!(await holdFundingSources(tx, [body.fundingId])).has(body.fundingId))
      throw AppError.badRequest(BENEFIT_MESSAGES.FUNDING_NOT_IN_PROGRAM, 'fundingId');

    const values = {
      programId: program.id,
      accountId: account.id,
      agencyId,
      fundingId: body.fundingId,
      incentiveId,
      benefitTypeId: body.benefitTypeId,
      availableDate,
      expirationDate,
      amountCents,
      note: body.note,
      benefitOptionId: body.benefitOptionId,
      creationChannel: body.creationChannel,
    };
    let inserted: Awaited<ReturnType<typeof insertBenefitUnlessTaken>> = undefined;
    if (generate) {
      // "on conflict do nothing" leaves the transaction usable, so a taken number is simply drawn again.
      for (let attempt = 0; attempt < GENERATE_ATTEMPTS && !inserted; attempt++) {
        inserted = await insertBenefitUnlessTaken(
          tx,
          benefitInsertRow({ ...values, authorizationNumber: generateAuthorizationNumber(today) }, now),
        );
      }
      if (!inserted)
        throw new Error(`no free authorization number in program ${program.id} after ${GENERATE_ATTEMPTS} attempts`);
    } else {
      inserted = await insertBenefitUnlessTaken(
        tx,
        benefitInsertRow({ ...values, authorizationNumber: body.benefitAuthorizationNumber }, now),
      );
      if (!inserted) throw AppError.conflict(BENEFIT_MESSAGES.AUTH_NUMBER_EXISTS, 'benefitAuthorizationNumber');
    }

    await applyIssueEffects(tx, ctx, [
      {
        benefitId: inserted.id,
        programId: program.id,
        accountId: account.id,
        agencyId,
        fundingId: body.fundingId,
        amountCents,
      },
    ]);
    // The agency's funding (decision 0029): refused past it with agency.funding.enforce on, else the alert at the
    // threshold.
    await checkAgencyFunding(tx, ctx, [agencyId], { enforce: true });
    await recordAudit(tx, ctx, {
      action: 'issue',
      entity: 'benefit',
      entityId: inserted.uuid,
      after: benefitAuditView(inserted),
    });
    return loadBenefitDetail(tx, caller, inserted.uuid, now);
  });
}
