import { z } from 'zod';
import { ACCOUNT_FILE_ACTION, type AccountFileAction, parseCardIssuance } from '../enums/codes.js';
import { fillMessage } from '../messages/fill.js';
import { MESSAGES } from '../messages/messages.js';
import { RECIPIENT_MESSAGES } from './messages.js';
import { RecipientFormValues } from './schemas.js';
import type { FileImportAnswer } from '../imports/file-answer.js';

// The account file (part 2 §2 "Account file", §5 "Files", §7 "Account import", §8, §9): one CSV, XLS or XLSX file of
// recipients to add or update in one program. The specification names the action codes and the card issuance values
// but not the layout; the layout below is ours (docs/account-file.md, docs/decisions/0009-recipient-rules.md). Every
// row passes the rules of the add form (part 1 §5 "Recipient forms"), through the same RecipientFormValues schema.

// ---------------------------------------------------------------------------------------------------------------
// Action codes and card issuance (part 2 §9; the codes and values themselves are enums/codes.ts)

/**
 * An action code cell: '01', '02' or '03'. A spreadsheet that stores the code as a number shows it without its
 * leading zero, so '1', '2' and '3' mean the same; anything else is null.
 */
export function parseAccountFileAction(text: string | undefined): AccountFileAction | null {
  const match = /^0?([123])$/.exec((text ?? '').trim());
  return match ? (`0${match[1]}` as AccountFileAction) : null;
}

/** A card issuance cell: true or false (part 2 §9 values, any case); undefined when blank; null when unreadable. */
export function readCardIssuanceCell(text: string | undefined): boolean | null | undefined {
  const value = (text ?? '').trim();
  return value === '' ? undefined : parseCardIssuance(value);
}

/**
 * A zip as a spreadsheet may hold it: a zip typed as a number loses its leading zeros (06103 shows as 6103), which
 * would refuse most of New England. Three or four digits, with or without the +4 part, get their zeros back.
 */
export function restoreZipZeros(text: string): string {
  const value = text.trim();
  const match = /^(\d{3,4})(-\d{4})?$/.exec(value);
  return match ? match[1]!.padStart(5, '0') + (match[2] ?? '') : value;
}

// ---------------------------------------------------------------------------------------------------------------
// Columns

export interface AccountFileColumn {
  /** The field the column fills (the wire name where there is one). */
  key: string;
  /** The name the sample file and the documentation use. */
  header: string;
  /** Other accepted header names; case, spaces and punctuation are ignored ('E-mail' is 'email'). */
  aliases: readonly string[];
  /** Whether the header row must name this column (else the file answers 422 'Invalid file content.'). */
  required: boolean;
  /** One sentence for the screen's help and docs/account-file.md. */
  help: string;
}

/** The columns in the order of the sample file. Other columns are ignored, so an export can be edited and sent back. */
export const ACCOUNT_FILE_COLUMNS = [
  {
    key: 'actionCode',
    header: 'Action Code',
    aliases: ['Action', 'Action Cd', 'Action Type'],
    required: true,
    help: '01 Add Recipient (Active), 02 Add Inactive, 03 Update Recipient.',
  },
  {
    key: 'recipientIdentifier',
    header: 'Account ID',
    aliases: ['Recipient Identifier', 'Recipient ID', 'Account Number', 'Account No'],
    required: false,
    help: 'Required on 03 rows: the account to update. Empty on 01 and 02 rows: the Account ID is generated.',
  },
  {
    key: 'agencyCode',
    header: 'Agency Code',
    aliases: ['Agency'],
    required: false,
    help: "The code of one of the program's agencies (its name also works when no other agency has it). Required for agency staff; empty puts a new recipient at program level; on 03 rows empty keeps the agency.",
  },
  {
    key: 'firstname',
    header: 'First Name',
    aliases: ['First'],
    required: true,
    help: 'Required, at most 100 characters.',
  },
  {
    key: 'middlename',
    header: 'Middle Initial',
    aliases: ['Middle', 'Middle Name', 'MI'],
    required: false,
    help: 'At most 1 character.',
  },
  {
    key: 'lastname',
    header: 'Last Name',
    aliases: ['Last', 'Surname'],
    required: true,
    help: 'Required, at most 100 characters.',
  },
  {
    key: 'address1',
    header: 'Address 1',
    aliases: ['Address', 'Address Line 1', 'Street'],
    required: true,
    help: 'Required, at most 60 characters.',
  },
  {
    key: 'address2',
    header: 'Address 2',
    aliases: ['Address Line 2'],
    required: false,
    help: 'At most 60 characters.',
  },
  { key: 'city', header: 'City', aliases: ['Town'], required: true, help: 'Required, at most 60 characters.' },
  {
    key: 'stateCode',
    header: 'State',
    aliases: ['State Code', 'St'],
    required: true,
    help: 'Required: the two-letter code of a US state or DC (CT).',
  },
  {
    key: 'zipcode',
    header: 'Zip',
    aliases: ['Zip Code', 'Postal Code'],
    required: true,
    help: 'Required: 5 digits, optionally a dash and 4 more (06103 or 06103-1234).',
  },
  {
    key: 'email',
    header: 'Email',
    aliases: ['Email Address'],
    required: true,
    help: 'Required, at most 255 characters; no other recipient of the program may have it.',
  },
  {
    key: 'mobilePhone',
    header: 'Mobile Phone',
    aliases: ['Mobile', 'Mobile Number', 'Cell Phone', 'Phone'],
    required: true,
    help: 'Required: a US mobile number, 10 digits whose area code and next three digits do not start with 0 or 1, separators allowed ((860) 555-0147); stored as digits.',
  },
  {
    key: 'cardIssuanceCode',
    header: 'Card Issuance',
    aliases: ['Card Issuance Code', 'Issue Card'],
    required: false,
    help: 'Y, true, T or 1 for yes; N, false, F or 0 for no; empty is no.',
  },
] as const satisfies readonly AccountFileColumn[];

export type AccountFileColumnKey = (typeof ACCOUNT_FILE_COLUMNS)[number]['key'];

/** Accepted header names per column, for the server's column mapping: the header, its aliases and the wire name. */
export const ACCOUNT_FILE_HEADER_NAMES = Object.fromEntries(
  ACCOUNT_FILE_COLUMNS.map((column) => [column.key, [column.header, ...column.aliases, column.key]]),
) as unknown as Record<AccountFileColumnKey, readonly string[]>;

export const ACCOUNT_FILE_COLUMN_HEADER = Object.fromEntries(
  ACCOUNT_FILE_COLUMNS.map((column) => [column.key, column.header]),
) as Record<AccountFileColumnKey, string>;

/** The required columns a header row lacks, given the columns it has. */
export function missingAccountFileColumns(present: Iterable<string>): AccountFileColumn[] {
  const have = new Set(present);
  return ACCOUNT_FILE_COLUMNS.filter((column) => column.required && !have.has(column.key));
}

/** The 422 lines for a header row without some required columns. */
export function missingColumnMessages(missing: readonly AccountFileColumn[]): string[] {
  return missing.map((column) => fillMessage(RECIPIENT_MESSAGES.FILE_COLUMN_MISSING, { column: column.header }));
}

// ---------------------------------------------------------------------------------------------------------------
// One row

/** A data row's cells by column. A key is present exactly when the file has that column. */
export type AccountFileCells = Partial<Record<AccountFileColumnKey, string>>;

export interface AccountFileProblem {
  column?: AccountFileColumnKey;
  reason: string;
}

/** The fields a row sets. On a 03 row a column the file does not have is left out: the account keeps its value. */
export type AccountFileFields = Omit<RecipientFormValues, 'middlename' | 'address2' | 'cardIssuanceCode'> &
  Partial<Pick<RecipientFormValues, 'middlename' | 'address2' | 'cardIssuanceCode'>>;

export interface AccountFileRowValues {
  action: AccountFileAction;
  /** Set on 03 rows (the account to update), null on add rows. */
  recipientIdentifier: string | null;
  /** The agency code or name as typed; null when empty or when the file has no agency column. */
  agencyCode: string | null;
  fields: AccountFileFields;
}

export type AccountFileRowReading =
  { ok: true; row: AccountFileRowValues } | { ok: false; problems: AccountFileProblem[] };

const FORM_KEYS = [
  'firstname',
  'middlename',
  'lastname',
  'address1',
  'address2',
  'city',
  'stateCode',
  'zipcode',
  'email',
  'mobilePhone',
] as const;
/** Optional columns a 03 row leaves as they are when the file does not have them. */
const KEPT_WHEN_ABSENT = ['middlename', 'address2', 'cardIssuanceCode'] as const;

const isAdd = (action: AccountFileAction) => action !== ACCOUNT_FILE_ACTION.UPDATE;

/**
 * Reads one data row into the values it sets, or the problems that keep it from being applied (one per column, in
 * column order). Pure: what needs the database (the agency, the account to update, e-mails in use) is the server's.
 */
export function readAccountFileRow(cells: AccountFileCells): AccountFileRowReading {
  const problems: AccountFileProblem[] = [];
  const action = parseAccountFileAction(cells.actionCode);
  if (!action) problems.push({ column: 'actionCode', reason: RECIPIENT_MESSAGES.FILE_ACTION_CODE_INVALID });

  const identifier = cells.recipientIdentifier?.trim() || null;
  if (action && isAdd(action) && identifier) {
    problems.push({ column: 'recipientIdentifier', reason: RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_ON_ADD });
  } else if (action === ACCOUNT_FILE_ACTION.UPDATE && !identifier) {
    problems.push({ column: 'recipientIdentifier', reason: RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_REQUIRED });
  }

  const card = readCardIssuanceCell(cells.cardIssuanceCode);
  const input: Record<string, unknown> = {};
  for (const key of FORM_KEYS) input[key] = cells[key] ?? (key === 'middlename' || key === 'address2' ? null : '');
  if (typeof input.zipcode === 'string') input.zipcode = restoreZipZeros(input.zipcode);
  input.cardIssuanceCode = card ?? false;

  const parsed = RecipientFormValues.safeParse(input);
  const formProblems = new Map<AccountFileColumnKey, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as AccountFileColumnKey;
      if (formProblems.has(key)) continue;
      const blank = String(input[key] ?? '').trim() === '';
      // 'Select a state.' is the form's text for its drop-down; a typed cell needs to say what it expects.
      formProblems.set(key, key === 'stateCode' && !blank ? RECIPIENT_MESSAGES.FILE_STATE_INVALID : issue.message);
    }
  }
  if (card === null) formProblems.set('cardIssuanceCode', RECIPIENT_MESSAGES.FILE_CARD_ISSUANCE_INVALID);
  for (const column of ACCOUNT_FILE_COLUMNS) {
    const reason = formProblems.get(column.key);
    if (reason) problems.push({ column: column.key, reason });
  }

  if (!action || !parsed.success || problems.length > 0) return { ok: false, problems };

  const fields: AccountFileFields = { ...parsed.data };
  if (!isAdd(action)) {
    for (const key of KEPT_WHEN_ABSENT) if (!(key in cells)) delete fields[key];
  }
  return {
    ok: true,
    row: { action, recipientIdentifier: identifier, agencyCode: cells.agencyCode?.trim() || null, fields },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Request and answer (part 2 §7 "Account import")

/** POST /account-api/account/file/{programUuid} with the multipart field accountFile. */
export const AccountFileParams = z.object({ programUuid: z.uuid() });
export type AccountFileParams = z.infer<typeof AccountFileParams>;

/** The multipart field that carries the file (part 2 §7). */
export const ACCOUNT_FILE_FIELD = 'accountFile';

// The answer is every file import's (FileImportAnswer, imports/file-answer.ts), 'Account file processed.' with the
// counts (part 2 §7-§8): added counts the 01 and 02 rows applied, updated the 03 rows that changed an account,
// unchanged the 03 rows whose values were already equal, rejected the rows not applied.

/** The counts line beside 'Account file processed.' (part 2 §8 says the message carries them). */
export function accountFileCounts(result: Pick<FileImportAnswer, 'processed' | 'added' | 'updated'>): string {
  return fillMessage(MESSAGES.FILE_PROCESSED_COUNTS, result);
}
