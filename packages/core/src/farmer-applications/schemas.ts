import { z } from 'zod';
import {
  ADDRESS_MAX,
  BANK_ACCOUNT_MAX,
  BANK_NAME_MAX,
  BANK_ROUTING_MAX,
  CITY_MAX,
  MERCHANT_ID_MAX,
  MERCHANT_NAME_MAX,
  NAME_MAX,
} from '../constants/limits.js';
import { BankAccountType, TinTypeId } from '../enums/index.js';
import { isIsoDate } from '../format/dates.js';
import { LANGUAGES } from '../languages/languages.js';
import { MERCHANT_MESSAGES } from '../merchants/messages.js';
import { MESSAGES } from '../messages/messages.js';
import { pagedAnswer } from '../pager/answers.js';
import { routingNumberValid } from '../validation/bank.js';
import { stateCode } from '../validation/field-groups.js';
import {
  email,
  middleInitial,
  mobilePhone,
  optionalPhone,
  optionalText,
  requiredText,
  zipCode,
} from '../validation/fields.js';
import { databaseId, databaseIdParam } from '../validation/numbers.js';
import { text } from '../validation/text.js';
import { FARMER_APPLICATION_MESSAGES as M } from './messages.js';

// The farmers' online application (docs/farmer-applications.md): the public form and its one-time codes, the
// farmer's status page, the staff review and the program's settings. Tax id and bank numbers come in whole and are
// answered masked to their last four (****1234), never whole.

// Limits of the form: lines, not letters.
export const FARMER_APPLICATION_PROGRAMS_MAX = 5;
export const FARMER_MARKETS_MAX = 10;
export const MARKET_NAME_MAX = 100;
export const MARKET_WHEN_MAX = 100;
export const CROPS_MAX = 1000;
export const ANSWER_TEXT_MAX = 500;
export const STAFF_NOTE_MAX = 1000;
export const AGREEMENT_TEXT_MAX = 20_000;
export const QUESTION_LABEL_MAX = 300;
export const QUESTIONS_MAX = 20;
export const QUESTION_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,29}$/;
export const CONFIRMATION_CODE_LENGTH = 6;
/** The secret of a status link: 32 random bytes, base64url. */
export const STATUS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const FARMER_APPLICATION_PAGE_SIZE = 20;

export const FarmerApplicationStatus = z.enum(['submitted', 'more-info', 'approved', 'refused']);
export type FarmerApplicationStatus = z.infer<typeof FarmerApplicationStatus>;

export const FarmerLanguage = z.enum(LANGUAGES);

const isoDate = () =>
  text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.VALIDATION_FAILED)
    .refine(isIsoDate);

// ---------------------------------------------------------------------------------------------------------------
// The program's settings (platform administrators)

/** One of the program's own questions: yes/no or a short text, asked between two dates (the end optional). */
export const FarmerQuestion = z
  .object({
    key: text().trim().regex(QUESTION_KEY_PATTERN, MESSAGES.VALIDATION_FAILED),
    kind: z.enum(['yes-no', 'text']),
    label: requiredText(QUESTION_LABEL_MAX),
    labelEs: optionalText(QUESTION_LABEL_MAX),
    required: z.boolean(),
    effectiveFrom: isoDate(),
    effectiveTo: isoDate().nullish(),
  })
  .refine((q) => !q.effectiveTo || q.effectiveTo >= q.effectiveFrom, {
    path: ['effectiveTo'],
    message: M.QUESTION_DATES,
  });
export type FarmerQuestion = z.infer<typeof FarmerQuestion>;

/** PUT /admin-api/programs/{programUuid}/farmer-application: whether the program takes applications, and on what. */
export const FarmerApplicationSettingsBody = z
  .object({
    open: z.boolean(),
    agreementText: text().trim().max(AGREEMENT_TEXT_MAX),
    agreementTextEs: optionalText(AGREEMENT_TEXT_MAX),
    questions: z.array(FarmerQuestion).max(QUESTIONS_MAX),
  })
  .refine((s) => !s.open || s.agreementText.length > 0, { path: ['agreementText'], message: MESSAGES.FIELD_REQUIRED })
  .refine((s) => new Set(s.questions.map((q) => q.key)).size === s.questions.length, {
    path: ['questions'],
    message: M.QUESTION_KEYS_UNIQUE,
  });
export type FarmerApplicationSettingsBody = z.infer<typeof FarmerApplicationSettingsBody>;

export const FarmerApplicationSettings = z.object({
  programUuid: z.uuid(),
  programId: z.number().int(),
  programName: z.string(),
  open: z.boolean(),
  agreementText: z.string(),
  agreementTextEs: z.string().nullable(),
  questions: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(['yes-no', 'text']),
      label: z.string(),
      labelEs: z.string().nullable(),
      required: z.boolean(),
      effectiveFrom: z.string(),
      effectiveTo: z.string().nullable(),
    }),
  ),
  updatedAt: z.iso.datetime().nullable(),
  message: z.string().optional(),
});
export type FarmerApplicationSettings = z.infer<typeof FarmerApplicationSettings>;

export const ProgramUuidParams = z.object({ programUuid: z.uuid() });

// ---------------------------------------------------------------------------------------------------------------
// The public form

/** A program that takes applications today, with the questions in effect today and its agreement. */
export const OpenFarmerProgram = z.object({
  programId: z.number().int(),
  programName: z.string(),
  agreementText: z.string(),
  agreementTextEs: z.string().nullable(),
  questions: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(['yes-no', 'text']),
      label: z.string(),
      labelEs: z.string().nullable(),
      required: z.boolean(),
    }),
  ),
});
export type OpenFarmerProgram = z.infer<typeof OpenFarmerProgram>;
export const OpenFarmerPrograms = z.array(OpenFarmerProgram);

/** POST …/confirmations: the contact to confirm; a code goes to each. */
export const ConfirmationBody = z.object({
  email: email(),
  mobilePhone: mobilePhone(),
  language: FarmerLanguage.default('en'),
});
export type ConfirmationBody = z.infer<typeof ConfirmationBody>;

export const ConfirmationSent = z.object({
  confirmationId: z.uuid(),
  emailSentTo: z.string(),
  mobileSentTo: z.string(),
  expiresAt: z.iso.datetime(),
  message: z.string(),
});
export type ConfirmationSent = z.infer<typeof ConfirmationSent>;

const code = () =>
  text()
    .trim()
    .regex(new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`), M.CODE_WRONG);

export const ConfirmationParams = z.object({ confirmationId: z.uuid() });
export const ConfirmBody = z.object({ emailCode: code(), mobileCode: code() });
export type ConfirmBody = z.infer<typeof ConfirmBody>;
export const Confirmed = z.object({ confirmationId: z.uuid(), confirmed: z.literal(true), message: z.string() });
export type Confirmed = z.infer<typeof Confirmed>;

/** An address of the form, named as the merchant form names them. */
export const FarmerAddress = z.object({
  addressOne: requiredText(ADDRESS_MAX),
  addressTwo: optionalText(ADDRESS_MAX),
  city: requiredText(CITY_MAX),
  stateCode: stateCode(),
  zipcode: zipCode(),
});
export type FarmerAddress = z.infer<typeof FarmerAddress>;

export const FarmerMarket = z.object({
  name: requiredText(MARKET_NAME_MAX),
  city: optionalText(CITY_MAX),
  /** When they sell there, in the farmer's words ("Saturdays 8-12"). */
  when: optionalText(MARKET_WHEN_MAX),
});
export type FarmerMarket = z.infer<typeof FarmerMarket>;

export const FarmerAnswer = z.object({
  programId: databaseId(),
  key: text().trim().max(30),
  value: text().trim().max(ANSWER_TEXT_MAX, MESSAGES.VALIDATION_FAILED),
});
export type FarmerAnswer = z.infer<typeof FarmerAnswer>;

/** The payout account, typed twice as the bank change request takes it. */
export const FarmerBankInput = z
  .object({
    bankName: optionalText(BANK_NAME_MAX),
    bankRoutingNumber: requiredText(BANK_ROUTING_MAX).refine(routingNumberValid, MERCHANT_MESSAGES.ROUTING_CHECK_DIGIT),
    bankAccountNumber: requiredText(BANK_ACCOUNT_MAX).regex(/^\d{4,17}$/, M.ACCOUNT_DIGITS),
    confirmAccountNumber: requiredText(BANK_ACCOUNT_MAX),
    bankAccountType: BankAccountType,
    firstName: requiredText(NAME_MAX),
    middleName: middleInitial(),
    lastName: requiredText(NAME_MAX),
  })
  .refine((b) => b.confirmAccountNumber === b.bankAccountNumber, {
    path: ['confirmAccountNumber'],
    message: M.ACCOUNTS_DIFFER,
  });
export type FarmerBankInput = z.infer<typeof FarmerBankInput>;

/** The fields the farmer may change when staff ask for more information (the contact stays as confirmed). */
const applicationFields = {
  programIds: z
    .array(databaseId())
    .min(1, M.PROGRAM_REQUIRED)
    .max(FARMER_APPLICATION_PROGRAMS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, M.PROGRAM_REQUIRED),
  farmName: requiredText(MERCHANT_NAME_MAX),
  contactFirstName: requiredText(NAME_MAX),
  contactLastName: requiredText(NAME_MAX),
  businessPhone: optionalPhone(),
  farmAddress: FarmerAddress,
  /** null: the same as the farm's. */
  mailingAddress: FarmerAddress.nullish(),
  markets: z.array(FarmerMarket).min(1, M.MARKET_REQUIRED).max(FARMER_MARKETS_MAX),
  crops: requiredText(CROPS_MAX),
  answers: z.array(FarmerAnswer).max(FARMER_APPLICATION_PROGRAMS_MAX * QUESTIONS_MAX),
  tinTypeId: TinTypeId,
  agreed: z.literal(true, { error: M.AGREEMENT_REQUIRED }),
  signature: requiredText(NAME_MAX * 2 + 1, M.SIGNATURE_REQUIRED),
  language: FarmerLanguage.default('en'),
};

/** POST /merchant-api/farmer-application: the whole application, after the contact was confirmed. */
export const FarmerApplicationBody = z.object({
  confirmationId: z.uuid(),
  email: email(),
  mobilePhone: mobilePhone(),
  ...applicationFields,
  taxId: text()
    .trim()
    .regex(/^\d{9}$/, M.TAX_ID_DIGITS),
  bankAccount: FarmerBankInput,
});
export type FarmerApplicationBody = z.infer<typeof FarmerApplicationBody>;

/**
 * PUT /merchant-api/farmer-application/status/{token}: the farmer's answer to a request for more information. The
 * tax id and bank account are answered masked, so they come back only when the farmer types new ones.
 */
export const FarmerApplicationUpdateBody = z.object({
  ...applicationFields,
  taxId: text()
    .trim()
    .refine((v) => v === '' || /^\d{9}$/.test(v), M.TAX_ID_DIGITS)
    .nullish(),
  bankAccount: FarmerBankInput.nullish(),
});
export type FarmerApplicationUpdateBody = z.infer<typeof FarmerApplicationUpdateBody>;

export const FarmerApplicationSubmitted = z.object({
  applicationUuid: z.uuid(),
  applicationNumber: z.string(),
  status: FarmerApplicationStatus,
  message: z.string(),
});
export type FarmerApplicationSubmitted = z.infer<typeof FarmerApplicationSubmitted>;

export const StatusParams = z.object({ token: text().regex(STATUS_TOKEN_PATTERN, M.LINK_UNKNOWN) });

// ---------------------------------------------------------------------------------------------------------------
// What is answered back: the application as stored, numbers masked

export const FarmerApplicationView = z.object({
  applicationUuid: z.uuid(),
  applicationNumber: z.string(),
  status: FarmerApplicationStatus,
  language: FarmerLanguage,
  programs: z.array(z.object({ programId: z.number().int(), programName: z.string() })),
  farmName: z.string(),
  contactFirstName: z.string(),
  contactLastName: z.string(),
  email: z.string(),
  mobilePhone: z.string(),
  businessPhone: z.string().nullable(),
  farmAddress: FarmerAddress,
  mailingAddress: FarmerAddress.nullable(),
  markets: z.array(FarmerMarket),
  crops: z.string(),
  answers: z.array(
    z.object({
      programId: z.number().int(),
      key: z.string(),
      /** The question as it was asked, in English (and Spanish when it had one). */
      label: z.string(),
      labelEs: z.string().nullable(),
      kind: z.enum(['yes-no', 'text']),
      value: z.string(),
    }),
  ),
  tinTypeId: z.number().int(),
  taxId: z.string(),
  bankAccount: z.object({
    bankName: z.string().nullable(),
    routingNumber: z.string(),
    accountNumber: z.string(),
    bankAccountType: z.number().int(),
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
  }),
  signature: z.string(),
  signedAt: z.iso.datetime(),
  submittedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The last request for more information, while one is open or was answered. */
  staffRequest: z.string().nullable(),
  refusalReason: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
});
export type FarmerApplicationView = z.infer<typeof FarmerApplicationView>;

/** The farmer's status page: the application, and the programs' current questions when asked to complete it. */
export const FarmerApplicationStatusAnswer = z.object({
  application: FarmerApplicationView,
  /** Only while the application waits for the farmer: the programs (open or not) with their questions in effect. */
  programs: z.array(OpenFarmerProgram),
});
export type FarmerApplicationStatusAnswer = z.infer<typeof FarmerApplicationStatusAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Staff review

export const FarmerApplicationSearchQuery = z.object({
  programId: databaseIdParam().optional(),
  status: FarmerApplicationStatus.optional(),
  /** Farm name, contact name, e-mail or application number: contains. */
  q: text().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type FarmerApplicationSearchQuery = z.infer<typeof FarmerApplicationSearchQuery>;

export const FarmerApplicationRow = z.object({
  applicationUuid: z.uuid(),
  applicationNumber: z.string(),
  status: FarmerApplicationStatus,
  farmName: z.string(),
  contactName: z.string(),
  email: z.string(),
  city: z.string(),
  programs: z.array(z.string()),
  submittedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type FarmerApplicationRow = z.infer<typeof FarmerApplicationRow>;
export const FarmerApplicationSearchResult = pagedAnswer(FarmerApplicationRow);
export type FarmerApplicationSearchResult = z.infer<typeof FarmerApplicationSearchResult>;

export const DuplicateField = z.enum(['taxId', 'bankAccount', 'email', 'address']);
export type DuplicateField = z.infer<typeof DuplicateField>;

/** Another merchant or application that shares a tax id, bank account, e-mail or farm address with this one. */
export const FarmerApplicationDuplicate = z.object({
  kind: z.enum(['merchant', 'application']),
  uuid: z.uuid(),
  name: z.string(),
  /** The merchant's identifier, or the application's number. */
  reference: z.string().nullable(),
  /** The application's status; null for a merchant. */
  status: FarmerApplicationStatus.nullable(),
  /** Whether the caller may open it (a merchant or application of their programs). */
  inScope: z.boolean(),
  fields: z.array(DuplicateField),
});
export type FarmerApplicationDuplicate = z.infer<typeof FarmerApplicationDuplicate>;

export const FarmerApplicationEvent = z.object({
  at: z.iso.datetime(),
  action: z.enum(['submitted', 'more-info', 'resubmitted', 'approved', 'refused']),
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type FarmerApplicationEvent = z.infer<typeof FarmerApplicationEvent>;

export const StaffFarmerApplication = z.object({
  application: FarmerApplicationView,
  duplicates: z.array(FarmerApplicationDuplicate),
  history: z.array(FarmerApplicationEvent),
  /** The merchant created on approval. */
  merchantUuid: z.uuid().nullable(),
  /** A Merchant ID to offer on approval, free when answered. */
  suggestedMerchantIdentifier: z.string(),
  /** Whether the caller may decide it (MERCHANT_ADD and one of its programs). */
  canDecide: z.boolean(),
});
export type StaffFarmerApplication = z.infer<typeof StaffFarmerApplication>;

export const StaffApplicationParams = z.object({ applicationUuid: z.uuid() });

export const MoreInfoBody = z.object({ note: requiredText(STAFF_NOTE_MAX) });
export type MoreInfoBody = z.infer<typeof MoreInfoBody>;
export const RefuseBody = z.object({ reason: requiredText(STAFF_NOTE_MAX) });
export type RefuseBody = z.infer<typeof RefuseBody>;
export const ApproveBody = z.object({ merchantIdentifier: requiredText(MERCHANT_ID_MAX) });
export type ApproveBody = z.infer<typeof ApproveBody>;

export const StaffDecision = z.object({
  message: z.string(),
  status: FarmerApplicationStatus,
  merchantUuid: z.uuid().nullable(),
});
export type StaffDecision = z.infer<typeof StaffDecision>;

export const StaffFarmerProgram = z.object({ programId: z.number().int(), programName: z.string() });
export const StaffFarmerPrograms = z.array(StaffFarmerProgram);
