import { describe, expect, it } from 'vitest';
import {
  addFundingSource,
  EMPTY_PROGRAM_FORM,
  fundingSourceNameError,
  fundingSourcePromptMax,
  newProgramForm,
  programBodyOf,
  removeFundingSource,
  renameFundingSource,
  validateProgramForm,
  type ProgramFormValues,
} from './program-form';

const valid: ProgramFormValues = {
  ...newProgramForm(['USDA', 'State Funds']),
  programName: 'Harvest',
  shortName: 'HARVEST',
  contactEmail: 'harvest@example.com',
  contactPhone: '860-555-0100',
  contactAddress1: '1 Main Street',
  contactCity: 'Hartford',
  contactStateCode: 'ct',
  contactZip: '06103',
  startDate: '2026-12-01',
  endDate: '2027-12-01',
};

describe('the program form', () => {
  it('starts a new program with the default card settings and the default funding names as temporary ids', () => {
    const form = newProgramForm(['USDA', 'State Funds']);
    expect(form.fundingSources).toEqual([
      { fundingId: -1, name: 'USDA' },
      { fundingId: -2, name: 'State Funds' },
    ]);
    expect(JSON.parse(form.configuration)).toMatchObject({ accountNumberLength: '9', qrSigningKey: '' });
  });

  it('sends core’s body: numbers, money, the state upper case, empty optional fields as null', () => {
    const body = programBodyOf({ ...valid, benefitAmount: '12.5', benefitExpiration: '30' });
    expect(body).toMatchObject({
      contactStateCode: 'CT',
      benefitAmount: 12.5,
      benefitExpiration: 30,
      fundingDate: null,
    });
  });

  it('refuses dates before today when adding and before 2021-02-01 when editing', () => {
    const add = validateProgramForm('add', '2026-11-23');
    expect(add({ ...valid, startDate: '2026-11-22' }).startDate).toBe('Date cannot be before 2026-11-23.');
    const edit = validateProgramForm('edit', '2026-11-23');
    expect(edit({ ...valid, startDate: '2026-11-22' }).startDate).toBeUndefined();
    expect(edit({ ...valid, startDate: '2021-01-31' }).startDate).toBe('Date cannot be before 2021-02-01.');
    expect(add(valid)).toEqual({});
  });

  it('needs a funding source and refuses a duplicate name', () => {
    const check = validateProgramForm('edit', '2026-11-23');
    expect(check({ ...valid, fundingSources: [] }).fundingSources).toBe('At least one funding source is required.');
    expect(
      check({ ...valid, fundingSources: [...valid.fundingSources, { fundingId: -9, name: 'usda' }] }).fundingSources,
    ).toBe('Funding Source Name already exists.');
    expect(check({ ...EMPTY_PROGRAM_FORM }).programName).toBeDefined();
  });
});

describe('the funding-source editor', () => {
  it('adds with the next negative id, renames and removes locally', () => {
    let sources = addFundingSource([{ fundingId: 7, name: 'USDA' }], ' Private ');
    expect(sources).toEqual([
      { fundingId: 7, name: 'USDA' },
      { fundingId: -1, name: 'Private' },
    ]);
    sources = addFundingSource(sources, 'Other');
    expect(sources.at(-1)!.fundingId).toBe(-2);
    sources = renameFundingSource(sources, 7, 'USDA SNAP');
    sources = removeFundingSource(sources, -1);
    expect(sources).toEqual([
      { fundingId: 7, name: 'USDA SNAP' },
      { fundingId: -2, name: 'Other' },
    ]);
  });

  it('takes names of 2 to 20 characters that the program does not have yet, ignoring case', () => {
    const sources = [{ fundingId: 7, name: 'State Funds' }];
    expect(fundingSourceNameError('X', sources)).toBe('Funding source name must be 2 to 20 characters.');
    expect(fundingSourceNameError('N'.repeat(21), sources)).toBe('Funding source name must be 2 to 20 characters.');
    expect(fundingSourceNameError('state funds', sources)).toBe('Funding Source Name already exists.');
    expect(fundingSourceNameError('state funds', sources, 7)).toBeNull();
    expect(fundingSourceNameError('Private', sources)).toBeNull();
  });

  it('takes up to 30 characters when editing a saved source whose name is already longer than 20', () => {
    const long = 'Supplemental Nutrition Fund'; // 27 characters, e.g. a default-funding name
    const sources = [
      { fundingId: 7, name: long },
      { fundingId: 8, name: 'USDA' },
    ];
    expect(fundingSourcePromptMax(sources, 7)).toBe(30);
    expect(fundingSourcePromptMax(sources, 8)).toBe(20);
    expect(fundingSourcePromptMax(sources, null)).toBe(20);
    expect(fundingSourceNameError(long, sources, 7)).toBeNull();
    expect(fundingSourceNameError(`${long} 2`, sources, 7)).toBeNull();
    expect(fundingSourceNameError('N'.repeat(31), sources, 7)).toBe('Funding source name must be 2 to 30 characters.');
    expect(fundingSourceNameError('N'.repeat(21), sources, 8)).toBe('Funding source name must be 2 to 20 characters.');
    expect(fundingSourceNameError('N'.repeat(21), sources)).toBe('Funding source name must be 2 to 20 characters.');
  });
});
