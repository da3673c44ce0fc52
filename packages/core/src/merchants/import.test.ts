import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/messages.js';
import {
  MERCHANT_FILE_COLUMNS,
  MERCHANT_FILE_HEADER_NAMES,
  MERCHANT_IMPORT_MESSAGES,
  type MerchantFileCells,
  missingMerchantFileColumns,
  parseBankAccountType,
  parseCoordinate,
  parseMerchantFileAction,
  parseTaxClass,
  parseTinType,
  readMerchantFileRow,
} from './import.js';

// The merchant file's row reading (docs/merchant-file.md, decision 0023): the form's rules through the form's schemas.

const add: MerchantFileCells = {
  actionCode: '01',
  program: 'CTFMNP',
  merchantName: 'Orchard Stand',
  email: 'orchard@example.com',
  businessPhone: '(860) 555-0100',
  mobilePhone: '860.555.0101',
  address1: '12 Elm Street',
  city: 'Hartford',
  state: 'ct',
  zip: '6103',
};
const bank: MerchantFileCells = {
  bankAccountNumber: '000111222333',
  bankRoutingNumber: '021000021',
  bankAccountType: 'savings',
  holderFirstName: 'Dana',
  holderLastName: 'Holder',
};
const read = (cells: MerchantFileCells, bankView = true) => readMerchantFileRow(cells, { bankView });

describe('merchant file cells', () => {
  it('reads action codes 01-05, also without the leading zero', () => {
    expect(['01', '2', ' 03 ', '04', '5'].map(parseMerchantFileAction)).toEqual(['01', '02', '03', '04', '05']);
    expect(['', '06', '00', 'A', '011'].map(parseMerchantFileAction)).toEqual([null, null, null, null, null]);
  });

  it('reads the B§9 lookups by label (any case) or code', () => {
    expect(
      ['LLC', 'c corp', 'Individual (Sole Proprietor)', 'individual', 'Trust/Estate', '7'].map(parseTaxClass),
    ).toEqual([6, 2, 1, 1, 5, 7]);
    expect(parseTaxClass('Corporation')).toBeNull();
    expect(['SSN', 'ein', '1', '2', 'ITIN'].map(parseTinType)).toEqual([1, 2, 1, 2, null]);
    expect(['Checking', 'SAVINGS', '0', '1', 'Money Market'].map(parseBankAccountType)).toEqual([0, 1, 0, 1, null]);
  });

  it('reads coordinates within their range only', () => {
    expect(parseCoordinate('41.7658', 90)).toBe(41.7658);
    expect(parseCoordinate('-72.67', 180)).toBe(-72.67);
    expect(parseCoordinate('91', 90)).toBeNull();
    expect(parseCoordinate('1e2', 180)).toBeNull();
    expect(parseCoordinate('north', 90)).toBeNull();
  });

  it('names the required columns a header lacks; every column answers to its header and its key', () => {
    expect(missingMerchantFileColumns(['actionCode'])).toEqual(['The file lacks the column(s): Program Short Name.']);
    expect(missingMerchantFileColumns(['actionCode', 'program'])).toEqual([]);
    expect(MERCHANT_FILE_HEADER_NAMES.mailingZip).toEqual(expect.arrayContaining(['Mailing Zip', 'mailingZip']));
    expect(new Set(MERCHANT_FILE_COLUMNS.map((c) => c.header.toLowerCase())).size).toBe(MERCHANT_FILE_COLUMNS.length);
  });
});

describe('readMerchantFileRow', () => {
  it('reads an add: no identifier, phones as digits, state upper case, zip zeros back, addresses defaulted', () => {
    const reading = read(add);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    const { row } = reading;
    expect(row).toMatchObject({ action: '01', program: 'CTFMNP', merchantIdentifier: null, tax: null, bank: null });
    expect(row.form).toMatchObject({ businessPhone: '8605550100', mobilePhone: '8605550101', fnsNumber: null });
    expect(row.form!.addresses.registered).toMatchObject({ stateCode: 'CT', zipcode: '06103', latitude: null });
    expect(row.form!.addresses.mailing).toEqual(row.form!.addresses.registered);
    expect(row.form!.addresses.physical).toEqual(row.form!.addresses.registered);
  });

  it("applies the merchant form's rules, one problem per column in column order", () => {
    const reading = read({
      ...add,
      merchantIdentifier: 'X'.repeat(21),
      merchantName: '',
      fnsNumber: '123',
      email: 'nope',
      mobilePhone: '555',
      state: 'ZZ',
      mailingAddress1: 'PO Box 1',
    });
    expect(reading).toEqual({
      ok: false,
      problems: [
        { column: 'merchantIdentifier', reason: 'Must be at most 20 characters.' },
        { column: 'merchantName', reason: MESSAGES.FIELD_REQUIRED },
        { column: 'fnsNumber', reason: 'FNS number must be exactly 7 characters.' },
        { column: 'email', reason: MESSAGES.INVALID_EMAIL },
        { column: 'mobilePhone', reason: MESSAGES.INVALID_PHONE },
        { column: 'state', reason: MERCHANT_IMPORT_MESSAGES.STATE_INVALID },
        // A mailing address is given in part: it must be whole.
        { column: 'mailingCity', reason: MESSAGES.FIELD_REQUIRED },
        { column: 'mailingState', reason: MESSAGES.STATE_REQUIRED },
        { column: 'mailingZip', reason: MESSAGES.FIELD_REQUIRED },
      ],
    });
  });

  it('needs the action code, the program, and the identifier on 03, 04 and 05', () => {
    expect(read({ ...add, actionCode: '7', program: '' })).toEqual({
      ok: false,
      problems: [
        { column: 'actionCode', reason: MERCHANT_IMPORT_MESSAGES.ACTION_CODE_INVALID },
        { column: 'program', reason: MERCHANT_IMPORT_MESSAGES.PROGRAM_REQUIRED },
      ],
    });
    expect(read({ actionCode: '03', program: 'P' })).toEqual({
      ok: false,
      problems: [
        {
          column: 'merchantIdentifier',
          reason: 'The Merchant ID of the merchant to change is required for action code 03.',
        },
      ],
    });
    const disable = read({ actionCode: '03', program: 'P', merchantIdentifier: 'M1', merchantName: '' });
    expect(disable).toEqual({
      ok: true,
      row: { action: '03', program: 'P', merchantIdentifier: 'M1', form: null, tax: null, bank: null },
    });
  });

  it('reads tax and bank cells only with BANK_VIEW; 05 needs it and a whole bank section', () => {
    const withTax = { ...add, taxId: '123456789', tinType: 'EIN', taxClass: 'LLC', ...bank };
    const holder = read(withTax);
    expect(holder.ok && holder.row.tax).toEqual({ taxId: '123456789', tinTypeId: 2, taxClassId: 6 });
    expect(holder.ok && holder.row.bank).toMatchObject({ bankAccountNumber: '000111222333', bankAccountType: 1 });

    // Without BANK_VIEW the cells are not read, so not even a bad tax id refuses the row.
    const other = read({ ...withTax, taxId: '12' }, false);
    expect(other.ok && other.row.tax).toBeNull();
    expect(other.ok && other.row.bank).toBeNull();
    expect(read({ actionCode: '05', program: 'P', merchantIdentifier: 'M1', ...bank }, false)).toEqual({
      ok: false,
      problems: [{ column: 'actionCode', reason: MERCHANT_IMPORT_MESSAGES.BANK_VIEW_REQUIRED }],
    });

    expect(read({ actionCode: '05', program: 'P', merchantIdentifier: 'M1', taxId: '12345678901' })).toEqual({
      ok: false,
      problems: [
        { column: 'taxId', reason: 'Federal Tax ID must be 9 digits.' },
        { column: 'bankAccountNumber', reason: MESSAGES.FIELD_REQUIRED },
        { column: 'bankRoutingNumber', reason: MESSAGES.FIELD_REQUIRED },
        { column: 'bankAccountType', reason: MESSAGES.FIELD_REQUIRED },
        { column: 'holderFirstName', reason: MESSAGES.FIELD_REQUIRED },
        { column: 'holderLastName', reason: MESSAGES.FIELD_REQUIRED },
      ],
    });
    expect(read({ ...add, ...bank, bankAccountType: 'Money Market', tinType: 'ITIN' })).toEqual({
      ok: false,
      problems: [
        { column: 'tinType', reason: MERCHANT_IMPORT_MESSAGES.TIN_TYPE_INVALID },
        { column: 'bankAccountType', reason: MERCHANT_IMPORT_MESSAGES.ACCOUNT_TYPE_INVALID },
      ],
    });
  });

  it('keeps given coordinates, in pairs; a blank address takes the registered one with its point', () => {
    const reading = read({ ...add, latitude: '41.7658', longitude: '-72.6734' });
    expect(reading.ok && reading.row.form!.addresses.physical).toMatchObject({
      latitude: 41.7658,
      longitude: -72.6734,
    });
    expect(read({ ...add, latitude: '41.7658' })).toEqual({
      ok: false,
      problems: [{ column: 'longitude', reason: MERCHANT_IMPORT_MESSAGES.COORDINATES_PAIR }],
    });
    expect(read({ ...add, physicalLatitude: '95', physicalLongitude: '-72' })).toEqual({
      ok: false,
      problems: [{ column: 'physicalLatitude', reason: MERCHANT_IMPORT_MESSAGES.LATITUDE_INVALID }],
    });
  });
});
