import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/messages.js';
import {
  BENEFIT_FILE_COLUMNS,
  BENEFIT_FILE_REQUIRED_COLUMNS,
  BENEFIT_FILE_SAMPLE_HEADER,
  BENEFIT_IMPORT_MESSAGES,
  BenefitFileAnswer,
  type BenefitFileCells,
  fileAmountCents,
  fileBenefitType,
  fileDate,
  readBenefitFileRow,
} from './import.js';
import { BENEFIT_MESSAGES } from './messages.js';

const row: BenefitFileCells = {
  accountId: '10000001',
  authorizationNumber: 'CT-2026-0001',
  availableDate: '2026-12-01',
  expirationDate: '2026-12-31',
  amount: '25.00',
  fundingSource: 'USDA',
};
const columns = (cells: BenefitFileCells) =>
  readBenefitFileRow(cells, 'America/New_York').problems.map((p) => `${p.column}: ${p.message}`);

describe('benefit file cells', () => {
  it('reads dates as YYYY-MM-DD, M/D/YYYY and ISO date-times in the program zone; nothing else', () => {
    expect(fileDate('2026-12-01', 'UTC')).toBe('2026-12-01');
    expect(fileDate('12/1/2026', 'UTC')).toBe('2026-12-01');
    expect(fileDate('01/31/2027', 'UTC')).toBe('2027-01-31');
    expect(fileDate('2026-12-02T02:00:00Z', 'America/New_York')).toBe('2026-12-01');
    expect(fileDate('2/30/2026', 'UTC')).toBeNull();
    expect(fileDate('31/01/2027', 'UTC')).toBeNull();
    expect(fileDate('2026-13-01', 'UTC')).toBeNull();
    expect(fileDate('next week', 'UTC')).toBeNull();
  });

  it('reads amounts with at most two decimals, a dollar sign and thousands separators', () => {
    expect(fileAmountCents('25')).toBe(2500);
    expect(fileAmountCents('25.5')).toBe(2550);
    expect(fileAmountCents('$1,250.05')).toBe(125005);
    expect(fileAmountCents('.5')).toBe(50);
    expect(fileAmountCents('0')).toBe(0);
    expect(fileAmountCents('12.345')).toBeNull();
    expect(fileAmountCents('1,25')).toBeNull();
    expect(fileAmountCents('12 dollars')).toBeNull();
    expect(fileAmountCents('')).toBeNull();
  });

  it('reads the type as 1/2, R/I or its name, blank being Regular', () => {
    expect(['', '1', 'r', 'Regular', 'REGULAR'].map(fileBenefitType)).toEqual([1, 1, 1, 1, 1]);
    expect(['2', 'I', 'incentive'].map(fileBenefitType)).toEqual([2, 2, 2]);
    expect(fileBenefitType('3')).toBeNull();
  });
});

describe('readBenefitFileRow', () => {
  it('accepts a plain row and answers its values', () => {
    const { values, problems } = readBenefitFileRow(row, 'America/New_York');
    expect(problems).toEqual([]);
    expect(values).toMatchObject({
      accountId: '10000001',
      authorizationNumber: 'CT-2026-0001',
      amountCents: 2500,
      benefitTypeId: 1,
      note: null,
    });
  });

  it('applies the issue field rules: required cells, lengths, number pattern, amount bounds', () => {
    expect(columns({})).toEqual([
      `accountId: ${MESSAGES.FIELD_REQUIRED}`,
      `authorizationNumber: ${MESSAGES.FIELD_REQUIRED}`,
      `availableDate: ${MESSAGES.FIELD_REQUIRED}`,
      `expirationDate: ${MESSAGES.FIELD_REQUIRED}`,
      `amount: ${MESSAGES.FIELD_REQUIRED}`,
    ]);
    expect(columns({ ...row, accountId: '1'.repeat(25) })).toEqual([]);
    expect(columns({ ...row, accountId: '1'.repeat(26) })).toEqual(['accountId: Must be at most 25 characters.']);
    expect(columns({ ...row, authorizationNumber: 'A'.repeat(20) })).toEqual([]);
    expect(columns({ ...row, authorizationNumber: 'A'.repeat(21) })).toEqual([
      `authorizationNumber: ${MESSAGES.INVALID_AUTHORIZATION_NUMBER}`,
    ]);
    expect(columns({ ...row, amount: '9999.99' })).toEqual([]);
    expect(columns({ ...row, amount: '10000' })).toEqual(['amount: Amount cannot be more than $9,999.99.']);
    expect(columns({ ...row, amount: '-0.01' })).toEqual([`amount: ${MESSAGES.AMOUNT_NEGATIVE}`]);
    expect(columns({ ...row, amount: 'ten' })).toEqual([`amount: ${BENEFIT_IMPORT_MESSAGES.INVALID_AMOUNT}`]);
    expect(columns({ ...row, note: 'n'.repeat(100) })).toEqual([]);
    expect(columns({ ...row, note: 'n'.repeat(101) })).toEqual(['note: Must be at most 100 characters.']);
    expect(columns({ ...row, type: 'Gift' })).toEqual([`type: ${BENEFIT_IMPORT_MESSAGES.INVALID_TYPE}`]);
  });

  it('generates the number of an Incentive benefit and keeps AUTO-GENERATED from Regular ones (part 1 §4)', () => {
    expect(
      readBenefitFileRow({ ...row, type: 'Incentive', incentive: 'Double Up', authorizationNumber: '' }, 'UTC').values
        ?.authorizationNumber,
    ).toBeNull();
    expect(
      readBenefitFileRow({ ...row, type: '2', incentive: 'Double Up', authorizationNumber: 'auto-generated' }, 'UTC')
        .values?.authorizationNumber,
    ).toBeNull();
    expect(readBenefitFileRow({ ...row, type: '2', incentive: 'Double Up' }, 'UTC').values?.authorizationNumber).toBe(
      'CT-2026-0001',
    );
    expect(columns({ ...row, authorizationNumber: 'AUTO-GENERATED' })).toEqual([
      `authorizationNumber: ${BENEFIT_MESSAGES.AUTH_NUMBER_RESERVED}`,
    ]);
    expect(columns({ ...row, type: '2' })).toEqual([`incentive: ${MESSAGES.INCENTIVE_REQUIRED}`]);
    expect(columns({ ...row, incentive: 'Double Up' })).toEqual([
      `incentive: ${BENEFIT_MESSAGES.INCENTIVE_NOT_FOR_REGULAR}`,
    ]);
  });
});

describe('layout and answer', () => {
  it('names every required and sample column among the accepted headers', () => {
    for (const column of BENEFIT_FILE_REQUIRED_COLUMNS) expect(BENEFIT_FILE_COLUMNS[column].length).toBeGreaterThan(0);
    const firstNames = Object.values(BENEFIT_FILE_COLUMNS).map((names) => names[0]);
    for (const header of BENEFIT_FILE_SAMPLE_HEADER) expect(firstNames).toContain(header);
  });

  it('describes the answer of POST /benefit-api/benefit/file', () => {
    const answer = {
      message: 'Benefit file processed.',
      processed: 2,
      added: 1,
      updated: 0,
      unchanged: 0,
      rejected: 1,
      errors: [
        { row: 3, column: 'Amount', reason: 'x' },
        { row: 0, reason: 'y' },
      ],
      errorsTruncated: false,
    };
    expect(BenefitFileAnswer.parse(answer)).toEqual(answer);
    expect(BenefitFileAnswer.safeParse({ ...answer, errors: [{ row: 1 }] }).success).toBe(false);
  });
});
