import type { RecipientSearchCriteria } from '@ebt/core/recipients';
import { describe, expect, it } from 'vitest';
import { criteriaKey, paramsOfSearch, searchFromParams } from '../../../lib/url-criteria';
import { formValuesOf, RECIPIENT_URL_CRITERIA } from './criteria';

const read = (query: string) => searchFromParams(new URLSearchParams(query), RECIPIENT_URL_CRITERIA);

describe('recipient search in the URL (decision 0012)', () => {
  it('reads no search from a query without a text criterion (A§5)', () => {
    expect(read('')).toBeNull();
    expect(read('programUuid=8a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBeNull();
    expect(read('lastname=%20%20&mobilePhone=()-')).toBeNull();
  });

  it('reads the criteria as the server does', () => {
    expect(read('lastname=%20Lee%20&mobilePhone=(860)%20555&page=3')).toEqual({
      criteria: { lastname: 'Lee', mobilePhone: '860555' },
      page: 2,
    });
  });

  it('writes a search back to the same query', () => {
    const criteria: RecipientSearchCriteria = { firstname: 'Ann', programUuid: '8a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' };
    const search = { criteria, page: 4 };
    expect(read(paramsOfSearch(search, RECIPIENT_URL_CRITERIA).toString())).toEqual(search);
  });

  it('fills every form field and tells searches apart by their criteria only', () => {
    expect(formValuesOf({ email: 'a@b.c' })).toEqual({
      recipientIdentifier: '',
      firstname: '',
      lastname: '',
      email: 'a@b.c',
      mobilePhone: '',
      programUuid: '',
      agencyUuid: '',
    });
    expect(criteriaKey({ lastname: 'Lee' }, RECIPIENT_URL_CRITERIA)).not.toBe(
      criteriaKey({ firstname: 'Lee' }, RECIPIENT_URL_CRITERIA),
    );
  });
});
