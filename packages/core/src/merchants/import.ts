import { MERCHANT_ID_MAX } from '../constants/limits.js';
import {
  BANK_ACCOUNT_TYPE_LABEL,
  type BankAccountType,
  MERCHANT_FILE_ACTION,
  type MerchantFileAction,
  TAX_CLASSES,
  type TaxClassId,
  TIN_TYPES,
  type TinTypeId,
} from '../enums/index.js';
import { fillMessage } from '../messages/fill.js';
import { MESSAGES } from '../messages/messages.js';
import { restoreZipZeros } from '../recipients/import.js';
import { optionalText } from '../validation/fields.js';
import { AddMerchantBody, type MerchantAddressInput, MerchantBankInput } from './form.js';

// The merchant file (B§2 "Merchant file upload", B§5 "Files", B§7 POST /merchant-api/merchant/file, B§8, B§9): its
// columns, how one row's cells are read, and the texts of its refusals. B§9 gives the action codes and the lookups but
// "the list of optional merchant-file fields: not shown": the layout is ours (docs/merchant-file.md, decision 0023).
// Every field goes through the merchant form's own schemas (form.ts), so a file row and the form cannot disagree.

/** Texts of the import that the specification does not quote (ours); the quoted ones are in MESSAGES. */
export const MERCHANT_IMPORT_MESSAGES = {
  ACTION_CODE_INVALID:
    'Action code must be 01 (Add Active Merchant), 02 (Add Inactive Merchant), 03 (Disable Merchant), 04 (Update Merchant) or 05 (Update Merchant Bank Info).',
  PROGRAM_REQUIRED: 'Enter the short name of the program.',
  NOT_A_PROGRAM_OF_CALLER: 'No program of yours has this short name.',
  MERCHANT_ID_REQUIRED: 'The Merchant ID of the merchant to change is required for action code {code}.',
  MERCHANT_NOT_IN_PROGRAM: 'No merchant with this Merchant ID is mapped to the program.',
  MERCHANT_ID_EXISTS: MESSAGES.MERCHANT_ID_EXISTS,
  MERCHANT_ID_TWICE: 'The Merchant ID appears more than once in the file (first on row {row}).',
  UPDATE_NOT_ALLOWED: 'Action code {code} needs the MERCHANT_UPDATE privilege.',
  BANK_VIEW_REQUIRED: 'Action code 05 needs the BANK_VIEW privilege.',
  STATE_INVALID: 'State must be the two-letter code of a US state or DC.',
  TAX_CLASS_INVALID:
    'Tax classification must be one of Individual (Sole Proprietor), C Corp, S Corp, Partnership, Trust/Estate, LLC, Other (or 1 to 7).',
  TIN_TYPE_INVALID: 'Tax ID type must be SSN or EIN (or 1, 2).',
  ACCOUNT_TYPE_INVALID: 'Account type must be Checking or Savings (or 0, 1).',
  LATITUDE_INVALID: 'Latitude must be a number from -90 to 90.',
  LONGITUDE_INVALID: 'Longitude must be a number from -180 to 180.',
  COORDINATES_PAIR: 'Give both latitude and longitude, or neither.',
  COLUMNS_MISSING: 'The file lacks the column(s): {columns}.',
  NO_DATA_ROWS: 'The file has a header but no merchant rows.',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Columns

export interface MerchantFileColumnDefinition {
  /** The field the column fills. */
  key: string;
  /** The name the sample file and the documentation use. */
  header: string;
  /** Other accepted header names; case, spaces and punctuation are ignored ('Merchant ID' is 'merchant_id'). */
  aliases: readonly string[];
  /** Whether the header row must name this column (else the file answers 422 'Invalid file content.'). */
  required: boolean;
  /** One sentence for docs/merchant-file.md and the screen's help. */
  help: string;
}

export type MerchantFileAddressKind = 'registered' | 'mailing' | 'physical';

/** The address columns of one kind: registered ones have plain names, the others a 'Mailing '/'Physical ' prefix. */
function addressColumns<P extends '' | 'mailing' | 'physical'>(prefix: P) {
  const head = prefix === '' ? '' : prefix === 'mailing' ? 'Mailing ' : 'Physical ';
  const key = (name: string) => (prefix === '' ? name : `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}`);
  const who =
    prefix === ''
      ? 'Registered address: required on 01, 02 and 04 rows'
      : `${head.trim()} address: all its cells blank is the registered address; given, it is a whole address`;
  const aliasesOf = (names: string[]) => names.map((n) => `${head}${n}`);
  return [
    {
      key: key('address1'),
      header: `${head}Address 1`,
      aliases: aliasesOf(['Address', 'Address Line 1', 'Address One', 'Street']),
      required: false,
      help: `${who}; at most 60 characters.`,
    },
    {
      key: key('address2'),
      header: `${head}Address 2`,
      aliases: aliasesOf(['Address Line 2', 'Address Two']),
      required: false,
      help: 'At most 60 characters.',
    },
    {
      key: key('city'),
      header: `${head}City`,
      aliases: [],
      required: false,
      help: 'Required with its address, at most 60 characters.',
    },
    {
      key: key('state'),
      header: `${head}State`,
      aliases: aliasesOf(['State Code', 'St']),
      required: false,
      help: 'Required with its address: the two-letter code of a US state or DC (CT, any case).',
    },
    {
      key: key('zip'),
      header: `${head}Zip`,
      aliases: aliasesOf(['Zip Code', 'Zipcode', 'Postal Code']),
      required: false,
      help: 'Required with its address: 5 digits, optionally a dash and 4 more (06103 or 06103-1234); 3 or 4 digits get their leading zeros back.',
    },
    {
      key: key('latitude'),
      header: `${head}Latitude`,
      aliases: aliasesOf(['Lat']),
      required: false,
      help: 'Optional, -90 to 90, with the longitude; blank: the centre of the ZIP code.',
    },
    {
      key: key('longitude'),
      header: `${head}Longitude`,
      aliases: aliasesOf(['Long', 'Lng', 'Lon']),
      required: false,
      help: 'Optional, -180 to 180, with the latitude; blank: the centre of the ZIP code.',
    },
  ] as const;
}

/** The columns in the order of the sample file. Other columns are ignored. */
export const MERCHANT_FILE_COLUMNS = [
  {
    key: 'actionCode',
    header: 'Action Code',
    aliases: ['Action', 'Action Cd', 'Action Type'],
    required: true,
    help: '01 Add Active Merchant, 02 Add Inactive Merchant, 03 Disable Merchant, 04 Update Merchant, 05 Update Merchant Bank Info (1 to 5 also work).',
  },
  {
    key: 'program',
    header: 'Program Short Name',
    aliases: ['Program', 'Short Name', 'shortname', 'Program Short Nm'],
    required: true,
    help: 'The short name of one of your programs (any case). 01 and 02 map the new merchant to it; 03, 04 and 05 need a merchant mapped to it.',
  },
  {
    key: 'merchantIdentifier',
    header: 'Merchant ID',
    aliases: ['Merchant Identifier', 'merchantIdentifier', 'Merchant Number', 'merchantNbr'],
    required: false,
    help: 'At most 20 characters. Optional on 01 and 02 (blank: one is generated); required on 03, 04 and 05.',
  },
  {
    key: 'merchantName',
    header: 'Merchant Name',
    aliases: ['Name', 'merchantName'],
    required: false,
    help: 'Required on 01, 02 and 04 rows, at most 50 characters.',
  },
  {
    key: 'fnsNumber',
    header: 'FNS Number',
    aliases: ['FNS', 'FNS No'],
    required: false,
    help: 'Exactly 7 characters when given.',
  },
  {
    key: 'email',
    header: 'Email',
    aliases: ['E-mail', 'Email Address'],
    required: false,
    help: 'Required on 01, 02 and 04 rows, at most 255 characters.',
  },
  {
    key: 'businessPhone',
    header: 'Business Phone',
    aliases: ['Phone', 'Business Phone Number'],
    required: false,
    help: 'Required on 01, 02 and 04 rows: 10 digits, separators allowed; stored as digits.',
  },
  {
    key: 'mobilePhone',
    header: 'Mobile Phone',
    aliases: ['Mobile', 'Cell Phone', 'Mobile Phone Number'],
    required: false,
    help: 'Required on 01, 02 and 04 rows: 10 digits, separators allowed; stored as digits.',
  },
  {
    key: 'taxId',
    header: 'Federal Tax ID',
    aliases: ['Tax ID', 'TIN', 'taxId', 'Federal TIN'],
    required: false,
    help: 'BANK_VIEW only (ignored without it): 9 digits; blank keeps the stored one.',
  },
  {
    key: 'tinType',
    header: 'Tax ID Type',
    aliases: ['TIN Type', 'tinTypeId', 'Tax ID Type Id'],
    required: false,
    help: 'BANK_VIEW only: SSN or EIN (1, 2); blank keeps the stored one.',
  },
  {
    key: 'taxClass',
    header: 'Tax Classification',
    aliases: ['Tax Class', 'taxClassId', 'Tax Classification Id'],
    required: false,
    help: 'BANK_VIEW only: Individual (Sole Proprietor), C Corp, S Corp, Partnership, Trust/Estate, LLC or Other (1 to 7); blank keeps the stored one.',
  },
  ...addressColumns(''),
  ...addressColumns('mailing'),
  ...addressColumns('physical'),
  {
    key: 'bankName',
    header: 'Bank Name',
    aliases: ['Bank'],
    required: false,
    help: 'At most 45 characters.',
  },
  {
    key: 'bankAccountNumber',
    header: 'Bank Account Number',
    aliases: ['Account Number', 'bankAccountNumber', 'Account No'],
    required: false,
    help: 'Required on 05 rows, at most 45 characters; stored encrypted.',
  },
  {
    key: 'bankRoutingNumber',
    header: 'Bank Routing Number',
    aliases: ['Routing Number', 'bankRoutingNumber', 'ABA'],
    required: false,
    help: 'Required on 05 rows, 8 to 45 characters; stored encrypted.',
  },
  {
    key: 'bankAccountType',
    header: 'Bank Account Type',
    aliases: ['Account Type', 'bankAccountType'],
    required: false,
    help: 'Required on 05 rows: Checking or Savings (0, 1).',
  },
  {
    key: 'holderFirstName',
    header: 'Account Holder First Name',
    aliases: ['Holder First Name', 'Bank First Name'],
    required: false,
    help: 'Required on 05 rows, at most 100 characters.',
  },
  {
    key: 'holderMiddleInitial',
    header: 'Account Holder Middle Initial',
    aliases: ['Holder Middle Initial', 'Bank Middle Initial'],
    required: false,
    help: 'At most 1 character.',
  },
  {
    key: 'holderLastName',
    header: 'Account Holder Last Name',
    aliases: ['Holder Last Name', 'Bank Last Name'],
    required: false,
    help: 'Required on 05 rows, at most 100 characters.',
  },
] as const satisfies readonly MerchantFileColumnDefinition[];

export type MerchantFileColumn = (typeof MERCHANT_FILE_COLUMNS)[number]['key'];

/** Accepted header names per column, for the server's column mapping: the header, its aliases and the key. */
export const MERCHANT_FILE_HEADER_NAMES = Object.fromEntries(
  MERCHANT_FILE_COLUMNS.map((column) => [column.key, [column.header, ...column.aliases, column.key]]),
) as unknown as Record<MerchantFileColumn, readonly string[]>;

/** Column keys in file order: a refused row's problems are listed in this order. */
export const MERCHANT_FILE_COLUMN_ORDER: readonly MerchantFileColumn[] = MERCHANT_FILE_COLUMNS.map((c) => c.key);

/** The header of the sample file, in order. */
export const MERCHANT_FILE_SAMPLE_HEADER: readonly string[] = MERCHANT_FILE_COLUMNS.map((c) => c.header);

/** The 422 lines for a header row without some required columns (none: it has them all). */
export function missingMerchantFileColumns(present: readonly string[]): string[] {
  const missing = MERCHANT_FILE_COLUMNS.filter((c) => c.required && !present.includes(c.key));
  return missing.length
    ? [fillMessage(MERCHANT_IMPORT_MESSAGES.COLUMNS_MISSING, { columns: missing.map((c) => c.header).join(', ') })]
    : [];
}

// ---------------------------------------------------------------------------------------------------------------
// Cells

/** An action code cell: '01'-'05'; '1'-'5' too (a spreadsheet drops the zero of a number); else null. */
export function parseMerchantFileAction(text: string | undefined): MerchantFileAction | null {
  const match = /^0?([1-5])$/.exec((text ?? '').trim());
  return match ? (`0${match[1]}` as MerchantFileAction) : null;
}

const labelKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A lookup cell: its code, or its label without regard to case, spaces and punctuation; null when neither. */
function byCodeOrLabel<T extends number>(text: string, options: readonly { id: T; label: string }[]): T | null {
  const key = labelKey(text);
  return options.find((o) => String(o.id) === text.trim() || labelKey(o.label) === key)?.id ?? null;
}

const TAX_CLASS_OPTIONS = TAX_CLASSES.map((t) => ({ id: t.taxClassId, label: t.descr }));
const TIN_TYPE_OPTIONS = TIN_TYPES.map((t) => ({ id: t.tinTypeId, label: t.descr }));
const ACCOUNT_TYPE_OPTIONS = (Object.entries(BANK_ACCOUNT_TYPE_LABEL) as [string, string][]).map(([id, label]) => ({
  id: Number(id) as BankAccountType,
  label,
}));

/** B§9 tax classification by label ('LLC', 'c corp', 'Individual (Sole Proprietor)' or 'Individual') or id 1-7. */
export function parseTaxClass(text: string): TaxClassId | null {
  return byCodeOrLabel(text, TAX_CLASS_OPTIONS) ?? (labelKey(text) === 'individual' ? 1 : null);
}

/** B§9 tax ID type: SSN or EIN, or 1, 2. */
export function parseTinType(text: string): TinTypeId | null {
  return byCodeOrLabel(text, TIN_TYPE_OPTIONS);
}

/** B§9 bank account type: Checking or Savings, or 0, 1. */
export function parseBankAccountType(text: string): BankAccountType | null {
  return byCodeOrLabel(text, ACCOUNT_TYPE_OPTIONS);
}

/** A coordinate cell: a decimal number within ±`limit`; null when it is not one. */
export function parseCoordinate(text: string, limit: number): number | null {
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text.trim())) return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

// ---------------------------------------------------------------------------------------------------------------
// One row

/** A row's cells by column (absent column: undefined; empty cell: ''). */
export type MerchantFileCells = Partial<Record<MerchantFileColumn, string>>;

export interface MerchantFileProblem {
  column?: MerchantFileColumn;
  reason: string;
}

export interface MerchantFileAddress extends MerchantAddressInput {
  /** Given in the file, or null: the server takes the ZIP code's centre. */
  latitude: number | null;
  longitude: number | null;
}

/** The merchant form's fields of a 01, 02 or 04 row, after the form's rules (phones as digits, state upper case). */
export interface MerchantFileForm {
  merchantName: string;
  fnsNumber: string | null;
  email: string;
  businessPhone: string;
  mobilePhone: string;
  addresses: Record<MerchantFileAddressKind, MerchantFileAddress>;
}

/** Tax fields (read only for BANK_VIEW holders); null: keep the stored value (nothing on a new merchant). */
export interface MerchantFileTax {
  taxId: string | null;
  tinTypeId: TinTypeId | null;
  taxClassId: TaxClassId | null;
}

export interface MerchantFileRowValues {
  action: MerchantFileAction;
  /** The program's short name as typed. */
  program: string;
  /** Null on an add row without one: the server generates it. */
  merchantIdentifier: string | null;
  /** 01, 02, 04: the form's fields; null on 03 and 05. */
  form: MerchantFileForm | null;
  /** Null without BANK_VIEW, or when the row gives no tax cell. */
  tax: MerchantFileTax | null;
  /** 05 (required), 01 and 02 (when a bank cell is filled, BANK_VIEW only); null otherwise. */
  bank: MerchantBankInput | null;
}

export type MerchantFileRowReading =
  { ok: true; row: MerchantFileRowValues } | { ok: false; problems: MerchantFileProblem[] };

/** The form's fields as a file row gives them: the identifier is optional (resolution 15), the rest as on the form. */
const FileFormSchema = AddMerchantBody.pick({
  merchantName: true,
  fnsNumber: true,
  email: true,
  businessPhone: true,
  mobilePhone: true,
  taxId: true,
  addressInfo: true,
  mailingAddress: true,
  physicalAddress: true,
});
const FileIdentifier = optionalText(MERCHANT_ID_MAX);

/** A form issue's path to the file's column ('addressInfo.city' is City, 'mailingAddress.zipcode' Mailing Zip). */
function formColumn(path: readonly PropertyKey[]): MerchantFileColumn | undefined {
  const [first, second] = path.map(String);
  const address = { addressInfo: '', mailingAddress: 'mailing', physicalAddress: 'physical' } as const;
  if (first && first in address) {
    const field = { addressOne: 'address1', addressTwo: 'address2', city: 'city', stateCode: 'state', zipcode: 'zip' }[
      second as 'addressOne'
    ];
    if (!field) return undefined;
    const prefix = address[first as keyof typeof address];
    return (prefix === '' ? field : `${prefix}${field[0]!.toUpperCase()}${field.slice(1)}`) as MerchantFileColumn;
  }
  const bank: Record<string, MerchantFileColumn> = {
    bankName: 'bankName',
    bankAccountNumber: 'bankAccountNumber',
    bankRoutingNumber: 'bankRoutingNumber',
    bankAccountType: 'bankAccountType',
    firstName: 'holderFirstName',
    middleName: 'holderMiddleInitial',
    lastName: 'holderLastName',
  };
  if (first && first in bank) return bank[first];
  // merchantName, fnsNumber, email, businessPhone, mobilePhone and taxId are named as their columns.
  return MERCHANT_FILE_COLUMN_ORDER.find((column) => column === first);
}

const BANK_COLUMNS = [
  'bankName',
  'bankAccountNumber',
  'bankRoutingNumber',
  'bankAccountType',
  'holderFirstName',
  'holderMiddleInitial',
  'holderLastName',
] as const satisfies readonly MerchantFileColumn[];

// The row reader's helpers live at module level, not as closures inside it: a file of 5,800 rows would create (and,
// under tsx, name with Object.defineProperty) each of them per row, which cost as much as the form's Zod rules.

type Problems = Map<MerchantFileColumn | '', string>;
type AddressPrefix = '' | 'mailing' | 'physical';

/** The first problem of a column is the one reported. */
function addProblem(problems: Problems, column: MerchantFileColumn | undefined, reason: string): void {
  if (!problems.has(column ?? '')) problems.set(column ?? '', reason);
}

function cellOf(cells: MerchantFileCells, column: MerchantFileColumn): string {
  return (cells[column] ?? '').trim();
}

/** An address column's key: 'city', 'mailingCity', 'physicalCity'. */
function addressColumn(prefix: AddressPrefix, name: string): MerchantFileColumn {
  return (prefix === '' ? name : `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}`) as MerchantFileColumn;
}

/** An address's cells for the form's schema; null for a mailing or physical address left blank ("same as registered"). */
function addressInput(cells: MerchantFileCells, prefix: AddressPrefix) {
  const addressOne = cellOf(cells, addressColumn(prefix, 'address1'));
  const addressTwo = cellOf(cells, addressColumn(prefix, 'address2'));
  const city = cellOf(cells, addressColumn(prefix, 'city'));
  const stateCode = cellOf(cells, addressColumn(prefix, 'state'));
  const zip = cellOf(cells, addressColumn(prefix, 'zip'));
  if (prefix !== '' && addressOne === '' && addressTwo === '' && city === '' && stateCode === '' && zip === '')
    return null;
  return { addressOne, addressTwo, city, stateCode, zipcode: restoreZipZeros(zip) };
}

const NO_POINT = { latitude: null, longitude: null } as const;

/** An address's given point: both cells or neither, each within its range. */
function pointInput(
  cells: MerchantFileCells,
  prefix: AddressPrefix,
  problems: Problems,
): { latitude: number | null; longitude: number | null } {
  const latColumn = addressColumn(prefix, 'latitude');
  const longColumn = addressColumn(prefix, 'longitude');
  const latText = cellOf(cells, latColumn);
  const longText = cellOf(cells, longColumn);
  if (latText === '' && longText === '') return NO_POINT;
  if (latText === '' || longText === '') {
    addProblem(problems, latText === '' ? latColumn : longColumn, MERCHANT_IMPORT_MESSAGES.COORDINATES_PAIR);
    return NO_POINT;
  }
  const latitude = parseCoordinate(latText, 90);
  const longitude = parseCoordinate(longText, 180);
  if (latitude === null) addProblem(problems, latColumn, MERCHANT_IMPORT_MESSAGES.LATITUDE_INVALID);
  if (longitude === null) addProblem(problems, longColumn, MERCHANT_IMPORT_MESSAGES.LONGITUDE_INVALID);
  return { latitude, longitude };
}

/** The form's fields of a 01, 02 or 04 row through the form's schema; null when they break its rules. */
function readForm(cells: MerchantFileCells, bankView: boolean, problems: Problems): MerchantFileForm | null {
  const parsed = FileFormSchema.safeParse({
    merchantName: cellOf(cells, 'merchantName'),
    fnsNumber: cellOf(cells, 'fnsNumber'),
    email: cellOf(cells, 'email'),
    businessPhone: cellOf(cells, 'businessPhone'),
    mobilePhone: cellOf(cells, 'mobilePhone'),
    taxId: bankView ? cellOf(cells, 'taxId') : null,
    addressInfo: addressInput(cells, ''),
    mailingAddress: addressInput(cells, 'mailing'),
    physicalAddress: addressInput(cells, 'physical'),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = formColumn(issue.path);
      // 'Select a state.' is the form's text for its drop-down; a typed cell needs to say what it expects.
      const stateTyped = column !== undefined && /state$/i.test(column) && cellOf(cells, column) !== '';
      addProblem(problems, column, stateTyped ? MERCHANT_IMPORT_MESSAGES.STATE_INVALID : issue.message);
    }
  }
  const registered = pointInput(cells, '', problems);
  const mailingPoint = pointInput(cells, 'mailing', problems);
  const physicalPoint = pointInput(cells, 'physical', problems);
  if (!parsed.success) return null;
  const d = parsed.data;
  // A blank address takes the registered one, and with it the registered one's given point.
  return {
    merchantName: d.merchantName,
    fnsNumber: d.fnsNumber || null,
    email: d.email,
    businessPhone: d.businessPhone,
    mobilePhone: d.mobilePhone,
    addresses: {
      registered: { ...d.addressInfo, ...registered },
      mailing: d.mailingAddress
        ? { ...d.mailingAddress, ...mailingPoint }
        : { ...d.addressInfo, ...(mailingPoint.latitude !== null ? mailingPoint : registered) },
      physical: d.physicalAddress
        ? { ...d.physicalAddress, ...physicalPoint }
        : { ...d.addressInfo, ...(physicalPoint.latitude !== null ? physicalPoint : registered) },
    },
  };
}

/** The tax cells (BANK_VIEW only); null when none is filled: blank cells keep what is stored. */
function readTax(cells: MerchantFileCells, checkTaxId: boolean, problems: Problems): MerchantFileTax | null {
  const taxId = cellOf(cells, 'taxId');
  // On 01, 02 and 04 rows the form's schema checks the tax ID; a 05 row has no form, so it is checked here.
  if (checkTaxId && taxId !== '') {
    const parsed = FileFormSchema.shape.taxId.safeParse(taxId);
    if (!parsed.success) addProblem(problems, 'taxId', parsed.error.issues[0]!.message);
  }
  const tinText = cellOf(cells, 'tinType');
  const classText = cellOf(cells, 'taxClass');
  const tinTypeId = tinText === '' ? null : parseTinType(tinText);
  const taxClassId = classText === '' ? null : parseTaxClass(classText);
  if (tinText !== '' && tinTypeId === null) addProblem(problems, 'tinType', MERCHANT_IMPORT_MESSAGES.TIN_TYPE_INVALID);
  if (classText !== '' && taxClassId === null)
    addProblem(problems, 'taxClass', MERCHANT_IMPORT_MESSAGES.TAX_CLASS_INVALID);
  if (taxId === '' && tinTypeId === null && taxClassId === null) return null;
  return { taxId: taxId || null, tinTypeId, taxClassId };
}

/** The bank section through the form's bank schema; null when it breaks its rules. */
function readBank(cells: MerchantFileCells, problems: Problems): MerchantBankInput | null {
  const typeText = cellOf(cells, 'bankAccountType');
  const accountType = typeText === '' ? undefined : parseBankAccountType(typeText);
  if (typeText === '') addProblem(problems, 'bankAccountType', MESSAGES.FIELD_REQUIRED);
  else if (accountType === null) addProblem(problems, 'bankAccountType', MERCHANT_IMPORT_MESSAGES.ACCOUNT_TYPE_INVALID);
  const parsed = MerchantBankInput.safeParse({
    bankName: cellOf(cells, 'bankName'),
    bankAccountNumber: cellOf(cells, 'bankAccountNumber'),
    bankRoutingNumber: cellOf(cells, 'bankRoutingNumber'),
    bankAccountType: accountType ?? undefined,
    firstName: cellOf(cells, 'holderFirstName'),
    middleName: cellOf(cells, 'holderMiddleInitial'),
    lastName: cellOf(cells, 'holderLastName'),
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) addProblem(problems, formColumn(issue.path), issue.message);
  return null;
}

const columnRank = (column: MerchantFileColumn | '') =>
  column === '' ? -1 : MERCHANT_FILE_COLUMN_ORDER.indexOf(column);

/**
 * Reads one data row into what it does, or the problems that keep it from being applied (one per column, in column
 * order). Pure: what needs the database (the program, the merchant, identifiers in use) and the privileges other
 * than BANK_VIEW are the server's. Without BANK_VIEW the tax and bank cells are not read at all, as the form ignores
 * them (decision 0021); a 05 row is then refused.
 */
export function readMerchantFileRow(cells: MerchantFileCells, options: { bankView: boolean }): MerchantFileRowReading {
  const problems: Problems = new Map();
  const action = parseMerchantFileAction(cells.actionCode);
  if (!action) addProblem(problems, 'actionCode', MERCHANT_IMPORT_MESSAGES.ACTION_CODE_INVALID);
  const program = cellOf(cells, 'program');
  if (program === '') addProblem(problems, 'program', MERCHANT_IMPORT_MESSAGES.PROGRAM_REQUIRED);

  const isAdd = action === MERCHANT_FILE_ACTION.ADD_ACTIVE || action === MERCHANT_FILE_ACTION.ADD_INACTIVE;
  const hasForm = isAdd || action === MERCHANT_FILE_ACTION.UPDATE;
  const isBank = action === MERCHANT_FILE_ACTION.UPDATE_BANK_INFO;

  let merchantIdentifier: string | null = null;
  const identifier = FileIdentifier.safeParse(cellOf(cells, 'merchantIdentifier'));
  if (!identifier.success) addProblem(problems, 'merchantIdentifier', identifier.error.issues[0]!.message);
  else merchantIdentifier = identifier.data || null;
  if (action && !isAdd && merchantIdentifier === null && identifier.success)
    addProblem(
      problems,
      'merchantIdentifier',
      fillMessage(MERCHANT_IMPORT_MESSAGES.MERCHANT_ID_REQUIRED, { code: action }),
    );
  if (isBank && !options.bankView) addProblem(problems, 'actionCode', MERCHANT_IMPORT_MESSAGES.BANK_VIEW_REQUIRED);

  const form = hasForm ? readForm(cells, options.bankView, problems) : null;
  // Tax fields: BANK_VIEW only, on rows that carry the form or the bank info.
  const tax = options.bankView && (hasForm || isBank) ? readTax(cells, isBank, problems) : null;
  // Bank info: required on 05; on 01 and 02 taken when any bank cell is filled (BANK_VIEW only); ignored on 03, 04.
  const bankWanted =
    options.bankView && (isBank || (isAdd && BANK_COLUMNS.some((column) => cellOf(cells, column) !== '')));
  const bank = bankWanted ? readBank(cells, problems) : null;

  if (!action || problems.size > 0 || (hasForm && !form) || (isBank && !bank))
    return {
      ok: false,
      problems: [...problems.entries()]
        .sort(([a], [b]) => columnRank(a) - columnRank(b))
        .map(([column, reason]) => (column === '' ? { reason } : { column, reason })),
    };
  return { ok: true, row: { action, program, merchantIdentifier, form, tax, bank } };
}
