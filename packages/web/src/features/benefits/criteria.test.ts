import { describe, expect, it } from 'vitest';
import { paramsOfSearch, searchFromParams } from '../../lib/url-criteria';
import { BENEFIT_URL_CRITERIA, criteriaErrors, EMPTY_CRITERIA, searchRequest } from './criteria';

describe('benefit search criteria', () => {
  it('reads every query as a search, trimmed, with the page from 1', () => {
    expect(
      searchFromParams(new URLSearchParams('authNo=A1&lastname=%20Smith%20&page=3'), BENEFIT_URL_CRITERIA),
    ).toEqual({
      criteria: { ...EMPTY_CRITERIA, authNo: 'A1', lastname: 'Smith' },
      page: 2,
    });
    expect(searchFromParams(new URLSearchParams(''), BENEFIT_URL_CRITERIA)).toEqual({
      criteria: EMPTY_CRITERIA,
      page: 0,
    });
  });

  it('writes only what was entered, the page from 1, and asks the API for 10 rows from page 0', () => {
    const criteria = { ...EMPTY_CRITERIA, accountId: ' 10000001 ', startDate: '2026-01-01' };
    expect(paramsOfSearch({ criteria, page: 0 }, BENEFIT_URL_CRITERIA).toString()).toBe(
      'accountId=10000001&startDate=2026-01-01',
    );
    expect(paramsOfSearch({ criteria, page: 2 }, BENEFIT_URL_CRITERIA, ['accountId']).toString()).toBe(
      'startDate=2026-01-01&page=3',
    );
    expect(searchRequest(criteria, 0)).toEqual({
      accountId: '10000001',
      startDate: '2026-01-01',
      page: 0,
      pageSize: 10,
    });
  });

  it('applies the staff date bounds and the field limits of A§5', () => {
    const today = '2026-11-23';
    expect(criteriaErrors({ ...EMPTY_CRITERIA, startDate: '2022-02-01', endDate: '2022-08-01' }, today)).toEqual({});
    expect(criteriaErrors({ ...EMPTY_CRITERIA, startDate: '2022-01-31', endDate: '2022-07-31' }, today)).toEqual({
      startDate: 'Date cannot be before 2022-02-01.',
      endDate: 'Date cannot be before 2022-08-01.',
    });
    expect(criteriaErrors({ ...EMPTY_CRITERIA, endDate: '2027-05-26' }, today)).toEqual({
      endDate: 'Date cannot be after 2027-05-25.',
    });
    expect(criteriaErrors({ ...EMPTY_CRITERIA, startDate: '2026-05-01', endDate: '2026-04-01' }, today)).toEqual({
      endDate: 'End date cannot be before start date.',
    });
    expect(
      Object.keys(criteriaErrors({ ...EMPTY_CRITERIA, accountId: '1'.repeat(21), authNo: 'A'.repeat(21) }, today)),
    ).toEqual(['accountId', 'authNo']);
  });
});
