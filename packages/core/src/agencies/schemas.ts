import { z } from 'zod';
import {
  AGENCY_CODE_MAX,
  AGENCY_NAME_MAX,
  DEFAULT_FUNDING_ALERT,
  MAX_FUNDING_AMOUNT_CENTS,
} from '../constants/limits.js';
import { LIST_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants/lists.js';
import { MIN_DATES } from '../constants/dates.js';
import { isIsoDate } from '../format/dates.js';
import { MESSAGES } from '../messages/messages.js';
import { pagedAnswer } from '../pager/answers.js';
import { requiredText } from '../validation/fields.js';
import { money } from '../validation/numbers.js';
import { text } from '../validation/text.js';
import { AGENCY_MESSAGES } from './messages.js';

// Agencies (B§2 "Agencies", B§3 Agency and Agency user, B§5 "Agency", B§6 agency management, B§7 "Agencies", B§8,
// B§9; part 1 §6 and §7; resolutions 2 and 16; docs/decisions/0028-agencies.md and 0029-agency-funding-alerts.md).

/**
 * GET /account-api/agency: optional viewable=1 and programUuid. The server always limits the list to the caller's
 * scope (agency staff: their agencies; program admins: their programs' agencies; platform admins: all), so
 * viewable=1, which agency staff send, narrows nothing further (docs/decisions/0009-recipient-rules.md).
 * With `page` (zero-based) the answer is a page of the agency list (pageSize, default 10); without it, the whole list
 * the pickers of other screens choose from (decision 0028).
 */
export const AgencyOptionsQuery = z.object({
  viewable: z.enum(['0', '1', 'true', 'false']).optional(),
  programUuid: z.union([z.literal(''), z.uuid()]).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(LIST_PAGE_SIZE)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
});
export type AgencyOptionsQuery = z.infer<typeof AgencyOptionsQuery>;

export const ProgramAgenciesParams = z.object({ programUuid: z.uuid() });
export type ProgramAgenciesParams = z.infer<typeof ProgramAgenciesParams>;

/** An agency as a choice: flat program fields for selects, and the nested program of part 2 §3 for lists. */
export const AgencyOption = z.object({
  agencyUuid: z.uuid(),
  agencyName: z.string(),
  agencyCode: z.string(),
  programUuid: z.uuid(),
  programName: z.string(),
  program: z.object({ programUuid: z.uuid(), programName: z.string() }),
});
export type AgencyOption = z.infer<typeof AgencyOption>;

/** A page of the agency list (B§2: Name, Code, Program, 10 a page). */
export const AgencyPage = pagedAnswer(AgencyOption);
export type AgencyPage = z.infer<typeof AgencyPage>;

/** The list answers a page when asked for one, else the whole list of choices. */
export const AgencyListAnswer = z.union([AgencyPage, z.array(AgencyOption)]);
export type AgencyListAnswer = z.infer<typeof AgencyListAnswer>;

/** Ours: part 2 quotes no text for a program outside the caller's scope. */
export const AGENCY_LOOKUP_MESSAGES = { PROGRAM_NOT_FOUND: AGENCY_MESSAGES.PROGRAM_NOT_FOUND } as const;

/** GET/PUT /account-api/agency/{id}: the agency's uuid. */
export const AgencyParams = z.object({ id: z.uuid() });
export type AgencyParams = z.infer<typeof AgencyParams>;

/** POST/DELETE/PATCH /account-api/agency/{agencyUuid}/user/{userUuid}. */
export const AgencyUserParams = z.object({ agencyUuid: z.uuid(), userUuid: z.uuid() });
export type AgencyUserParams = z.infer<typeof AgencyUserParams>;

/** B§5: Funding Amount 0.00 to 99999999, two decimals; null means no funding amount. */
export const fundingAmount = () => money(MAX_FUNDING_AMOUNT_CENTS, AGENCY_MESSAGES.FUNDING_AMOUNT_TOO_HIGH).nullable();

/** B§5/B§9: Funding Date from 2023-01-01, YYYY-MM-DD; '' or null means none. */
export const fundingDate = () =>
  text()
    .trim()
    .refine((v) => v === '' || isIsoDate(v), MESSAGES.INVALID_DATE)
    .refine((v) => v === '' || v >= MIN_DATES.agencyFunding, AGENCY_MESSAGES.FUNDING_DATE_TOO_EARLY)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** B§9: fundingAlert 1 (alerts on, the default) or 0 (off). */
export const fundingAlert = () => z.union([z.literal(0), z.literal(1)]);

const agencyName = () => requiredText(AGENCY_NAME_MAX);
const agencyCode = () => requiredText(AGENCY_CODE_MAX);

/** POST /account-api/agency (B§7): Name, Code and Program required (B§5). */
export const AddAgencyBody = z.object({
  agencyName: agencyName(),
  agencyCode: agencyCode(),
  programUuid: z.uuid({ error: AGENCY_MESSAGES.PROGRAM_REQUIRED }),
  fundingAmount: fundingAmount().optional(),
  fundingAlert: fundingAlert().default(DEFAULT_FUNDING_ALERT),
  fundingDate: fundingDate().optional(),
});
export type AddAgencyBody = z.input<typeof AddAgencyBody>;
export type AddAgencyInput = z.output<typeof AddAgencyBody>;

/**
 * PUT /account-api/agency/{agencyUuid} (B§7 "agency fields"): a field left out keeps its value; the program may be
 * sent (the form's read-only value) but not changed. Each field that changes needs its right (B§6): name and code
 * AGENCY_UPDATE, the funding fields AGENCY_FUNDING_UPDATE; a change without it answers 403 (nothing is ignored).
 */
export const UpdateAgencyBody = z.object({
  agencyName: agencyName().optional(),
  agencyCode: agencyCode().optional(),
  programUuid: z.uuid().optional(),
  fundingAmount: fundingAmount().optional(),
  fundingAlert: fundingAlert().optional(),
  fundingDate: fundingDate().optional(),
});
export type UpdateAgencyBody = z.input<typeof UpdateAgencyBody>;
export type UpdateAgencyInput = z.output<typeof UpdateAgencyBody>;

/** B§3 Agency, as GET /account-api/agency/{id} answers it. Amount as a two-decimal number (decision 0004). */
export const AgencyDetail = z.object({
  agencyUuid: z.uuid(),
  agencyName: z.string(),
  agencyCode: z.string(),
  programUuid: z.uuid(),
  programName: z.string(),
  program: z.object({ programUuid: z.uuid(), programName: z.string() }),
  fundingAmount: z.number().nullable(),
  fundingAlert: z.number().int(),
  fundingDate: z.string().nullable(),
  /** Issued (non-void) benefits of the agency, counted against the funding amount (decision 0029). */
  issuedAmount: z.number(),
});
export type AgencyDetail = z.infer<typeof AgencyDetail>;

export const AgencySaved = z.object({ message: z.string(), agencyUuid: z.uuid() });
export type AgencySaved = z.infer<typeof AgencySaved>;

/** B§3 Agency user. */
export const AgencyUser = z.object({
  userUuid: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  roleId: z.number().int(),
  roleDescr: z.string(),
});
export type AgencyUser = z.infer<typeof AgencyUser>;

/**
 * PATCH /account-api/agency/{agencyUuid}/user/{userUuid} (B§7 move): the new agency's agencyUuid. Missing or empty
 * answers 400 'An agency must be selected.' (B§5).
 */
export const MoveAgencyUserBody = z.object({
  agencyUuid: z
    .union([z.literal(''), z.null(), z.uuid({ error: AGENCY_MESSAGES.AGENCY_SELECTION_REQUIRED })], {
      error: AGENCY_MESSAGES.AGENCY_SELECTION_REQUIRED,
    })
    .optional(),
});
export type MoveAgencyUserBody = z.infer<typeof MoveAgencyUserBody>;

export const AgencyUserChanged = z.object({ message: z.string() });
export type AgencyUserChanged = z.infer<typeof AgencyUserChanged>;
