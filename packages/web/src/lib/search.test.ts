import { describe, expect, it } from 'vitest';
import { cleanCriteria, hasAnyCriterion } from './search';

describe('hasAnyCriterion', () => {
  it('is false for an untouched form', () => {
    expect(hasAnyCriterion({})).toBe(false);
    expect(hasAnyCriterion({ firstname: '', lastname: '   ', programUuid: null, agencyUuid: undefined })).toBe(false);
  });

  it('counts a string with more than spaces', () => {
    expect(hasAnyCriterion({ firstname: '', lastname: ' Smith ' })).toBe(true);
  });

  it('counts numbers, including 0, but not NaN', () => {
    expect(hasAnyCriterion({ trxTypeId: 0 })).toBe(true);
    expect(hasAnyCriterion({ trxTypeId: Number.NaN })).toBe(false);
  });

  it('counts a ticked box, not an unticked one', () => {
    expect(hasAnyCriterion({ activeOnly: false })).toBe(false);
    expect(hasAnyCriterion({ activeOnly: true })).toBe(true);
  });

  it('looks inside date ranges and lists', () => {
    expect(hasAnyCriterion({ range: [null, null] })).toBe(false);
    expect(hasAnyCriterion({ range: [null, '2024-05-01'] })).toBe(true);
    expect(hasAnyCriterion({ roleIds: [] })).toBe(false);
    expect(hasAnyCriterion({ roleIds: [5] })).toBe(true);
    expect(hasAnyCriterion({ when: new Date('2024-05-01') })).toBe(true);
    expect(hasAnyCriterion({ when: new Date('nonsense') })).toBe(false);
  });
});

describe('cleanCriteria', () => {
  it('trims strings and drops empty values', () => {
    expect(cleanCriteria({ firstname: ' Ann ', lastname: '  ', email: '', programUuid: null, page: 0 })).toEqual({
      firstname: 'Ann',
      page: 0,
    });
  });
});
