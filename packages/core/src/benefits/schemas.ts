import { z } from 'zod';
import {
  AUTHORIZATION_NUMBER_MAX,
  BENEFIT_NOTE_MAX,
  ISSUE_ACCOUNT_ID_MAX,
  LIST_PAGE_SIZE,
  MAX_BENEFIT_AMOUNT_CENTS,
  MAX_PAGE_SIZE,
  SEARCH_ACCOUNT_ID_MAX,
  SEARCH_NAME_MAX,
} from '../constants/index.js';
import { INCENTIVE_AUTHORIZATION_NUMBER } from '../constants/limits.js';
import { BENEFIT_TYPE } from '../enums/index.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { pagedAnswer } from '../pager/answers.js';
import { authorizationNumber, optionalText, requiredText } from '../validation/fields.js';
import { databaseId, databaseIdDigits, databaseIdParam, money } from '../validation/numbers.js';
import { text } from '../validation/text.js';
import { BENEFIT_MESSAGES } from './messages.js';
import { isBenefitDateInput } from './rules.js';

// Requests and answers of the benefits area (part 1 §3 "Benefit", §5 "Benefit forms", §7 "Benefits"; resolutions 1,
// 12, 13). Wire names are the specification's; the web forms use the same schemas.

const tooLong = (max: number) => ruleMessage(MESSAGES.TOO_LONG, { max });

/**
 * A benefit amount (decision 0004): the shared money() of validation, from 0 to the benefit maximum (9999.99) unless
 * a lower `maxCents` is given.
 */
export function benefitMoney(maxCents: number = MAX_BENEFIT_AMOUNT_CENTS, tooHigh: string = MESSAGES.AMOUNT_TOO_HIGH) {
  return money(maxCents, tooHigh);
}

/** A benefit date: 'YYYY-MM-DD' or an ISO date-time (part 1 §9); the service takes its date in the program's zone. */
export function benefitDate() {
  return text(MESSAGES.FIELD_REQUIRED)
    .trim()
    .min(1, MESSAGES.FIELD_REQUIRED)
    .refine(isBenefitDateInput, BENEFIT_MESSAGES.INVALID_BENEFIT_DATE);
}

/** An id sent as a number or as digits (a select's value); '' and null mean "none". */
const idNumber = databaseId();
const idDigits = databaseIdDigits().transform(Number);
export function requiredId() {
  return z.union([idNumber, idDigits], { error: MESSAGES.FIELD_REQUIRED });
}
export function optionalId() {
  return z
    .union([idNumber, idDigits, z.literal('')])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
}
/** A uuid, or '' / null for none (an empty select). */
export function optionalUuid() {
  return z
    .union([z.literal(''), z.uuid()])
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null));
}

const BenefitTypeId = z.union(
  [
    z.literal(BENEFIT_TYPE.REGULAR),
    z.literal(BENEFIT_TYPE.INCENTIVE),
    z.literal('1').transform(() => 1 as const),
    z.literal('2').transform(() => 2 as const),
  ],
  {
    error: 'Benefit type must be 1 (Regular) or 2 (Incentive).',
  },
);
const channel = () => text().trim().max(20, tooLong(20)).nullish();

// ---------------------------------------------------------------------------------------------------------------
// Look-ups

export const ProgramParams = z.object({ programUuid: z.uuid() });
export type ProgramParams = z.infer<typeof ProgramParams>;

export const FundingSourceOption = z.object({ fundingId: z.number().int(), name: z.string() });
export type FundingSourceOption = z.infer<typeof FundingSourceOption>;

export const OptionTypeParams = z.object({ id: databaseIdParam() });
export type OptionTypeParams = z.infer<typeof OptionTypeParams>;

/** GET /benefit-api/benefit-option-type/{id} (part 1 §3 "benefit option type"). */
export const BenefitOptionTypeAnswer = z.object({
  benefitOptionType: z.object({ optionTypeId: z.number().int(), name: z.string(), descr: z.string().nullable() }),
  options: z.array(z.object({ optionId: z.number().int(), descr: z.string() })),
});
export type BenefitOptionTypeAnswer = z.infer<typeof BenefitOptionTypeAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Issue

/** Whether a field is one the type's rules below read: the benefit type, the incentive, the authorization number. */
const readsType = (field: PropertyKey | undefined) =>
  ['benefitTypeId', 'incentiveUuid', 'benefitAuthorizationNumber'].includes(String(field));

/**
 * POST /benefit-api/benefit (part 1 §5 "Issue", §7). The rules that need the program (dates against today and the
 * last issuance date, the default amount, the expiration period, note and option) are `issueRuleProblems`, applied
 * by the server. For an Incentive benefit the client sends the authorization number AUTO-GENERATED and the server
 * generates a unique one; a Regular benefit may not use that text.
 */
export const IssueBenefitBody = z
  .object({
    benefitRecipientAccountIdentifier: requiredText(ISSUE_ACCOUNT_ID_MAX),
    benefitAuthorizationNumber: authorizationNumber(),
    benefitAvailableDate: benefitDate(),
    benefitExpirationDate: benefitDate(),
    benefitAmount: benefitMoney(),
    programUuid: z.uuid({ error: MESSAGES.FIELD_REQUIRED }),
    /** Part 1 §7 sends it too; when given it must name the same program (its id, short name or uuid). */
    benefitProgramIdentifier: z.union([text().trim().max(45), databaseId()]).nullish(),
    fundingId: requiredId(),
    benefitTypeId: BenefitTypeId,
    incentiveUuid: optionalUuid(),
    creationChannel: channel(),
    agencyUuid: optionalUuid(),
    note: optionalText(BENEFIT_NOTE_MAX),
    benefitOptionId: optionalId(),
  })
  .superRefine(
    (body, ctx) => {
      if (body.benefitTypeId === BENEFIT_TYPE.INCENTIVE && !body.incentiveUuid) {
        ctx.addIssue({ code: 'custom', path: ['incentiveUuid'], message: MESSAGES.INCENTIVE_REQUIRED });
      }
      if (
        body.benefitTypeId === BENEFIT_TYPE.REGULAR &&
        body.benefitAuthorizationNumber.toUpperCase() === INCENTIVE_AUTHORIZATION_NUMBER
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['benefitAuthorizationNumber'],
          message: BENEFIT_MESSAGES.AUTH_NUMBER_RESERVED,
        });
      }
    },
    // Checked as soon as the body is an object and the fields it reads are readable, so a missing incentive is named
    // together with the other fields' problems (the issue form shows them all at once), not only once every field is
    // right. A problem of the whole body (null, an array) has no field and stops it.
    { when: ({ issues }) => !issues.some(({ path = [] }) => path.length === 0 || readsType(path[0])) },
  );
export type IssueBenefitBody = z.infer<typeof IssueBenefitBody>;

// ---------------------------------------------------------------------------------------------------------------
// One benefit

export const BenefitParams = z.object({ benefitUuid: z.uuid() });
export type BenefitParams = z.infer<typeof BenefitParams>;

export const BenefitStatusText = z.enum(['ISSUED', 'EXPIRED', 'EXPUNGED', 'VOID']);

/**
 * Part 1 §4 expiry marker (decision 0010): for an ISSUED benefit, 'expired' once its expiry date is past (before the
 * expiry job has run) and 'expiring soon' within 14 days of it, today taken in the program's zone; null otherwise.
 * An EXPIRED benefit says so in its status, and a VOID or EXPUNGED one can no longer be spent.
 */
export const ExpiryMarkerText = z.enum(['expired', 'expiring soon']).nullable();

/** GET /benefit-api/benefit/{uuid} and the answer of every change: the benefit of part 1 §3. */
export const BenefitDetail = z.object({
  benefitUuid: z.uuid(),
  /** The recipient-portal name of the same key (part 1 §3 "Recipient-portal variants"). */
  benefitId: z.uuid(),
  benefitAuthorizationNumber: z.string(),
  benefitAvailableDate: z.iso.date(),
  benefitExpirationDate: z.iso.date(),
  benefitAmount: z.number(),
  benefitBalance: z.number(),
  benefitStatus: BenefitStatusText,
  benefitStatusId: z.number().int(),
  benefitTypeId: z.number().int(),
  programUuid: z.uuid(),
  programId: z.number().int(),
  programName: z.string(),
  recipientIdentifier: z.string(),
  recipientAccountUuid: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
  fundingId: z.number().int().nullable(),
  fundingName: z.string().nullable(),
  notifiedRecipient: z.boolean(),
  incentiveUuid: z.uuid().nullable(),
  incentiveName: z.string().nullable(),
  agencyUuid: z.uuid().nullable(),
  agencyName: z.string().nullable(),
  note: z.string().nullable(),
  benefitOptionId: z.number().int().nullable(),
  benefitOptionTypeId: z.number().int().nullable(),
  enableBenefitNote: z.boolean(),
  maxBenefitAmount: z.number(),
  expiryMarker: ExpiryMarkerText,
  /** The row's last change, ISO 8601; sent back as lastUpdatedDate for the optimistic check of PUT. */
  lastUpdatedDate: z.string(),
  creationChannel: z.string(),
  updationChannel: z.string().nullable(),
  /**
   * Who voided the benefit and when (ISO 8601), from its audit row; null while it is not voided (and voidedBy null
   * for a void no user is named for). Not in the specification: the detail screen shows them beside the status.
   */
  voidedBy: z.string().nullable(),
  voidedDate: z.string().nullable(),
});
export type BenefitDetail = z.infer<typeof BenefitDetail>;

/**
 * PUT /benefit-api/benefit (part 1 §5 "Edit", §7). Balance 0 to the benefit's maximum amount (9999.99), dates not
 * before 2022-02-01 (`editDateProblems`). A field left out keeps its value; null clears an optional one. A given
 * lastUpdatedDate that differs from the stored one answers 409 (someone else changed the benefit meanwhile).
 */
export const UpdateBenefitBody = z.object({
  benefitUuid: z.uuid({ error: MESSAGES.FIELD_REQUIRED }),
  benefitBalance: benefitMoney(MAX_BENEFIT_AMOUNT_CENTS, MESSAGES.BENEFIT_BALANCE_TOO_HIGH),
  benefitAvailableDate: benefitDate(),
  benefitExpirationDate: benefitDate(),
  benefitAuthorizationNumber: authorizationNumber(),
  notifiedRecipient: z.boolean().optional(),
  fundingId: optionalId().optional(),
  benefitTypeId: BenefitTypeId.optional(),
  incentiveUuid: z.union([z.literal(''), z.uuid()]).nullish(),
  benefitOptionId: optionalId().optional(),
  note: optionalText(BENEFIT_NOTE_MAX),
  updationChannel: channel(),
  lastUpdatedDate: text()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), BENEFIT_MESSAGES.INVALID_TIMESTAMP)
    .nullish(),
});
export type UpdateBenefitBody = z.infer<typeof UpdateBenefitBody>;

/** PATCH /benefit-api/benefit/{uuid}: resolution 1, VOIDED and VOID mean the same (any case). */
export const VoidBenefitBody = z.object({
  benefitStatus: text(BENEFIT_MESSAGES.VOID_STATUS_ONLY)
    .trim()
    .refine((v) => ['VOID', 'VOIDED'].includes(v.toUpperCase()), BENEFIT_MESSAGES.VOID_STATUS_ONLY),
  updationChannel: channel(),
});
export type VoidBenefitBody = z.infer<typeof VoidBenefitBody>;

// ---------------------------------------------------------------------------------------------------------------
// Search and export

const searchText = (max: number) => text().trim().max(max, tooLong(max)).optional();
const searchDate = () =>
  text()
    .trim()
    .refine((v) => v === '' || isBenefitDateInput(v), BENEFIT_MESSAGES.INVALID_BENEFIT_DATE)
    .optional();

/**
 * GET /benefit-api/benefit (part 1 §5 "Search", §7; resolutions 12, 13). startDate and endDate bound the available
 * date; accountId is the exact Account ID; authNo the exact authorization number; names are prefixes. Staff send
 * programUuid, recipients programId (the program's id or uuid). pageSize defaults to 10 and is capped at 2000; page
 * is zero-based. No criterion is required: the list opens on the newest benefits in the caller's scope.
 */
export const BenefitSearchQuery = z.object({
  startDate: searchDate(),
  endDate: searchDate(),
  firstname: searchText(SEARCH_NAME_MAX),
  lastname: searchText(SEARCH_NAME_MAX),
  accountId: searchText(SEARCH_ACCOUNT_ID_MAX),
  authNo: searchText(AUTHORIZATION_NUMBER_MAX),
  programUuid: z.union([z.literal(''), z.uuid()]).optional(),
  // Digits beyond the integer range name no program: the service answers an empty list without asking PostgreSQL.
  programId: z.union([z.literal(''), z.uuid(), text().regex(/^\d{1,10}$/)]).optional(),
  agencyUuid: z.union([z.literal(''), z.uuid()]).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(LIST_PAGE_SIZE)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type BenefitSearchQuery = z.infer<typeof BenefitSearchQuery>;

export const BenefitExportQuery = BenefitSearchQuery.omit({ page: true, pageSize: true }).extend({
  exportType: text().trim().toLowerCase().max(10).optional(),
});
export type BenefitExportQuery = z.infer<typeof BenefitExportQuery>;

/** One row of the benefit list (part 1 §7; benefitStatus names the status, resolution 1). */
export const BenefitSearchRow = z.object({
  benefitUuid: z.uuid(),
  benefitId: z.uuid(),
  programName: z.string(),
  programUuid: z.uuid(),
  programId: z.number().int(),
  recipientIdentifier: z.string(),
  recipientAccountUuid: z.uuid(),
  firstname: z.string(),
  lastname: z.string(),
  benefitAuthNumber: z.string(),
  benefitAmount: z.number(),
  benefitBalance: z.number(),
  benefitStatusId: z.number().int(),
  benefitStatus: BenefitStatusText,
  benefitAvailableDate: z.iso.date(),
  benefitExpiryDate: z.iso.date(),
  benefitTypeId: z.number().int(),
  agencyName: z.string().nullable(),
  expiryMarker: ExpiryMarkerText,
});
export type BenefitSearchRow = z.infer<typeof BenefitSearchRow>;

/** countCapped: more benefits match than BENEFIT_SEARCH_COUNT_CAP, and totalCount stops there. */
export const BenefitSearchPage = pagedAnswer(BenefitSearchRow);
export type BenefitSearchPage = z.infer<typeof BenefitSearchPage>;

/** The export's columns, in order (part 1 §7 says the file content is not shown; ours). */
export const BENEFIT_EXPORT_HEADERS = [
  'Program',
  'Account ID',
  'First Name',
  'Last Name',
  'Agency',
  'Authorization Number',
  'Type',
  'Status',
  'Available Date',
  'Expiration Date',
  'Amount',
  'Balance',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// Recipient portal

/** GET /benefit-api/benefit/balances: one card per program of the recipient (part 1 §2 /recipient/home). */
/**
 * Decision 0010: totalAmount is what the recipient can spend today, the balances of ISSUED benefits whose available
 * date has come and whose expiration date has not passed (today in the program's zone); upcomingAmount the balances
 * of ISSUED benefits not yet available. Zero when there are none, so every program of the recipient has a card.
 */
export const ProgramBalance = z.object({
  programUuid: z.uuid(),
  programName: z.string(),
  programId: z.number().int(),
  recipientIdentifier: z.string(),
  totalAmount: z.number(),
  upcomingAmount: z.number(),
  /** The soonest expiration date (YYYY-MM-DD) of a spendable benefit with money left; null when none. */
  soonestExpirationDate: z.string().nullable(),
  /** That date is within the expiring-soon lead time (A§9: 14 days unless configured). */
  expiringSoon: z.boolean(),
});
export type ProgramBalance = z.infer<typeof ProgramBalance>;

/** GET /benefit-api/benefit/balance: the sums over every program of the recipient. */
export const TotalBalance = z.object({ totalAmount: z.number(), upcomingAmount: z.number() });
export type TotalBalance = z.infer<typeof TotalBalance>;

export const RecipientProgramParams = z.object({ programUuid: z.uuid() });
export type RecipientProgramParams = z.infer<typeof RecipientProgramParams>;
