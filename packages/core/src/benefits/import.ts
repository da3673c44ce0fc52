import {
  AUTHORIZATION_NUMBER_MAX,
  BENEFIT_NOTE_MAX,
  ISSUE_ACCOUNT_ID_MAX,
  MAX_BENEFIT_AMOUNT_CENTS,
} from '../constants/index.js';
import { INCENTIVE_AUTHORIZATION_NUMBER } from '../constants/limits.js';
import { BENEFIT_TYPE } from '../enums/index.js';
import { formatMoney, isIsoDate } from '../format/index.js';
import { FileImportAnswer } from '../imports/file-answer.js';
import { fillMessage } from '../messages/fill.js';
import { MESSAGES } from '../messages/messages.js';
import { AUTHORIZATION_NUMBER_PATTERN } from '../validation/patterns.js';
import { BENEFIT_MESSAGES } from './messages.js';
import { benefitDateIn } from './rules.js';

// The benefit file (part 1 §2 "Upload Benefit File", §5 "File upload", §7 POST /benefit-api/benefit/file, §8):
// its columns, how one row's cells are read, and the answer. The layout is ours (the specification does not show it):
// docs/benefit-file.md and docs/decisions/0011-benefit-life-cycle-and-import.md.

// ---------------------------------------------------------------------------------------------------------------
// Answer

/**
 * POST /benefit-api/benefit/file, 200 (part 1 §7-§8: 'Benefit file processed.' with the counts): the answer every file
 * import gives (imports/file-answer.ts). Added: benefits issued; updated: Issued benefits whose dates, amount,
 * funding, option or note the file changed; unchanged: rows naming a benefit exactly as it is.
 */
export const BenefitFileAnswer = FileImportAnswer;
export type BenefitFileAnswer = FileImportAnswer;

/** Texts of the import that the specification does not quote (ours); the quoted ones are in MESSAGES. */
export const BENEFIT_IMPORT_MESSAGES = {
  INVALID_DATE: 'Enter a date as YYYY-MM-DD or MM/DD/YYYY.',
  INVALID_TYPE: 'Type must be Regular (1) or Incentive (2).',
  INVALID_AMOUNT: 'Enter an amount such as 25 or 25.50.',
  NOT_A_PROGRAM_OF_CALLER: 'No program of yours has this name, short name or id.',
  FUNDING_NOT_FOUND: 'No funding source of this name in the program.',
  INCENTIVE_NOT_FOUND: 'No incentive of this name in the program.',
  INCENTIVE_AMBIGUOUS: 'More than one incentive of the program has this name; give its uuid.',
  AGENCY_NOT_FOUND: 'No agency of this code or name in the program.',
  TYPE_CHANGE: 'The benefit exists as {type}; a file cannot change its type or incentive.',
  NO_DATA_ROWS: 'The file has a header but no benefit rows.',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Columns

/**
 * The columns of a benefit file and the header names each accepts (compared without case, spaces or punctuation,
 * so 'Account ID', 'account_id' and 'AccountId' are one). The first name is the one the sample and the docs use;
 * the others are the API's field names and the headers of the benefit export, so an export can be edited and
 * uploaded again.
 */
export const BENEFIT_FILE_COLUMNS = {
  program: [
    'Program',
    'Program Short Name',
    'Short Name',
    'programUuid',
    'programId',
    'benefitProgramIdentifier',
    'Program Name',
  ],
  accountId: [
    'Account ID',
    'recipientIdentifier',
    'benefitRecipientAccountIdentifier',
    'Recipient Account ID',
    'Recipient ID',
  ],
  authorizationNumber: [
    'Authorization Number',
    'benefitAuthorizationNumber',
    'benefitAuthNumber',
    'Auth Number',
    'Authorization No',
    'authNo',
  ],
  availableDate: ['Available Date', 'benefitAvailableDate'],
  expirationDate: ['Expiration Date', 'benefitExpirationDate', 'benefitExpiryDate', 'Expiry Date'],
  amount: ['Amount', 'benefitAmount', 'Benefit Amount'],
  fundingSource: ['Funding Source', 'fundingSource', 'Funding', 'fundingId', 'Funding Source Name'],
  type: ['Type', 'Benefit Type', 'benefitTypeId', 'benefitType'],
  incentive: ['Incentive', 'incentiveUuid', 'Incentive Name'],
  option: ['Option', 'Benefit Option', 'benefitOptionId'],
  note: ['Note', 'Notes', 'Benefit Note'],
  agency: ['Agency', 'Agency Code', 'agencyCode', 'agencyUuid'],
} as const satisfies Record<string, readonly string[]>;
export type BenefitFileColumn = keyof typeof BENEFIT_FILE_COLUMNS;

/** Columns a file must have (a header without them answers 422 and names them). */
export const BENEFIT_FILE_REQUIRED_COLUMNS = [
  'accountId',
  'authorizationNumber',
  'availableDate',
  'expirationDate',
  'amount',
] as const satisfies readonly BenefitFileColumn[];

/**
 * The sample benefit file names only accounts made for samples (decision 0117): Account IDs that start with this,
 * with no portal user and no way to be notified ('Sample Recipient', one per agency of each demo program). Where
 * none exists the sample names `SAMPLE`, whose rows are refused: a sample never issues to a real recipient.
 */
export const SAMPLE_ACCOUNT_ID_PREFIX = 'SAMPLE';

/** The header of the sample file and of the template the upload page offers, in order. */
export const BENEFIT_FILE_SAMPLE_HEADER = [
  'Program',
  'Account ID',
  'Authorization Number',
  'Available Date',
  'Expiration Date',
  'Amount',
  'Funding Source',
  'Type',
  'Incentive',
  'Option',
  'Note',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// One row

/** A row's cells by column (absent column: undefined; empty cell: ''). */
export type BenefitFileCells = Partial<Record<BenefitFileColumn, string>>;

/** A row's values after the field rules; references (program, funding, incentive, option, agency) are still text. */
export interface BenefitFileRowValues {
  program: string;
  accountId: string;
  /** Null: an Incentive benefit whose number the server generates (blank or AUTO-GENERATED). */
  authorizationNumber: string | null;
  availableDate: string;
  expirationDate: string;
  amountCents: number;
  fundingSource: string;
  benefitTypeId: 1 | 2;
  incentive: string;
  option: string;
  note: string | null;
  agency: string;
}

export interface BenefitFileProblem {
  column: BenefitFileColumn | null;
  message: string;
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A date cell: YYYY-MM-DD (what a workbook's date cells are read as), an ISO date-time (its date in `timeZone`), or
 * the US M/D/YYYY that Excel writes into a CSV. Null when it is none of them or no real day.
 */
export function fileDate(text: string, timeZone: string): string | null {
  const us = US_DATE.exec(text.trim());
  if (us) {
    const iso = `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
    return isIsoDate(iso) ? iso : null;
  }
  return benefitDateIn(text, timeZone);
}

/** An amount cell: digits with at most two decimals, optionally with '$' and thousands separators; cents or null. */
export function fileAmountCents(text: string): number | null {
  const plain = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(plain)) return null;
  const [whole = '', fraction = ''] = plain.split('.');
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A type cell: empty is Regular; 1, R or Regular; 2, I or Incentive (any case). */
export function fileBenefitType(text: string): 1 | 2 | null {
  const key = text.trim().toLowerCase();
  if (['', '1', 'r', 'regular'].includes(key)) return BENEFIT_TYPE.REGULAR;
  if (['2', 'i', 'incentive'].includes(key)) return BENEFIT_TYPE.INCENTIVE;
  return null;
}

/**
 * The field rules of POST /benefit-api/benefit (IssueBenefitBody) applied to one row's cells: required values,
 * lengths, the authorization number pattern, dates, amount format and bounds, type, incentive for type 2. The rules
 * that need the program and today (issueRuleProblems) and the look-ups are the server's.
 */
export function readBenefitFileRow(
  cells: BenefitFileCells,
  timeZone: string,
): { values: BenefitFileRowValues | null; problems: BenefitFileProblem[] } {
  const problems: BenefitFileProblem[] = [];
  const text = (column: BenefitFileColumn) => (cells[column] ?? '').trim();
  const problem = (column: BenefitFileColumn | null, message: string) => problems.push({ column, message });
  const tooLong = (max: number) => fillMessage(MESSAGES.TOO_LONG, { max });

  const accountId = text('accountId');
  if (accountId === '') problem('accountId', MESSAGES.FIELD_REQUIRED);
  else if (accountId.length > ISSUE_ACCOUNT_ID_MAX) problem('accountId', tooLong(ISSUE_ACCOUNT_ID_MAX));

  const benefitTypeId = fileBenefitType(text('type'));
  if (benefitTypeId === null) problem('type', BENEFIT_IMPORT_MESSAGES.INVALID_TYPE);

  // Part 1 §4: an Incentive benefit's number is generated (the form sends AUTO-GENERATED); a Regular one needs its own.
  let authorizationNumber: string | null = text('authorizationNumber');
  const isAuto = authorizationNumber === '' || authorizationNumber.toUpperCase() === INCENTIVE_AUTHORIZATION_NUMBER;
  if (benefitTypeId === BENEFIT_TYPE.INCENTIVE && isAuto) authorizationNumber = null;
  else if (authorizationNumber === '') problem('authorizationNumber', MESSAGES.FIELD_REQUIRED);
  else if (
    authorizationNumber.length > AUTHORIZATION_NUMBER_MAX ||
    !AUTHORIZATION_NUMBER_PATTERN.test(authorizationNumber)
  ) {
    problem('authorizationNumber', MESSAGES.INVALID_AUTHORIZATION_NUMBER);
  } else if (benefitTypeId === BENEFIT_TYPE.REGULAR && isAuto)
    problem('authorizationNumber', BENEFIT_MESSAGES.AUTH_NUMBER_RESERVED);

  const dateOf = (column: 'availableDate' | 'expirationDate') => {
    const value = text(column);
    if (value === '') problem(column, MESSAGES.FIELD_REQUIRED);
    else {
      const date = fileDate(value, timeZone);
      if (date) return date;
      problem(column, BENEFIT_IMPORT_MESSAGES.INVALID_DATE);
    }
    return '';
  };
  const availableDate = dateOf('availableDate');
  const expirationDate = dateOf('expirationDate');

  const amountText = text('amount');
  let amountCents = 0;
  if (amountText === '') problem('amount', MESSAGES.FIELD_REQUIRED);
  else if (/^-/.test(amountText)) problem('amount', MESSAGES.AMOUNT_NEGATIVE);
  else {
    const cents = fileAmountCents(amountText);
    if (cents === null) problem('amount', BENEFIT_IMPORT_MESSAGES.INVALID_AMOUNT);
    else if (cents > MAX_BENEFIT_AMOUNT_CENTS)
      problem('amount', fillMessage(MESSAGES.AMOUNT_TOO_HIGH, { max: formatMoney(MAX_BENEFIT_AMOUNT_CENTS / 100) }));
    else amountCents = cents;
  }

  const incentive = text('incentive');
  if (benefitTypeId === BENEFIT_TYPE.INCENTIVE && incentive === '') problem('incentive', MESSAGES.INCENTIVE_REQUIRED);
  if (benefitTypeId === BENEFIT_TYPE.REGULAR && incentive !== '')
    problem('incentive', BENEFIT_MESSAGES.INCENTIVE_NOT_FOR_REGULAR);

  const note = text('note');
  if (note.length > BENEFIT_NOTE_MAX) problem('note', tooLong(BENEFIT_NOTE_MAX));

  if (problems.length > 0 || benefitTypeId === null) return { values: null, problems };
  return {
    values: {
      program: text('program'),
      accountId,
      authorizationNumber,
      availableDate,
      expirationDate,
      amountCents,
      fundingSource: text('fundingSource'),
      benefitTypeId,
      incentive,
      option: text('option'),
      note: note === '' ? null : note,
      agency: text('agency'),
    },
    problems,
  };
}
