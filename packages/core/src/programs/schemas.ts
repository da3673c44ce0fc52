import { z } from 'zod';
import { MIN_DATES } from '../constants/dates.js';
import {
  ADDRESS_MAX,
  CITY_MAX,
  DATABASE_INT_MAX,
  MAX_BENEFIT_AMOUNT_CENTS,
  MAX_FUNDING_AMOUNT_CENTS,
  PROGRAM_CONFIGURATION_MAX,
  PROGRAM_CONTACT_EMAIL_MAX,
  PROGRAM_NAME_MAX,
  PROGRAM_SHORT_NAME_MAX,
} from '../constants/limits.js';
import { ProgramStatus } from '../enums/statuses.js';
import { isIsoDate } from '../format/dates.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { cappedAnswer } from '../pager/answers.js';
import { stateCode } from '../validation/field-groups.js';
import {
  email,
  expirationDays,
  fundingSourceName,
  optionalText,
  phone,
  requiredText,
  zipCode,
} from '../validation/fields.js';
import { databaseId, money } from '../validation/numbers.js';
import { text } from '../validation/text.js';
import { PROGRAM_MESSAGES } from './messages.js';
import { isPanPrefix, parseProgramConfiguration } from './rules.js';

/**
 * A program as the program-side screens use it (part 1 §7 GET /account-api/account/programs): the benefit
 * defaults the issue form applies, the zone its "today" is taken in, and the dates and contact data of the program view. Money is a JSON number with at most two decimals; dates are YYYY-MM-DD.
 */
export const CallerProgram = z.object({
  programUuid: z.uuid(),
  programId: z.number().int(),
  programName: z.string(),
  shortName: z.string(),
  programStatusId: z.number().int(),
  benefitExpiration: z.number().int().nullable(),
  incentiveExpiration: z.number().int().nullable(),
  benefitAmount: z.number().nullable(),
  enableBenefitNote: z.boolean(),
  benefitOptionTypeId: z.number().int().nullable(),
  lastIssuanceDate: z.iso.date().nullable(),
  /** The program's IANA time zone: "today" of the benefit rules is taken in it, on screen as on the server (res. 26). */
  timeZone: z.string().min(1),
  // Dates and contact data (A§3 "Program"): the program view (/program/program) shows them.
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactAddress1: z.string().nullable(),
  contactAddress2: z.string().nullable(),
  contactCity: z.string().nullable(),
  contactStateCode: z.string().nullable(),
  contactZip: z.string().nullable(),
});
export type CallerProgram = z.infer<typeof CallerProgram>;

// ---------------------------------------------------------------------------------------------------------------
// Admin programs (B§2 "Admin programs", B§3 "Program (summary and admin)", B§5 "Program", B§7 "Programs and
// configuration"; docs/decisions/0030).

const tooLong = (max: number) => ruleMessage(MESSAGES.TOO_LONG, { max });
/** A search text: optional, trimmed, at most `max` characters; '' means "not given". */
const searchText = (max: number) => text().trim().max(max, tooLong(max)).optional();

/**
 * GET /admin-api/programs: programName, shortName and contactEmail match as prefixes (case-insensitive),
 * contactStateCode and programStatusId exactly; none lists every program.
 */
export const AdminProgramSearchQuery = z.object({
  programName: searchText(PROGRAM_NAME_MAX),
  shortName: searchText(PROGRAM_SHORT_NAME_MAX),
  contactEmail: searchText(PROGRAM_CONTACT_EMAIL_MAX),
  contactStateCode: z
    .union([
      z.literal(''),
      text()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, MESSAGES.STATE_REQUIRED),
    ])
    .optional(),
  programStatusId: z.union([z.literal(''), z.enum(['0', '1']).transform(Number)]).optional(),
});
export type AdminProgramSearchQuery = z.infer<typeof AdminProgramSearchQuery>;

/** One row of the programs list (B§2: name, short name, contact email, status, start date, end date, state). */
export const AdminProgramRow = z.object({
  programUuid: z.uuid(),
  programId: z.number().int(),
  programName: z.string(),
  shortName: z.string(),
  contactEmail: z.string().nullable(),
  programStatusId: z.number().int(),
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
  contactStateCode: z.string().nullable(),
});
export type AdminProgramRow = z.infer<typeof AdminProgramRow>;

export const AdminProgramSearchResult = cappedAnswer(AdminProgramRow);
export type AdminProgramSearchResult = z.infer<typeof AdminProgramSearchResult>;

export const AdminProgramParams = z.object({ programUuid: z.uuid(PROGRAM_MESSAGES.PROGRAM_NOT_FOUND) });
export type AdminProgramParams = z.infer<typeof AdminProgramParams>;

/** A funding source as the program answers it (B§3 fundingSources: {fundingId, name}). */
export const FundingSource = z.object({ fundingId: z.number().int(), name: z.string() });
export type FundingSource = z.infer<typeof FundingSource>;

/** A benefit option type (B§3: optionTypeId, name, descr). */
export const BenefitOptionType = z.object({
  optionTypeId: z.number().int(),
  name: z.string(),
  descr: z.string().nullable(),
});
export type BenefitOptionType = z.infer<typeof BenefitOptionType>;

/** GET /admin-api/programs/default-funding (B§7 "name list"): the funding sources a new program starts with. */
export const DefaultFunding = z.array(z.string());
export type DefaultFunding = z.infer<typeof DefaultFunding>;

/** GET /admin-api/programs/{uuid}: every field of B§3, the configuration with its secret entries masked. */
export const ProgramDetail = z.object({
  programUuid: z.uuid(),
  programId: z.number().int(),
  programName: z.string(),
  shortName: z.string(),
  programStatusId: z.number().int(),
  bin: z.string().nullable(),
  seriesNbr: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactAddress1: z.string().nullable(),
  contactAddress2: z.string().nullable(),
  contactCity: z.string().nullable(),
  contactStateCode: z.string().nullable(),
  contactZip: z.string().nullable(),
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
  /** The card settings; a secret entry that is set reads '********', one not set ''. */
  configuration: z.string().nullable(),
  fundingSources: z.array(FundingSource),
  benefitExpiration: z.number().int().nullable(),
  incentiveExpiration: z.number().int().nullable(),
  benefitAmount: z.number().nullable(),
  fundingAmount: z.number().nullable(),
  fundingDate: z.iso.date().nullable(),
  lastIssuanceDate: z.iso.date().nullable(),
  enableBenefitNote: z.boolean(),
  benefitOptionTypeId: z.number().int().nullable(),
  /** True once a PAN exists for the program: bin and seriesNbr can no longer change. */
  panPrefixFixed: z.boolean(),
  /** Purchases and balance inquiries need the card's PIN (docs/security.md "Card PINs"). */
  pinRequired: z.boolean(),
});
export type ProgramDetail = z.infer<typeof ProgramDetail>;

/** A date YYYY-MM-DD, required. */
const day = () =>
  text(MESSAGES.FIELD_REQUIRED)
    .trim()
    .min(1, MESSAGES.FIELD_REQUIRED)
    .refine(isIsoDate, MESSAGES.INVALID_DATE)
    .refine((d) => d >= MIN_DATES.programEdit, ruleMessage(MESSAGES.DATE_TOO_EARLY, { date: MIN_DATES.programEdit }));
/** An optional date YYYY-MM-DD ('' or null for none). */
const optionalDay = () =>
  z
    .union([z.literal(''), text().trim().refine(isIsoDate, MESSAGES.INVALID_DATE)])
    .nullish()
    .transform((v) => (v ? v : null));
const digits = () =>
  z
    .union([
      z.literal(''),
      text()
        .trim()
        .regex(/^\d{1,9}$/, PROGRAM_MESSAGES.BIN_SERIES_DIGITS),
    ])
    .nullish()
    .transform((v) => v ?? '');
const optionalDays = () =>
  z
    .union([expirationDays(), z.literal('')])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
const optionalMoney = (maxCents: number) =>
  z
    .union([money(maxCents), z.literal('')])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

/**
 * A funding source of the form: an existing one by its positive fundingId, a new one with a negative temporary id
 * (B§4: the editor holds its changes locally and sends them with the program). 0 is neither, so it is refused rather
 * than dropped (a list of 0 ids would otherwise leave the program without sources).
 */
export const FundingSourceInput = z.object({
  fundingId: z
    .number()
    .int()
    .min(-DATABASE_INT_MAX)
    .max(DATABASE_INT_MAX)
    .refine((id) => id !== 0, PROGRAM_MESSAGES.FUNDING_SOURCE_UNKNOWN),
  name: fundingSourceName(),
});
export type FundingSourceInput = z.infer<typeof FundingSourceInput>;

/** Most funding sources one program may have (a bound on the request, far above any real program). */
export const FUNDING_SOURCES_MAX = 50;

/** POST /admin-api/programs and PUT /admin-api/programs/{uuid}: B§5 "Program". */
export const ProgramBody = z
  .object({
    programName: requiredText(PROGRAM_NAME_MAX),
    shortName: requiredText(PROGRAM_SHORT_NAME_MAX),
    programStatusId: ProgramStatus,
    contactEmail: email(PROGRAM_CONTACT_EMAIL_MAX),
    contactPhone: phone(),
    contactAddress1: requiredText(ADDRESS_MAX),
    contactAddress2: optionalText(ADDRESS_MAX),
    contactCity: requiredText(CITY_MAX),
    contactStateCode: stateCode(),
    contactZip: zipCode(),
    startDate: day(),
    endDate: day(),
    benefitExpiration: optionalDays(),
    incentiveExpiration: optionalDays(),
    benefitAmount: optionalMoney(MAX_BENEFIT_AMOUNT_CENTS),
    fundingAmount: optionalMoney(MAX_FUNDING_AMOUNT_CENTS),
    fundingDate: optionalDay(),
    lastIssuanceDate: optionalDay(),
    enableBenefitNote: z.boolean().default(false),
    benefitOptionTypeId: databaseId().nullish(),
    /** Purchases and balance inquiries need the card's PIN; left out, a saved program keeps its setting (new: true). */
    pinRequired: z.boolean().optional(),
    bin: digits(),
    seriesNbr: digits(),
    configuration: text().max(PROGRAM_CONFIGURATION_MAX, tooLong(PROGRAM_CONFIGURATION_MAX)).nullish(),
    fundingSources: z
      .array(FundingSourceInput, { error: PROGRAM_MESSAGES.FUNDING_SOURCE_REQUIRED })
      .min(1, PROGRAM_MESSAGES.FUNDING_SOURCE_REQUIRED)
      .max(FUNDING_SOURCES_MAX, tooLong(FUNDING_SOURCES_MAX)),
  })
  .superRefine((body, ctx) => {
    if (body.endDate < body.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: PROGRAM_MESSAGES.END_BEFORE_START });
    if (!isPanPrefix(body.bin, body.seriesNbr))
      ctx.addIssue({ code: 'custom', path: ['seriesNbr'], message: PROGRAM_MESSAGES.BIN_SERIES_DIGITS });
    if (parseProgramConfiguration(body.configuration) === null)
      ctx.addIssue({ code: 'custom', path: ['configuration'], message: PROGRAM_MESSAGES.CONFIGURATION_INVALID });
  });
export type ProgramBody = z.infer<typeof ProgramBody>;
export type ProgramBodyInput = z.input<typeof ProgramBody>;

/** The answer of a program save: the message of B§8 and the program's uuid. */
export const ProgramSaved = z.object({ message: z.string(), programUuid: z.uuid() });
export type ProgramSaved = z.infer<typeof ProgramSaved>;
