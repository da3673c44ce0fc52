import {
  expirationDaysFor,
  fixedAmountCentsFor,
  IssueBenefitBody,
  issueRuleProblems,
  LAST_ISSUANCE_DATE_CODE,
  type BenefitProgramSettings,
  type BenefitRuleProblem,
} from '@ebt/core/benefits';
import { INCENTIVE_AUTHORIZATION_NUMBER, MIDDAY_HOUR } from '@ebt/core/constants';
import { ErrorBody } from '@ebt/core/errors';
import { BENEFIT_TYPE, CREATION_CHANNEL, PROGRAM_STATUS } from '@ebt/core/enums';
import { expirationFromDays, fromCents, isIsoDate, toCents } from '@ebt/core/format';
import { MESSAGES } from '@ebt/core/messages';
import type { CallerProgram } from '@ebt/core/programs';
import { isApiError } from '../../lib/api-client';
import { formCheck, type BodyInput } from '../../lib/form-check';

// The rules of the Issue Benefit form (A§4 "Benefit issue form", A§5 "Benefit forms"), free of React so they are
// tested on their own. The server applies the same core rules again.

/** The form's values, as the inputs hold them (text). */
export interface IssueFormValues {
  programUuid: string;
  agencyUuid: string;
  fundingId: string;
  benefitRecipientAccountIdentifier: string;
  /** '1' Regular, '2' Incentive (A§3). */
  benefitTypeId: string;
  incentiveUuid: string;
  benefitAuthorizationNumber: string;
  benefitAvailableDate: string;
  benefitExpirationDate: string;
  benefitAmount: string;
  benefitOptionId: string;
  note: string;
}

export type IssueField = keyof IssueFormValues;

/**
 * The issue body before core's schema reads it: the form's text, so the schema names each badly written field (and a
 * blank amount, left out, as missing).
 */
export type IssueBenefitInput = BodyInput<typeof IssueBenefitBody>;

/**
 * The programs a benefit may be issued in, by hand or from a file: the enabled ones (A§3 program status). The server
 * refuses the others with 'Benefits can only be issued in an enabled program.', so the screens do not offer them.
 */
export function issuablePrograms(programs: readonly CallerProgram[]): CallerProgram[] {
  return programs.filter((p) => p.programStatusId === PROGRAM_STATUS.ENABLED);
}

export const REGULAR = String(BENEFIT_TYPE.REGULAR);
export const INCENTIVE = String(BENEFIT_TYPE.INCENTIVE);

/** A fresh form: Regular, available from today (the first date the rules allow), the program's defaults applied. */
export function initialIssueValues(
  today: string,
  keep: Partial<IssueFormValues> = {},
  program?: CallerProgram,
): IssueFormValues {
  const values: IssueFormValues = {
    programUuid: '',
    agencyUuid: '',
    fundingId: '',
    benefitRecipientAccountIdentifier: '',
    benefitTypeId: REGULAR,
    incentiveUuid: '',
    benefitAuthorizationNumber: '',
    benefitAvailableDate: today,
    benefitExpirationDate: '',
    benefitAmount: '',
    benefitOptionId: '',
    note: '',
    ...keep,
  };
  return program ? applyProgramRules(values, program) : values;
}

/** The program fields the core rules read (A§3 "Program"; money in cents). */
export function programSettings(program: CallerProgram): BenefitProgramSettings {
  return {
    benefitAmountCents: program.benefitAmount === null ? null : toCents(program.benefitAmount),
    benefitExpirationDays: program.benefitExpiration,
    incentiveExpirationDays: program.incentiveExpiration,
    lastIssuanceDate: program.lastIssuanceDate,
    enableBenefitNote: program.enableBenefitNote,
    benefitOptionTypeId: program.benefitOptionTypeId,
  };
}

/** The amount a Regular benefit of the program must carry, as the field shows it ('50.00'); null when free. */
export function fixedAmountText(program: CallerProgram | undefined, benefitTypeId: string): string | null {
  if (!program) return null;
  const cents = fixedAmountCentsFor(programSettings(program), Number(benefitTypeId));
  return cents === null ? null : fromCents(cents);
}

/** The days that fix the expiration date for this type, or null when the person picks it (resolution 6). */
export function expirationDays(program: CallerProgram | undefined, benefitTypeId: string): number | null {
  if (!program) return null;
  return expirationDaysFor(programSettings(program), Number(benefitTypeId));
}

/**
 * The fields the program decides (A§4): the default amount of a Regular benefit, and the expiration date as the
 * available date plus the period minus one. Fields the program leaves free keep what the person typed.
 */
export function applyProgramRules(values: IssueFormValues, program: CallerProgram | undefined): IssueFormValues {
  const next = { ...values };
  const amount = fixedAmountText(program, values.benefitTypeId);
  if (amount !== null) next.benefitAmount = amount;
  const days = expirationDays(program, values.benefitTypeId);
  if (days !== null) {
    next.benefitExpirationDate = isIsoDate(values.benefitAvailableDate)
      ? (expirationFromDays(values.benefitAvailableDate, days) ?? '')
      : '';
  }
  if (program && !program.enableBenefitNote) next.note = '';
  if (program && program.benefitOptionTypeId === null) next.benefitOptionId = '';
  return next;
}

/**
 * Another program chosen (A§4): its funding source, agency, incentive and option are chosen again, an available date
 * left at the former program's today moves to the new program's today (each program's zone, resolution 26), and the
 * new program's rules apply.
 */
export function switchProgram(
  values: IssueFormValues,
  program: CallerProgram | undefined,
  formerToday: string,
  today: string,
): IssueFormValues {
  return applyProgramRules(
    {
      ...values,
      programUuid: program?.programUuid ?? '',
      fundingId: '',
      agencyUuid: '',
      incentiveUuid: '',
      benefitOptionId: '',
      benefitAvailableDate: values.benefitAvailableDate === formerToday ? today : values.benefitAvailableDate,
    },
    program,
  );
}

/**
 * A change of type (A§4): Incentive sets the authorization number to AUTO-GENERATED (read-only); back to Regular
 * clears it and drops the incentive. An amount the program had fixed for Regular is not carried into an Incentive.
 */
export function changeType(
  values: IssueFormValues,
  benefitTypeId: string,
  program: CallerProgram | undefined,
): IssueFormValues {
  const wasFixed = fixedAmountText(program, values.benefitTypeId);
  const next: IssueFormValues = {
    ...values,
    benefitTypeId,
    benefitAuthorizationNumber: benefitTypeId === INCENTIVE ? INCENTIVE_AUTHORIZATION_NUMBER : '',
    incentiveUuid: benefitTypeId === INCENTIVE ? values.incentiveUuid : '',
  };
  if (wasFixed !== null && values.benefitAmount === wasFixed) next.benefitAmount = '';
  return applyProgramRules(next, program);
}

/** A§9: benefit dates are sent at 12:00, a wall-clock time the server reads in the program's zone (resolution 26). */
export function atMidday(date: string): string {
  return `${date}T${String(MIDDAY_HOUR).padStart(2, '0')}:00:00`;
}

/** The request body as the form's text (A§7 benefitApi.issue), which `checkIssue` reads with core's schema. */
export function issueInput(
  values: IssueFormValues,
  program: CallerProgram | undefined,
  agencyShown: boolean,
): IssueBenefitInput {
  const incentive = values.benefitTypeId === INCENTIVE;
  return {
    benefitRecipientAccountIdentifier: values.benefitRecipientAccountIdentifier.trim(),
    benefitAuthorizationNumber: incentive ? INCENTIVE_AUTHORIZATION_NUMBER : values.benefitAuthorizationNumber.trim(),
    benefitAvailableDate: isIsoDate(values.benefitAvailableDate)
      ? atMidday(values.benefitAvailableDate)
      : values.benefitAvailableDate,
    benefitExpirationDate: isIsoDate(values.benefitExpirationDate)
      ? atMidday(values.benefitExpirationDate)
      : values.benefitExpirationDate,
    benefitAmount: values.benefitAmount.trim() || undefined,
    programUuid: values.programUuid,
    benefitProgramIdentifier: program?.programId,
    fundingId: values.fundingId,
    // Anything but '1' or '2' is refused by core's schema with its own message.
    benefitTypeId: values.benefitTypeId,
    incentiveUuid: incentive ? values.incentiveUuid : null,
    agencyUuid: agencyShown ? values.agencyUuid : null,
    note: program?.enableBenefitNote ? values.note.trim() || null : null,
    benefitOptionId: program?.benefitOptionTypeId !== null && program !== undefined ? values.benefitOptionId : null,
    creationChannel: CREATION_CHANNEL.WEB,
  };
}

/**
 * The body sent (A§7 benefitApi.issue): core's schema output, so amounts and ids go as JSON numbers
 * (decision 0004) and the benefit records that it came from the web screens. Call it once `checkIssue` found nothing;
 * a form it would refuse throws.
 */
export function issueRequest(
  values: IssueFormValues,
  program: CallerProgram | undefined,
  agencyShown: boolean,
): IssueBenefitBody {
  return IssueBenefitBody.parse(issueInput(values, program, agencyShown));
}

/**
 * The server's text when it refused the issue because the available date is after the program's last issuance date
 * (appErrorCode `LAST_ISSUANCE_DATE_CODE`, core's `issueRuleProblems`): A§5 shows the 'Last Issuance Date' dialog for it, as
 * for the same check in the browser. That happens when the program's date changed after the form read it. Null for
 * any other refusal.
 */
export function lastIssuanceRefusal(error: unknown): string | null {
  if (!isApiError(error, 400)) return null;
  const body = ErrorBody.safeParse(error.body);
  if (!body.success) return null;
  const entries = [...(body.data.expandedErrors ?? []), ...body.data.errorMessages];
  return entries.find((entry) => entry.appErrorCode === LAST_ISSUANCE_DATE_CODE)?.appErrorMessage ?? null;
}

export interface IssueCheck {
  /** The first problem of each field, by form field. */
  errors: Partial<Record<IssueField, string>>;
  /** The program's last issuance date when the available date is after it: A§5 shows the dialog and blocks. */
  lastIssuanceDate: string | null;
}

/**
 * What the program and the caller add to core's field rules (A§5, A§6): the agency for agency roles, and once the
 * dates and the amount read well, the program's rules against today (dates not before today, the available date
 * maximum, the fixed amount and expiration, option and note).
 */
function issueProblems(
  values: IssueFormValues,
  program: CallerProgram | undefined,
  today: string,
  agencyRequired: boolean,
): BenefitRuleProblem[] {
  const problems: BenefitRuleProblem[] = [];
  if (agencyRequired && !values.agencyUuid) problems.push({ field: 'agencyUuid', message: MESSAGES.AGENCY_REQUIRED });
  const datesReadable = isIsoDate(values.benefitAvailableDate) && isIsoDate(values.benefitExpirationDate);
  const cents = toCents(values.benefitAmount);
  if (program && datesReadable && !Number.isNaN(cents)) {
    const settings = programSettings(program);
    problems.push(
      ...issueRuleProblems(
        {
          availableDate: values.benefitAvailableDate,
          expirationDate: values.benefitExpirationDate,
          amountCents: cents,
          benefitTypeId: Number(values.benefitTypeId),
          note: settings.enableBenefitNote ? values.note : null,
          benefitOptionId: values.benefitOptionId ? Number(values.benefitOptionId) : null,
        },
        settings,
        today,
      ),
    );
  }
  return problems;
}

/**
 * Everything the form checks before sending (A§5): core's field rules (required fields, lengths, the authorization
 * number without spaces, the amount, the incentive of an Incentive benefit), then the program's and the caller's
 * (`issueProblems`).
 */
export function checkIssue(
  values: IssueFormValues,
  program: CallerProgram | undefined,
  today: string,
  agencyRequired: boolean,
): IssueCheck {
  const problems = issueProblems(values, program, today, agencyRequired);
  const errors = formCheck(IssueBenefitBody, (typed: IssueFormValues) => issueInput(typed, program, agencyRequired), {
    rules: () => problems,
  })(values);
  const afterLastIssuance = problems.some((problem) => problem.code === LAST_ISSUANCE_DATE_CODE);
  return { errors, lastIssuanceDate: afterLastIssuance ? (program?.lastIssuanceDate ?? null) : null };
}
