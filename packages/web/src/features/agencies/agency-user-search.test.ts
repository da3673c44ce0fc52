import { describe, expect, it } from 'vitest';
import {
  agencyUserSearchQuery,
  EMPTY_AGENCY_USER_SEARCH,
  hasAgencyUserCriterion,
  validateAgencyUserSearch,
} from './agency-user-search';

describe("the 'Add Admin/User' search", () => {
  it('needs one criterion and searches roles 5 and 6', () => {
    expect(hasAgencyUserCriterion(EMPTY_AGENCY_USER_SEARCH)).toBe(false);
    expect(hasAgencyUserCriterion({ ...EMPTY_AGENCY_USER_SEARCH, lastname: ' Lee ' })).toBe(true);
    expect(agencyUserSearchQuery({ ...EMPTY_AGENCY_USER_SEARCH, lastname: ' Lee ' })).toEqual({
      lastname: 'Lee',
      roleIds: '5,6',
    });
  });

  it('refuses a username over 20 characters', () => {
    expect(validateAgencyUserSearch({ ...EMPTY_AGENCY_USER_SEARCH, username: 'u'.repeat(21) }).username).toBe(
      'Must be at most 20 characters.',
    );
  });
});
