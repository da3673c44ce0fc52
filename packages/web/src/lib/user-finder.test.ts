import { describe, expect, it } from 'vitest';
import { EMPTY_USER_FINDER, hasUserFinderCriterion, userFinderQuery, validateUserFinder } from './user-finder';

describe('the user finder (A§5 "Program admin search", B§2 agency "Add Admin/User")', () => {
  it('needs one criterion that is more than spaces', () => {
    expect(hasUserFinderCriterion(EMPTY_USER_FINDER)).toBe(false);
    expect(hasUserFinderCriterion({ ...EMPTY_USER_FINDER, lastname: '  ' })).toBe(false);
    expect(hasUserFinderCriterion({ ...EMPTY_USER_FINDER, email: 'a@b.c' })).toBe(true);
  });

  it('limits username to 20, e-mail to 100 and last name to 45 characters', () => {
    expect(validateUserFinder({ username: 'u'.repeat(20), email: 'e'.repeat(100), lastname: 'l'.repeat(45) })).toEqual(
      {},
    );
    expect(validateUserFinder({ username: 'u'.repeat(21), email: 'e'.repeat(101), lastname: 'l'.repeat(46) })).toEqual({
      username: 'Must be at most 20 characters.',
      email: 'Must be at most 100 characters.',
      lastname: 'Must be at most 45 characters.',
    });
  });

  it("sends the filled criteria trimmed and the screen's role ids", () => {
    expect(userFinderQuery({ username: ' progadmin ', email: '', lastname: '' }, [1])).toEqual({
      username: 'progadmin',
      roleIds: '1',
    });
    // Resolution 2: the agency's search looks for roles 5 and 6.
    expect(userFinderQuery({ ...EMPTY_USER_FINDER, lastname: ' Lee ' }, [5, 6])).toEqual({
      lastname: 'Lee',
      roleIds: '5,6',
    });
  });
});
