import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/messages.js';
import {
  ACCOUNT_FILE_COLUMNS,
  ACCOUNT_FILE_HEADER_NAMES,
  type AccountFileCells,
  accountFileCounts,
  missingAccountFileColumns,
  missingColumnMessages,
  parseAccountFileAction,
  readAccountFileRow,
  readCardIssuanceCell,
  restoreZipZeros,
} from './import.js';
import { RECIPIENT_MESSAGES } from './messages.js';
import { FileImportAnswer } from '../imports/file-answer.js';

const addRow = (overrides: AccountFileCells = {}): AccountFileCells => ({
  actionCode: '01',
  recipientIdentifier: '',
  agencyCode: 'NCAAA',
  firstname: 'Ann',
  middlename: 'B',
  lastname: 'Lee',
  address1: '1 Main St',
  address2: '',
  city: 'Hartford',
  stateCode: 'ct',
  zipcode: '06103',
  email: 'ann.lee@example.com',
  mobilePhone: '(860) 555-0147',
  cardIssuanceCode: 'Y',
  ...overrides,
});

const problemsOf = (cells: AccountFileCells) => {
  const reading = readAccountFileRow(cells);
  return reading.ok ? [] : reading.problems;
};

describe('action codes (part 2 §9)', () => {
  it('reads 01, 02 and 03, also without the leading zero a numeric cell loses', () => {
    expect(parseAccountFileAction('01')).toBe('01');
    expect(parseAccountFileAction(' 2 ')).toBe('02');
    expect(parseAccountFileAction('03')).toBe('03');
    for (const bad of ['', '00', '04', '4', '001', 'A', '1.5', undefined])
      expect(parseAccountFileAction(bad)).toBeNull();
  });
});

describe('card issuance cells (part 2 §9)', () => {
  it('accepts Y, true, T, 1 and N, false, F, 0 in any case; blank is undefined; anything else null', () => {
    for (const yes of ['Y', 'true', 'T', '1', 'y', 'TRUE', ' t ']) expect(readCardIssuanceCell(yes)).toBe(true);
    for (const no of ['N', 'false', 'F', '0', 'n', 'FALSE']) expect(readCardIssuanceCell(no)).toBe(false);
    expect(readCardIssuanceCell('')).toBeUndefined();
    expect(readCardIssuanceCell(undefined)).toBeUndefined();
    for (const bad of ['yes', 'no', '2', 'X']) expect(readCardIssuanceCell(bad)).toBeNull();
  });
});

describe('zip codes typed as numbers', () => {
  it('gets the leading zeros back for 3 and 4 digits, with or without +4, and leaves the rest', () => {
    expect(restoreZipZeros('6103')).toBe('06103');
    expect(restoreZipZeros('501')).toBe('00501');
    expect(restoreZipZeros('6103-1234')).toBe('06103-1234');
    expect(restoreZipZeros('06103')).toBe('06103');
    expect(restoreZipZeros('12')).toBe('12');
    expect(restoreZipZeros('abc')).toBe('abc');
  });
});

describe('columns', () => {
  it('requires the action code and the required fields of the add form in the header', () => {
    expect(ACCOUNT_FILE_COLUMNS.filter((c) => c.required).map((c) => c.header)).toEqual([
      'Action Code',
      'First Name',
      'Last Name',
      'Address 1',
      'City',
      'State',
      'Zip',
      'Email',
      'Mobile Phone',
    ]);
    expect(
      missingAccountFileColumns([
        'actionCode',
        'firstname',
        'lastname',
        'address1',
        'city',
        'stateCode',
        'zipcode',
        'email',
      ]).map((c) => c.key),
    ).toEqual(['mobilePhone']);
    expect(missingColumnMessages(missingAccountFileColumns(['actionCode']))).toContain('The column Email is missing.');
  });

  it('accepts the header, its aliases and the wire name of each column', () => {
    expect(ACCOUNT_FILE_HEADER_NAMES.email).toEqual(['Email', 'Email Address', 'email']);
    expect(ACCOUNT_FILE_HEADER_NAMES.recipientIdentifier).toContain('Account ID');
    expect(ACCOUNT_FILE_HEADER_NAMES.agencyCode).toContain('Agency');
  });
});

describe('readAccountFileRow', () => {
  it('reads an add row into the add form values: state upper case, zip zeros restored, card issuance true', () => {
    const reading = readAccountFileRow(addRow({ zipcode: '6103', cardIssuanceCode: 'true' }));
    expect(reading).toEqual({
      ok: true,
      row: {
        action: '01',
        recipientIdentifier: null,
        agencyCode: 'NCAAA',
        fields: {
          firstname: 'Ann',
          middlename: 'B',
          lastname: 'Lee',
          address1: '1 Main St',
          address2: '',
          city: 'Hartford',
          stateCode: 'CT',
          zipcode: '06103',
          email: 'ann.lee@example.com',
          mobilePhone: '(860) 555-0147',
          cardIssuanceCode: true,
        },
      },
    });
  });

  it('reads 02 as an add, with card issuance no when blank or when the file has no such column', () => {
    const blank = readAccountFileRow(addRow({ actionCode: '2', cardIssuanceCode: '' }));
    expect(blank.ok && blank.row.action).toBe('02');
    expect(blank.ok && blank.row.fields.cardIssuanceCode).toBe(false);
    const { cardIssuanceCode: _card, middlename: _middle, ...withoutColumns } = addRow();
    const absent = readAccountFileRow(withoutColumns);
    expect(absent.ok && absent.row.fields).toMatchObject({ cardIssuanceCode: false, middlename: null });
  });

  it('reads an update row; optional columns the file lacks are left out so the account keeps them', () => {
    const {
      cardIssuanceCode: _card,
      address2: _address2,
      ...cells
    } = addRow({
      actionCode: '03',
      recipientIdentifier: ' 10000001 ',
      agencyCode: '',
    });
    const reading = readAccountFileRow(cells);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.row.recipientIdentifier).toBe('10000001');
    expect(reading.row.agencyCode).toBeNull();
    expect(reading.row.fields).not.toHaveProperty('cardIssuanceCode');
    expect(reading.row.fields).not.toHaveProperty('address2');
    expect(reading.row.fields.middlename).toBe('B');
    // A blank cell of a column the file has clears the value (the row is the whole record).
    const cleared = readAccountFileRow(
      addRow({ actionCode: '03', recipientIdentifier: '10000001', middlename: '', cardIssuanceCode: '' }),
    );
    expect(cleared.ok && cleared.row.fields).toMatchObject({ middlename: '', cardIssuanceCode: false });
  });

  it('refuses an unknown action code and still checks the other columns', () => {
    expect(problemsOf(addRow({ actionCode: '04', email: 'nope' }))).toEqual([
      { column: 'actionCode', reason: RECIPIENT_MESSAGES.FILE_ACTION_CODE_INVALID },
      { column: 'email', reason: MESSAGES.INVALID_EMAIL },
    ]);
  });

  it('wants no Account ID on add rows and one on update rows', () => {
    expect(problemsOf(addRow({ recipientIdentifier: '10000001' }))).toEqual([
      { column: 'recipientIdentifier', reason: RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_ON_ADD },
    ]);
    expect(problemsOf(addRow({ actionCode: '03', recipientIdentifier: ' ' }))).toEqual([
      { column: 'recipientIdentifier', reason: RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_REQUIRED },
    ]);
    const { recipientIdentifier: _id, ...noColumn } = addRow({ actionCode: '03' });
    expect(problemsOf(noColumn)).toEqual([
      { column: 'recipientIdentifier', reason: RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_REQUIRED },
    ]);
  });

  it('applies the add form rules: required fields, lengths, patterns, one problem per column in column order', () => {
    expect(
      problemsOf(
        addRow({
          firstname: ' ',
          middlename: 'AB',
          lastname: 'x'.repeat(101),
          address1: '',
          city: 'y'.repeat(61),
          stateCode: 'ZZ',
          zipcode: '061-03',
          email: 'ann@',
          mobilePhone: '555-0147',
          cardIssuanceCode: 'yes',
        }),
      ),
    ).toEqual([
      { column: 'firstname', reason: MESSAGES.FIELD_REQUIRED },
      { column: 'middlename', reason: 'Must be at most 1 characters.' },
      { column: 'lastname', reason: 'Must be at most 100 characters.' },
      { column: 'address1', reason: MESSAGES.FIELD_REQUIRED },
      { column: 'city', reason: 'Must be at most 60 characters.' },
      { column: 'stateCode', reason: RECIPIENT_MESSAGES.FILE_STATE_INVALID },
      { column: 'zipcode', reason: MESSAGES.INVALID_ZIP },
      { column: 'email', reason: MESSAGES.INVALID_EMAIL },
      { column: 'mobilePhone', reason: MESSAGES.INVALID_PHONE },
      { column: 'cardIssuanceCode', reason: RECIPIENT_MESSAGES.FILE_CARD_ISSUANCE_INVALID },
    ]);
    expect(problemsOf(addRow({ stateCode: '' }))).toEqual([{ column: 'stateCode', reason: MESSAGES.STATE_REQUIRED }]);
  });

  it('keeps text that looks like a formula as text (nothing is evaluated)', () => {
    const reading = readAccountFileRow(addRow({ lastname: '=HYPERLINK("http://x","y")', address2: '@SUM(A1)' }));
    expect(reading.ok && reading.row.fields).toMatchObject({
      lastname: '=HYPERLINK("http://x","y")',
      address2: '@SUM(A1)',
    });
  });
});

describe('the answer', () => {
  it('has the counts and the row problems, and the counts line of part 2 §8', () => {
    const answer = {
      message: MESSAGES.ACCOUNT_FILE_PROCESSED,
      processed: 3,
      added: 1,
      updated: 1,
      unchanged: 0,
      rejected: 1,
      errors: [{ row: 4, column: 'Email', reason: MESSAGES.RECIPIENT_EMAIL_EXISTS }],
      errorsTruncated: false,
    };
    expect(FileImportAnswer.parse(answer)).toEqual(answer);
    expect(accountFileCounts(answer)).toBe('Rows processed: 3. Added: 1. Updated: 1.');
  });
});
