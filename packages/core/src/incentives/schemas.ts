import { z } from 'zod';
import { INCENTIVE_NAME_MAX } from '../constants/limits.js';
import { LIST_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants/lists.js';
import { isBenefitDateInput } from '../benefits/rules.js';
import { cappedAnswer, pagedAnswer } from '../pager/answers.js';
import { requiredText } from '../validation/fields.js';
import { databaseId, databaseIdParam } from '../validation/numbers.js';
import { text } from '../validation/text.js';
import { INCENTIVE_MESSAGES } from './messages.js';
import { ENROLMENT_EDIT_MODE, incentiveRateProblem, incentiveRateText } from './rules.js';

// Incentive definitions and recipient enrolments (B§2 "Admin incentives", "Recipient incentives"; B§3 Incentive,
// Program option, Recipient incentive; B§5; B§7 "Incentives"; part 1 §7; resolutions 17, 19;
// docs/decisions/0040-incentive-definitions.md and 0041-recipient-incentive-enrolment.md).

// ---------------------------------------------------------------------------------------------------------------
// Definitions

/**
 * GET /account-api/incentive: optional programUuid narrows the list to one program. With `page` (zero-based) the
 * answer is a page of the admin list (pageSize, default 10); without it, the whole list the benefit issue form and
 * the program view choose from (decision 0040).
 */
export const IncentiveListQuery = z.object({
  programUuid: z.union([z.literal(''), z.uuid()]).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(LIST_PAGE_SIZE)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
});
export type IncentiveListQuery = z.infer<typeof IncentiveListQuery>;

/** Rates and accrual limits are decimals with two places (part 2 §9); an accrual max of 0.00 means no maximum. */
const rateAnswer = z.number();

/** B§3 Incentive, as every incentive answer carries it. */
export const Incentive = z.object({
  incentiveUuid: z.uuid(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  matchRate: rateAnswer,
  accrualMaxDay: rateAnswer,
  accrualMaxMonth: rateAnswer,
  accrualMaxTrx: rateAnswer,
  accrualFeeRate: rateAnswer,
  redemptionFeeRate: rateAnswer,
  program: z.object({ programId: z.number().int(), programName: z.string(), programUuid: z.uuid() }),
  funding: z.object({ fundingId: z.number().int(), name: z.string() }),
  updated: z.string(),
});
export type Incentive = z.infer<typeof Incentive>;

/** A page of the admin list (B§2: Name, Start Date, End Date, Program, Funding, Updated; 10 a page). */
export const IncentivePage = pagedAnswer(Incentive);
export type IncentivePage = z.infer<typeof IncentivePage>;

/** The list answers a page when asked for one, else the whole list of choices. */
export const IncentiveListAnswer = z.union([IncentivePage, z.array(Incentive)]);
export type IncentiveListAnswer = z.infer<typeof IncentiveListAnswer>;

/** GET/PUT /account-api/incentive/{id}: the incentive's uuid. */
export const IncentiveParams = z.object({ id: z.uuid() });
export type IncentiveParams = z.infer<typeof IncentiveParams>;

/** B§3 "Program option" (GET /account-api/incentive/programs), with the zone "today" is taken in (resolution 26). */
export const IncentiveProgramOption = z.object({
  programId: z.number().int(),
  programName: z.string(),
  programUuid: z.uuid(),
  shortName: z.string(),
  timeZone: z.string(),
});
export type IncentiveProgramOption = z.infer<typeof IncentiveProgramOption>;

/** GET /account-api/incentive/programs/{programId}/funding. */
export const IncentiveFundingParams = z.object({ programId: databaseIdParam() });
export type IncentiveFundingParams = z.infer<typeof IncentiveFundingParams>;

export const IncentiveFundingOption = z.object({ fundingId: z.number().int(), name: z.string() });
export type IncentiveFundingOption = z.infer<typeof IncentiveFundingOption>;

/**
 * A date as sent (resolution 17): 'YYYY-MM-DD' or an ISO date-time; the service takes its date in the program's
 * time zone. `required` is the message for a missing or empty one.
 */
export const incentiveDate = (required: string) =>
  text(required)
    .trim()
    .min(1, required)
    .max(40, INCENTIVE_MESSAGES.INVALID_DATE)
    .refine(isBenefitDateInput, INCENTIVE_MESSAGES.INVALID_DATE);

/** An optional end date: '', null or absent is none. */
export const optionalIncentiveDate = () =>
  text()
    .trim()
    .max(40, INCENTIVE_MESSAGES.INVALID_DATE)
    .refine((v) => v === '' || isBenefitDateInput(v), INCENTIVE_MESSAGES.INVALID_DATE)
    .transform((v) => (v === '' ? null : v))
    .nullish()
    .transform((v) => v ?? null);

/**
 * A rate or accrual maximum (B§5): a number (or its text) with at most two decimals, 0.00 to 9,999,999.99; empty,
 * null or absent is 0.00. The output is the two-decimal text the numeric column takes.
 */
export const incentiveRate = () =>
  z
    .union([z.number(), text()], { error: INCENTIVE_MESSAGES.RATE_INVALID })
    .nullish()
    .superRefine((value, ctx) => {
      const problem = incentiveRateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => incentiveRateText(value));

const definitionFields = {
  name: requiredText(INCENTIVE_NAME_MAX, INCENTIVE_MESSAGES.NAME_REQUIRED),
  fundingId: databaseId({ required: INCENTIVE_MESSAGES.FUNDING_REQUIRED }),
  startDate: incentiveDate(INCENTIVE_MESSAGES.START_REQUIRED),
  endDate: optionalIncentiveDate(),
  matchRate: incentiveRate(),
  accrualMaxDay: incentiveRate(),
  accrualMaxMonth: incentiveRate(),
  accrualMaxTrx: incentiveRate(),
  accrualFeeRate: incentiveRate(),
  redemptionFeeRate: incentiveRate(),
};

/**
 * POST /account-api/incentive (B§7): name, the program (its programId from the program options), the funding source
 * (fundingId), the dates and the six decimals. Program and funding required (B§5).
 */
export const AddIncentiveBody = z.object({
  ...definitionFields,
  programId: databaseId({ required: INCENTIVE_MESSAGES.PROGRAM_REQUIRED }),
});
export type AddIncentiveBody = z.input<typeof AddIncentiveBody>;
export type AddIncentiveInput = z.output<typeof AddIncentiveBody>;

/**
 * PUT /account-api/incentive/{id} (B§7): the same fields; the program may be sent (the form's read-only value) but not
 * changed (decision 0040).
 */
export const UpdateIncentiveBody = z.object({
  ...definitionFields,
  programId: databaseId().optional(),
});
export type UpdateIncentiveBody = z.input<typeof UpdateIncentiveBody>;
export type UpdateIncentiveInput = z.output<typeof UpdateIncentiveBody>;

export const IncentiveSaved = z.object({ message: z.string(), incentiveUuid: z.uuid() });
export type IncentiveSaved = z.infer<typeof IncentiveSaved>;

// ---------------------------------------------------------------------------------------------------------------
// Enrolments

/** B§3 "Recipient incentive", with what a screen needs to offer its actions (B§4; decision 0041). */
export const RecipientIncentive = z.object({
  recipientIncentiveId: z.number().int(),
  incentiveUuid: z.uuid(),
  incentiveName: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  updated: z.string(),
  programName: z.string(),
  /** B§4 on the program's today: 0 ended (no edit), 1 only the end, 2 both dates. */
  editMode: z.union([
    z.literal(ENROLMENT_EDIT_MODE.NONE),
    z.literal(ENROLMENT_EDIT_MODE.END_ONLY),
    z.literal(ENROLMENT_EDIT_MODE.BOTH),
  ]),
  /** B§4: the start is in the future. */
  deletable: z.boolean(),
});
export type RecipientIncentive = z.infer<typeof RecipientIncentive>;

/** A recipient's enrolments, newest start first, whole up to the cap (B§9). */
export const RecipientIncentiveList = cappedAnswer(RecipientIncentive);
export type RecipientIncentiveList = z.infer<typeof RecipientIncentiveList>;

/** One enrolment (GET /account-api/incentive/recipient-incentive/{id} with its id), with its incentive's period. */
export const RecipientIncentiveDetail = RecipientIncentive.extend({
  recipientUuid: z.uuid(),
  incentiveStartDate: z.string(),
  incentiveEndDate: z.string().nullable(),
});
export type RecipientIncentiveDetail = z.infer<typeof RecipientIncentiveDetail>;

/**
 * GET /account-api/incentive/recipient-incentive/{id} (B§7): a recipient account's uuid lists its enrolments (the
 * staff screen's {id}); an enrolment's id (digits) answers that one (the edit form). Decision 0041.
 */
export const RecipientIncentiveReadParams = z.object({
  id: z.union([z.uuid(), text().regex(/^\d{1,10}$/)], { error: INCENTIVE_MESSAGES.ENROLMENT_NOT_FOUND }),
});
export type RecipientIncentiveReadParams = z.infer<typeof RecipientIncentiveReadParams>;

export const RecipientIncentiveAnswer = z.union([RecipientIncentiveList, RecipientIncentiveDetail]);
export type RecipientIncentiveAnswer = z.infer<typeof RecipientIncentiveAnswer>;

/** PUT and DELETE /account-api/incentive/recipient-incentive/{id}: the enrolment's id. */
export const RecipientIncentiveParams = z.object({ id: databaseIdParam() });
export type RecipientIncentiveParams = z.infer<typeof RecipientIncentiveParams>;

/** POST /account-api/incentive/recipient-incentive (B§7): incentive and start required (B§5). */
export const AddRecipientIncentiveBody = z.object({
  recipientUuid: z.uuid({ error: INCENTIVE_MESSAGES.RECIPIENT_NOT_FOUND }),
  incentiveUuid: z.uuid({ error: INCENTIVE_MESSAGES.INCENTIVE_REQUIRED }),
  startDate: incentiveDate(INCENTIVE_MESSAGES.START_REQUIRED),
  endDate: optionalIncentiveDate(),
});
export type AddRecipientIncentiveBody = z.input<typeof AddRecipientIncentiveBody>;
export type AddRecipientIncentiveInput = z.output<typeof AddRecipientIncentiveBody>;

/** PUT /account-api/incentive/recipient-incentive/{id} (B§7): startDate, endDate. */
export const UpdateRecipientIncentiveBody = z.object({
  startDate: incentiveDate(INCENTIVE_MESSAGES.START_REQUIRED),
  endDate: optionalIncentiveDate(),
});
export type UpdateRecipientIncentiveBody = z.input<typeof UpdateRecipientIncentiveBody>;
export type UpdateRecipientIncentiveInput = z.output<typeof UpdateRecipientIncentiveBody>;

export const RecipientIncentiveSaved = z.object({ message: z.string(), recipientIncentiveId: z.number().int() });
export type RecipientIncentiveSaved = z.infer<typeof RecipientIncentiveSaved>;

/**
 * One enrolment in force today with what it has earned and may still earn: today and this month in
 * the program's time zone; a remaining of null means the incentive sets no maximum there (0.00, part 2 §5).
 */
export const IncentiveHeadroom = z.object({
  recipientIncentiveId: z.number().int(),
  incentiveUuid: z.uuid(),
  incentiveName: z.string(),
  programUuid: z.uuid(),
  programName: z.string(),
  /** 5.25 means 5.25% of the eligible part paid from regular benefits. */
  matchRate: z.number(),
  earnedToday: z.number(),
  remainingToday: z.number().nullable(),
  earnedThisMonth: z.number(),
  remainingThisMonth: z.number().nullable(),
  /** The most one purchase earns; null when there is no per-transaction maximum. */
  maxPerTransaction: z.number().nullable(),
});
export type IncentiveHeadroom = z.infer<typeof IncentiveHeadroom>;
export const IncentiveHeadroomList = z.array(IncentiveHeadroom);
export type IncentiveHeadroomList = z.infer<typeof IncentiveHeadroomList>;
