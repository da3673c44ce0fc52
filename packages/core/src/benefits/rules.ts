import { MAX_BENEFIT_AMOUNT_CENTS, MIN_DATES } from '../constants/index.js';
import { BENEFIT_TYPE } from '../enums/index.js';
import {
  availableDateMax,
  expirationFromDays,
  type ExpiryMarker,
  expiryMarker,
  formatMoney,
  isIsoDate,
  searchDateMax,
  todayIn,
} from '../format/index.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { BENEFIT_MESSAGES } from './messages.js';

// Pure rules of the benefits area (part 1 §4, §5, §9; resolutions 1, 6, 26; docs/decisions/0010-benefit-rules.md).
// The server enforces them and the web forms apply the same functions.

/**
 * The most rows a benefit search counts (as the recipient search does). Counting stops one past it, so a broad
 * search over millions of benefits costs a bounded index walk; the answer then says `countCapped: true`. Pages past
 * the cap answer no rows.
 */
export const BENEFIT_SEARCH_COUNT_CAP = 10_000;
/** The most rows one benefit export holds (architecture.md "export sizes are capped"). */
export const BENEFIT_EXPORT_ROW_CAP = 100_000;
/** GET /benefit-api/benefit/program/{uuid}: a recipient's benefits of one program, newest first, at most this many. */
export const RECIPIENT_PROGRAM_BENEFITS_CAP = 1000;
/** Default of BENEFIT_EXPUNGE_DAYS: an Expired benefit is expunged this many days after its expiration date. */
export const DEFAULT_BENEFIT_EXPUNGE_DAYS = 90;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An ISO 8601 date-time: the date, 'T' or a space, a time, an optional offset. */
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;
const HAS_OFFSET = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

/**
 * A benefit date as sent: 'YYYY-MM-DD', or an ISO date-time (part 1 §9: the original client sets benefit dates to
 * 12:00 before sending). Answers the calendar date in `timeZone` (resolution 26: the program's zone) or null when
 * the text is no date. A date-time without an offset is a wall-clock time: its own date part is taken.
 */
export function benefitDateIn(value: string, timeZone: string): string | null {
  const text = value.trim();
  if (ISO_DATE.test(text)) return isIsoDate(text) ? text : null;
  const match = ISO_DATE_TIME.exec(text);
  if (!match || !isIsoDate(match[1]!)) return null;
  if (!HAS_OFFSET.test(text)) return match[1]!;
  const instant = new Date(text.replace(' ', 'T'));
  return Number.isNaN(instant.getTime()) ? null : todayIn(timeZone, instant);
}

/** True when the text is a date or date-time `benefitDateIn` can read (zone-independent). */
export function isBenefitDateInput(value: string): boolean {
  return benefitDateIn(value, 'UTC') !== null;
}

/** Resolution 1: the wire and screen name of a status id (3 is VOID). */
export function benefitStatusName(statusId: number): 'ISSUED' | 'EXPIRED' | 'EXPUNGED' | 'VOID' {
  return (['ISSUED', 'EXPIRED', 'EXPUNGED', 'VOID'] as const)[statusId] ?? 'ISSUED';
}

/**
 * Part 1 §4 expiry marker of a benefit (decision 0010): only an ISSUED benefit gets one, by its expiry date and today
 * in the program's zone. An EXPIRED benefit says so in its status; a VOID or EXPUNGED one can no longer be spent.
 */
export function benefitExpiryMarker(
  statusId: number,
  expiryDate: string,
  today: string,
  soonDays?: number,
): ExpiryMarker | null {
  return statusId === 0 ? expiryMarker(expiryDate, today, soonDays) : null;
}

/** Part 1 §4: only an ISSUED benefit is edited, voided or re-notified. */
export function isBenefitEditable(statusId: number): boolean {
  return statusId === 0;
}

/** The program settings the issue rules read (part 1 §3 "Program", resolution 6). */
export interface BenefitProgramSettings {
  /** Default amount of a Regular benefit in cents; 0 or null: none (decision 0010). */
  benefitAmountCents: number | null;
  /** Benefit life in days of a Regular benefit; 0 or null: none. */
  benefitExpirationDays: number | null;
  /** Benefit life in days of an Incentive benefit; 0 or null: none. */
  incentiveExpirationDays: number | null;
  lastIssuanceDate: string | null;
  enableBenefitNote: boolean;
  benefitOptionTypeId: number | null;
}

/**
 * The expiration period that fixes the expiration date (part 1 §4; decision 0010): the program's benefit period for
 * a Regular benefit, its incentive period for an Incentive benefit. Null when the period is 0 or unset (resolution
 * 6: the user then picks the expiration date).
 */
export function expirationDaysFor(
  program: Pick<BenefitProgramSettings, 'benefitExpirationDays' | 'incentiveExpirationDays'>,
  benefitTypeId: number,
): number | null {
  const days =
    benefitTypeId === BENEFIT_TYPE.INCENTIVE ? program.incentiveExpirationDays : program.benefitExpirationDays;
  return days && days > 0 ? days : null;
}

/**
 * Part 1 §4: with a program default amount and a Regular type the amount is the default (prefilled, read-only). A
 * default of 0.00 is no default, as 0 expiration days are (resolution 6; decision 0010): a fixed $0.00 benefit is
 * never what a program means.
 */
export function fixedAmountCentsFor(
  program: Pick<BenefitProgramSettings, 'benefitAmountCents'>,
  benefitTypeId: number,
): number | null {
  const cents = program.benefitAmountCents;
  return benefitTypeId === BENEFIT_TYPE.REGULAR && cents !== null && cents > 0 ? cents : null;
}

/**
 * The appErrorCode of an available date after the program's last issuance date: the issue form opens the
 * 'Last Issuance Date' dialog for it (part 1 §5), whether its own check or the server found it.
 */
export const LAST_ISSUANCE_DATE_CODE = 'LAST_ISSUANCE_DATE';

export interface BenefitRuleProblem {
  /** The request field the problem belongs to (wire name). */
  field: string;
  message: string;
  /** Set where a client branches on the problem (the server sends it as the entry's appErrorCode). */
  code?: typeof LAST_ISSUANCE_DATE_CODE;
}

export interface IssueRuleInput {
  availableDate: string;
  expirationDate: string;
  amountCents: number;
  benefitTypeId: number;
  note?: string | null;
  benefitOptionId?: number | null;
}

/**
 * The issue rules of part 1 §4-§5 that depend on the program and on today (in the program's zone, resolution 26).
 * The field rules (lengths, patterns, amount format) are the schema's.
 */
export function issueRuleProblems(
  input: IssueRuleInput,
  program: BenefitProgramSettings,
  today: string,
): BenefitRuleProblem[] {
  const problems: BenefitRuleProblem[] = [];
  const beforeToday = ruleMessage(BENEFIT_MESSAGES.DATE_BEFORE_TODAY, { date: today });
  if (input.availableDate < today) problems.push({ field: 'benefitAvailableDate', message: beforeToday });
  if (input.expirationDate < today) problems.push({ field: 'benefitExpirationDate', message: beforeToday });
  const latest = availableDateMax(today, program.lastIssuanceDate);
  if (input.availableDate > latest) {
    problems.push(
      program.lastIssuanceDate
        ? {
            field: 'benefitAvailableDate',
            message: ruleMessage(MESSAGES.LAST_ISSUANCE_DATE, { date: program.lastIssuanceDate }),
            code: LAST_ISSUANCE_DATE_CODE,
          }
        : { field: 'benefitAvailableDate', message: ruleMessage(MESSAGES.DATE_TOO_LATE, { date: latest }) },
    );
  }
  if (input.expirationDate < input.availableDate) {
    problems.push({ field: 'benefitExpirationDate', message: BENEFIT_MESSAGES.EXPIRATION_BEFORE_AVAILABLE });
  } else {
    const days = expirationDaysFor(program, input.benefitTypeId);
    const expected = days === null ? null : expirationFromDays(input.availableDate, days);
    if (expected !== null && input.expirationDate !== expected) {
      problems.push({
        field: 'benefitExpirationDate',
        message: ruleMessage(BENEFIT_MESSAGES.EXPIRATION_MUST_EQUAL, { date: expected, days: days! }),
      });
    }
  }
  if (input.amountCents < 0) problems.push({ field: 'benefitAmount', message: MESSAGES.AMOUNT_NEGATIVE });
  else if (input.amountCents > MAX_BENEFIT_AMOUNT_CENTS) {
    problems.push({
      field: 'benefitAmount',
      message: ruleMessage(MESSAGES.AMOUNT_TOO_HIGH, { max: formatMoney(MAX_BENEFIT_AMOUNT_CENTS / 100) }),
    });
  } else {
    const fixed = fixedAmountCentsFor(program, input.benefitTypeId);
    if (fixed !== null && input.amountCents !== fixed) {
      problems.push({
        field: 'benefitAmount',
        message: ruleMessage(BENEFIT_MESSAGES.AMOUNT_MUST_EQUAL_DEFAULT, { amount: formatMoney(fixed / 100) }),
      });
    }
  }
  problems.push(...noteAndOptionProblems(input, program));
  return problems;
}

/** Part 1 §3/§5: a note only where the program enables notes; an option exactly when the program has an option type. */
export function noteAndOptionProblems(
  input: Pick<IssueRuleInput, 'note' | 'benefitOptionId'>,
  program: Pick<BenefitProgramSettings, 'enableBenefitNote' | 'benefitOptionTypeId'>,
): BenefitRuleProblem[] {
  const problems: BenefitRuleProblem[] = [];
  if (input.note && input.note.trim() !== '' && !program.enableBenefitNote)
    problems.push({ field: 'note', message: BENEFIT_MESSAGES.NOTE_NOT_ENABLED });
  const hasOption = input.benefitOptionId !== null && input.benefitOptionId !== undefined;
  if (program.benefitOptionTypeId !== null && !hasOption)
    problems.push({ field: 'benefitOptionId', message: MESSAGES.BENEFIT_OPTION_REQUIRED });
  if (program.benefitOptionTypeId === null && hasOption)
    problems.push({ field: 'benefitOptionId', message: BENEFIT_MESSAGES.OPTION_NOT_ALLOWED });
  return problems;
}

/** Part 1 §5 "Edit": dates not before 2022-02-01, the expiration not before the available date. */
export function editDateProblems(availableDate: string, expirationDate: string): BenefitRuleProblem[] {
  const problems: BenefitRuleProblem[] = [];
  const tooEarly = ruleMessage(MESSAGES.DATE_TOO_EARLY, { date: MIN_DATES.benefitEdit });
  if (availableDate < MIN_DATES.benefitEdit) problems.push({ field: 'benefitAvailableDate', message: tooEarly });
  if (expirationDate < MIN_DATES.benefitEdit) problems.push({ field: 'benefitExpirationDate', message: tooEarly });
  if (expirationDate < availableDate)
    problems.push({ field: 'benefitExpirationDate', message: BENEFIT_MESSAGES.EXPIRATION_BEFORE_AVAILABLE });
  return problems;
}

/**
 * Part 1 §5 "Search" and "Recipient portal searches": program and admin searches take a start date from 2022-02-01
 * and an end date from 2022-08-01; recipients both from 2020-08-01; every date up to today plus 183 days. An end
 * before the start is refused too.
 */
export function searchDateProblems(
  dates: { startDate?: string; endDate?: string },
  today: string,
  audience: 'staff' | 'recipient',
): BenefitRuleProblem[] {
  const problems: BenefitRuleProblem[] = [];
  const latest = searchDateMax(today);
  const bounds = {
    startDate: audience === 'staff' ? MIN_DATES.programSearchStart : MIN_DATES.recipientSearch,
    endDate: audience === 'staff' ? MIN_DATES.programSearchEnd : MIN_DATES.recipientSearch,
  };
  for (const field of ['startDate', 'endDate'] as const) {
    const value = dates[field];
    if (value === undefined) continue;
    if (value < bounds[field])
      problems.push({ field, message: ruleMessage(MESSAGES.DATE_TOO_EARLY, { date: bounds[field] }) });
    else if (value > latest) problems.push({ field, message: ruleMessage(MESSAGES.DATE_TOO_LATE, { date: latest }) });
  }
  if (dates.startDate && dates.endDate && dates.endDate < dates.startDate)
    problems.push({ field: 'endDate', message: MESSAGES.END_BEFORE_START });
  return problems;
}

/**
 * A generated authorization number of an Incentive benefit (part 1 §4: the form sends AUTO-GENERATED): 'I', the
 * date without dashes and 11 characters of a random base-36 value, 20 characters in all, no spaces. The server
 * draws `random` from a CSPRNG and retries on the (program, number) unique key.
 */
export function incentiveAuthorizationNumber(today: string, random: bigint): string {
  const tail = random.toString(36).toUpperCase().padStart(11, '0').slice(-11);
  return `I${today.replaceAll('-', '')}${tail}`;
}
