import { describe, expect, it } from 'vitest';
import {
  EMPTY_USER_SEARCH,
  hasUserSearchCriterion,
  roleFilterOptions,
  USER_URL_CRITERIA,
  validateUserSearch,
} from './criteria';

describe('user search criteria (B§5 User search fields)', () => {
  it('needs at least one criterion; blanks do not count', () => {
    expect(hasUserSearchCriterion(EMPTY_USER_SEARCH)).toBe(false);
    expect(hasUserSearchCriterion({ ...EMPTY_USER_SEARCH, lastname: '  ' })).toBe(false);
    expect(hasUserSearchCriterion({ ...EMPTY_USER_SEARCH, roleId: '5' })).toBe(true);
  });

  it('reads the URL into trimmed criteria, and no search without one', () => {
    expect(USER_URL_CRITERIA.parse({ lastname: ' Smith ', other: 'x' })).toEqual({ lastname: 'Smith' });
    expect(USER_URL_CRITERIA.parse({})).toBeNull();
  });

  it('keeps names to 45, e-mail to 100 and username to 20 characters', () => {
    const errors = validateUserSearch({
      ...EMPTY_USER_SEARCH,
      firstname: 'a'.repeat(46),
      lastname: 'a'.repeat(45),
      email: 'a'.repeat(101),
      username: 'a'.repeat(21),
    });
    expect(Object.keys(errors).sort()).toEqual(['email', 'firstname', 'username']);
  });

  it('offers only roles 1, 3, 5 and 6 on the program side, every role on the admin side', () => {
    const roles = [1, 2, 3, 4, 5, 6].map((roleId) => ({ roleId, descr: `R${roleId}` }));
    expect(roleFilterOptions('program', roles).map((o) => o.value)).toEqual(['1', '3', '5', '6']);
    expect(roleFilterOptions('admin', roles).map((o) => o.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(roleFilterOptions('program', undefined).map((o) => o.label)).toEqual([
      'Program Admin',
      'Recipient',
      'Agency Admin',
      'Agency User',
    ]);
  });
});
