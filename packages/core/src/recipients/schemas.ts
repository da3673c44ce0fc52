import { z } from 'zod';
import {
  EMAIL_MAX,
  MAX_PAGE_SIZE,
  PHONE_MAX,
  RECIPIENT_SEARCH_PAGE_SIZE,
  SEARCH_ACCOUNT_ID_MAX,
  SEARCH_NAME_MAX,
} from '../constants/index.js';
import {
  ACCOUNT_STATUS,
  ACCOUNT_STATUS_LABEL,
  AccountType,
  type AccountStatus,
  CreationChannel,
} from '../enums/index.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { pagedAnswer } from '../pager/answers.js';
import { addressFields, contactFields, personNameFields } from '../validation/field-groups.js';
import { databaseId } from '../validation/numbers.js';
import { text } from '../validation/text.js';
import { RECIPIENT_MESSAGES } from './messages.js';

// Requests and answers of the recipients area (part 1 §3 "Recipient account", §5 "Recipient forms", §7 "Recipients").
// Wire names are the specification's; the web forms use the same schemas.

const tooLong = (max: number) => ruleMessage(MESSAGES.TOO_LONG, { max });
/** A search text: optional, trimmed, at most `max` characters; '' means "not given". */
const searchText = (max: number) => text().trim().max(max, tooLong(max)).optional();
/** A uuid or '' (an empty select); '' means "not given". */
const optionalUuid = () => z.union([z.literal(''), z.uuid()]).optional();

// ---------------------------------------------------------------------------------------------------------------
// Search and export

/**
 * GET /account-api/account (part 1 §5 "Search", §7, resolution 13). At least one of Account ID, names, e-mail and
 * phone is required (the service answers 400 'At least one field must be entered.'; hasRecipientSearchCriterion).
 * pageSize defaults to 2000 and is capped there; page is zero-based.
 */
export const RecipientSearchQuery = z.object({
  recipientIdentifier: searchText(SEARCH_ACCOUNT_ID_MAX),
  firstname: searchText(SEARCH_NAME_MAX),
  lastname: searchText(SEARCH_NAME_MAX),
  email: searchText(EMAIL_MAX),
  mobilePhone: searchText(PHONE_MAX),
  programUuid: optionalUuid(),
  agencyUuid: optionalUuid(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(RECIPIENT_SEARCH_PAGE_SIZE)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type RecipientSearchQuery = z.infer<typeof RecipientSearchQuery>;

/** The search form: the text criteria and the program and agency choices (no paging). */
export const RecipientSearchFormValues = RecipientSearchQuery.omit({ page: true, pageSize: true });
export type RecipientSearchFormValues = z.infer<typeof RecipientSearchFormValues>;

export const RecipientSearchRow = z.object({
  accountUuid: z.uuid(),
  programId: z.number().int(),
  programUuid: z.uuid(),
  programName: z.string(),
  recipientIdentifier: z.string(),
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  email: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  agencyUuid: z.uuid().nullable(),
  agencyName: z.string().nullable(),
  accountStatusId: z.number().int(),
});
export type RecipientSearchRow = z.infer<typeof RecipientSearchRow>;

/**
 * The search answer. totalCount counts up to RECIPIENT_SEARCH_COUNT_CAP; countCapped says more rows match than
 * that (the screen says so and asks for a narrower search).
 */
export const RecipientSearchPage = pagedAnswer(RecipientSearchRow);
export type RecipientSearchPage = z.infer<typeof RecipientSearchPage>;

/** Part 1 §7: the export takes the search's filters plus exportType=xlsx for Excel, CSV otherwise. */
export const RecipientExportQuery = RecipientSearchQuery.omit({ page: true, pageSize: true }).extend({
  exportType: text().trim().toLowerCase().max(10).optional(),
});
export type RecipientExportQuery = z.infer<typeof RecipientExportQuery>;

/** The export's columns, in order (part 1 §7 says the file content is not shown; ours). */
export const RECIPIENT_EXPORT_HEADERS = [
  'Account ID',
  'First Name',
  'Middle',
  'Last Name',
  'Address 1',
  'Address 2',
  'City',
  'State',
  'Zip',
  'Email',
  'Mobile Phone',
  'Program',
  'Agency',
  'Status',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// One recipient

export const AccountParams = z.object({ accountUuid: z.uuid() });
export type AccountParams = z.infer<typeof AccountParams>;

/** GET /account-api/account/{accountUuid}: the full recipient account of part 1 §3. */
export const RecipientAccount = z.object({
  accountUuid: z.uuid(),
  recipientIdentifier: z.string(),
  accountStatusId: z.number().int(),
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  stateCode: z.string().nullable(),
  zipcode: z.string().nullable(),
  email: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  cardIssuanceCode: z.boolean(),
  accountTypeId: z.number().int(),
  programId: z.number().int(),
  programUuid: z.uuid(),
  programName: z.string(),
  agencyUuid: z.uuid().nullable(),
  agencyName: z.string().nullable(),
  userUuid: z.uuid().nullable(),
  username: z.string().nullable(),
  applicantId: z.number().int().nullable(),
  /** How many more PANs the account may hold (part 2 §3; decision 0036): its limit less its Active PANs. */
  maxPrintedPans: z.number().int().nullable(),
  creationChannel: z.string(),
  /** Ours (part 1 §3 lists no dates): when the account was created and last changed, ISO instants. */
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type RecipientAccount = z.infer<typeof RecipientAccount>;

/**
 * The fields of the add and edit form (part 1 §5 "Recipient forms"): first and last name required (max 100), middle
 * initial max 1, address one required (max 60), address two max 60, city required (max 60), state required, zip
 * required (99999 or 99999-9999), e-mail required (max 255, pattern), mobile phone required (10 digits with
 * separators; stored as digits), card issuance a checkbox.
 */
const recipientFieldShape = {
  ...personNameFields(),
  ...addressFields('stateCode'),
  ...contactFields(),
  cardIssuanceCode: z.boolean().default(false),
};
export const RECIPIENT_FIELD_KEYS = Object.keys(recipientFieldShape) as (keyof typeof recipientFieldShape)[];
const REQUIRED_FIELD_KEYS = [
  'firstname',
  'lastname',
  'address1',
  'city',
  'stateCode',
  'zipcode',
  'email',
  'mobilePhone',
] as const;

/** Part 1 §3: businessPhone and faxNumber are sent empty; accepted and not stored. */
const ignoredFieldShape = {
  businessPhone: text().max(PHONE_MAX).nullish(),
  faxNumber: text().max(PHONE_MAX).nullish(),
};

export const RecipientFormValues = z.object(recipientFieldShape);
export type RecipientFormValues = z.infer<typeof RecipientFormValues>;

/**
 * POST /account-api/account (part 1 §7). programUuid names the program; recipientProgramIdentifier, when sent,
 * must name the same program (its id or short name). agencyUuid is required for agency staff (part 1 §6). Only
 * platform admins may set accountTypeId; for everyone else it is dropped. applicantId links the applicant the
 * account is made from and marks it processed.
 */
export const AddRecipientBody = z.object({
  ...recipientFieldShape,
  ...ignoredFieldShape,
  programUuid: z.uuid({ error: MESSAGES.FIELD_REQUIRED }),
  agencyUuid: optionalUuid().nullable(),
  recipientProgramIdentifier: z.union([text().trim().max(45), databaseId()]).nullish(),
  accountTypeId: AccountType.nullish(),
  applicantId: databaseId().nullish(),
  creationChannel: CreationChannel.default('API'),
});
export type AddRecipientBody = z.infer<typeof AddRecipientBody>;

export const RecipientCreated = z.object({
  recipientIdentifier: z.string(),
  programId: z.number().int(),
  accountUuid: z.uuid(),
});
export type RecipientCreated = z.infer<typeof RecipientCreated>;

/** Part 1 §4: staff set Active (0) or Inactive (1); Deleted is not set through this call. */
export const SettableAccountStatus = z
  .number({ error: RECIPIENT_MESSAGES.ACCOUNT_STATUS_INVALID })
  .int(RECIPIENT_MESSAGES.ACCOUNT_STATUS_INVALID)
  .refine(
    (v) => v === ACCOUNT_STATUS.ACTIVE || v === ACCOUNT_STATUS.INACTIVE,
    RECIPIENT_MESSAGES.ACCOUNT_STATUS_INVALID,
  );

const optionalShape = Object.fromEntries(
  Object.entries(recipientFieldShape).map(([key, schema]) => [
    key,
    key === 'cardIssuanceCode' ? z.boolean().optional() : schema.optional(),
  ]),
) as { [K in keyof typeof recipientFieldShape]: z.ZodOptional<(typeof recipientFieldShape)[K]> };

/**
 * PUT /account-api/account (part 1 §7): either the recipient fields (a full update of the form; an optional
 * accountStatusId is applied too) or only {accountUuid, accountStatusId} (activate or inactivate). A body with any
 * recipient field must carry every required one.
 */
export const UpdateRecipientBody = z
  .object({
    accountUuid: z.uuid(),
    accountStatusId: SettableAccountStatus.optional(),
    updationChannel: CreationChannel.optional(),
    ...optionalShape,
    ...ignoredFieldShape,
  })
  .superRefine((body, ctx) => {
    if (isRecipientFieldUpdate(body)) {
      for (const key of REQUIRED_FIELD_KEYS) {
        if (body[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: MESSAGES.FIELD_REQUIRED });
      }
    } else if (body.accountStatusId === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: RECIPIENT_MESSAGES.NOTHING_TO_UPDATE });
    }
  });
export type UpdateRecipientBody = z.infer<typeof UpdateRecipientBody>;

/** True when an update body carries recipient fields (a form save), false for a status change alone. */
export function isRecipientFieldUpdate(body: Partial<Record<string, unknown>>): boolean {
  return RECIPIENT_FIELD_KEYS.some((key) => body[key] !== undefined);
}

/**
 * PUT /account-api/account/move (part 1 §5, §7): agency uuids. fromAgency is the agency the screen showed (null for
 * a program-level account); toAgency must differ (checked by the service, 400) and both must be the caller's.
 */
export const MoveRecipientBody = z.object({
  accountUuid: z.uuid(),
  fromAgency: optionalUuid().nullable(),
  toAgency: z.uuid({ error: MESSAGES.AGENCY_REQUIRED }),
});
export type MoveRecipientBody = z.infer<typeof MoveRecipientBody>;

// ---------------------------------------------------------------------------------------------------------------
// Lookups

/** GET /account-api/statuses (part 1 §7 leaves the shape open; ours). */
export const AccountStatusOption = z.object({ accountStatusId: z.number().int(), descr: z.string() });
export type AccountStatusOption = z.infer<typeof AccountStatusOption>;

export const ACCOUNT_STATUS_OPTIONS: readonly AccountStatusOption[] = (
  Object.entries(ACCOUNT_STATUS_LABEL) as [string, string][]
).map(([id, descr]) => ({ accountStatusId: Number(id) as AccountStatus, descr }));
