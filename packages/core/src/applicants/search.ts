import { z } from 'zod';
import { EMAIL_MAX, PHONE_MAX, SEARCH_NAME_MAX } from '../constants/limits.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { cappedAnswer } from '../pager/answers.js';
import { databaseIdParam } from '../validation/numbers.js';
import { phoneDigits } from '../validation/patterns.js';
import { text } from '../validation/text.js';

// The staff applicant screens (B§2 "Applicants", B§3 Applicant, B§5 "Applicant search", B§6 PROCESS_APPLICANT,
// B§7 "Applicants"; docs/decisions/0013-applicant-processing.md).

/**
 * The most applicants one search answers. B§9 lets the program-side lists fetch up to 1000 records and page them on
 * screen 10 at a time; past it the answer says `countCapped: true` and the person narrows the search.
 */
export const APPLICANT_SEARCH_CAP = 1000;

const tooLong = (max: number) => ruleMessage(MESSAGES.TOO_LONG, { max });
/** A search text: optional, trimmed, at most `max` characters; '' means "not given". */
const searchText = (max: number) => text().trim().max(max, tooLong(max)).optional();

/** GET /account-api/application/programs: the programs of the caller's online applications (B§7). */
export const ApplicantProgram = z.object({
  programId: z.number().int(),
  programName: z.string(),
  programUuid: z.uuid(),
});
export type ApplicantProgram = z.infer<typeof ApplicantProgram>;

/**
 * GET /account-api/applicant (B§5 "Applicant search", B§7): first and last name max 100, e-mail max 255, phone max
 * 20 (the screen sends digits; the server keeps only the digits of whatever it gets), programId from the program
 * select ('' or absent: every program of the caller). At least a text criterion or a program is required (the
 * service answers 400 'At least one field must be entered.'; hasApplicantSearchCriterion).
 */
export const ApplicantSearchQuery = z.object({
  firstname: searchText(SEARCH_NAME_MAX),
  lastname: searchText(SEARCH_NAME_MAX),
  email: searchText(EMAIL_MAX),
  mobilePhone: searchText(PHONE_MAX),
  programId: z.union([z.literal(''), databaseIdParam()]).optional(),
});
export type ApplicantSearchQuery = z.infer<typeof ApplicantSearchQuery>;

/** The text criteria of the applicant search; the program narrows it and also counts as a criterion. */
export const APPLICANT_SEARCH_CRITERIA = ['firstname', 'lastname', 'email', 'mobilePhone'] as const;

export interface ApplicantSearchCriteria {
  firstname?: string;
  lastname?: string;
  email?: string;
  /** Digits only (B§5: "digits only sent"). */
  mobilePhone?: string;
  programId?: number;
}

type SearchInput = Partial<Record<(typeof APPLICANT_SEARCH_CRITERIA)[number], string | null | undefined>> & {
  programId?: number | string | null;
};

/**
 * The criteria a search form or query holds, trimmed, with empty values dropped and the phone reduced to its digits
 * (a phone of separators only counts as empty).
 */
export function applicantSearchCriteria(input: SearchInput): ApplicantSearchCriteria {
  const text = (value: string | null | undefined) => {
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  };
  const phone = text(input.mobilePhone);
  const program = input.programId === '' || input.programId == null ? undefined : Number(input.programId);
  const criteria: ApplicantSearchCriteria = {
    firstname: text(input.firstname),
    lastname: text(input.lastname),
    email: text(input.email),
    mobilePhone: phone ? phoneDigits(phone) || undefined : undefined,
    programId: program !== undefined && Number.isInteger(program) && program > 0 ? program : undefined,
  };
  return Object.fromEntries(Object.entries(criteria).filter(([, v]) => v !== undefined)) as ApplicantSearchCriteria;
}

/** B§5 with A§5's text: a name, e-mail, phone or program must be given ('At least one field must be entered.'). */
export function hasApplicantSearchCriterion(input: SearchInput): boolean {
  const criteria = applicantSearchCriteria(input);
  return criteria.programId !== undefined || APPLICANT_SEARCH_CRITERIA.some((key) => criteria[key] !== undefined);
}

/**
 * One pending applicant (B§3 Applicant): the fields the online application took, the program it chose and when it
 * was submitted. The screen shows name, address, e-mail, mobile phone and created date, and prefills the recipient
 * add form from the rest.
 */
export const ApplicantSearchRow = z.object({
  applicantId: z.number().int(),
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  stateId: z.string(),
  zipcode: z.string(),
  email: z.string(),
  /** Digits only, as stored. */
  mobilePhone: z.string(),
  programId: z.number().int(),
  programUuid: z.uuid(),
  programName: z.string(),
  /**
   * The program's status (PROGRAM_STATUS). Applicants of a disabled program stay listed, but they cannot be processed
   * until it is enabled again (recipients are only added to enabled programs), so the screen disables 'Process'.
   */
  programStatusId: z.number().int(),
  /** When the application was submitted (an ISO 8601 instant). */
  createdDate: z.iso.datetime({ offset: true }),
});
export type ApplicantSearchRow = z.infer<typeof ApplicantSearchRow>;

/**
 * The search answer: pending applicants, newest first, at most APPLICANT_SEARCH_CAP of them. totalCount counts the
 * rows answered; countCapped says more match than the cap.
 */
export const ApplicantSearchResult = cappedAnswer(ApplicantSearchRow);
export type ApplicantSearchResult = z.infer<typeof ApplicantSearchResult>;
