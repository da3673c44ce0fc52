import { describe, expect, it } from 'vitest';
import {
  EMPTY_PROGRAM_ADMIN_SEARCH,
  hasProgramAdminCriterion,
  programAdminSearchQuery,
  validateProgramAdminSearch,
} from './program-admin-search';

describe('Add Program Admin search (A§5, B§5)', () => {
  it('needs one criterion that is more than spaces', () => {
    expect(hasProgramAdminCriterion(EMPTY_PROGRAM_ADMIN_SEARCH)).toBe(false);
    expect(hasProgramAdminCriterion({ ...EMPTY_PROGRAM_ADMIN_SEARCH, lastname: '  ' })).toBe(false);
    expect(hasProgramAdminCriterion({ ...EMPTY_PROGRAM_ADMIN_SEARCH, email: 'a@b.c' })).toBe(true);
  });

  it('limits username to 20, e-mail to 100 and last name to 45 characters', () => {
    expect(
      validateProgramAdminSearch({ username: 'u'.repeat(20), email: 'e'.repeat(100), lastname: 'l'.repeat(45) }),
    ).toEqual({});
    expect(
      validateProgramAdminSearch({ username: 'u'.repeat(21), email: 'e'.repeat(101), lastname: 'l'.repeat(46) }),
    ).toEqual({
      username: 'Must be at most 20 characters.',
      email: 'Must be at most 100 characters.',
      lastname: 'Must be at most 45 characters.',
    });
  });

  it('sends the filled criteria trimmed and the screen role ids', () => {
    expect(programAdminSearchQuery({ username: ' progadmin ', email: '', lastname: '' }, [1])).toEqual({
      username: 'progadmin',
      roleIds: '1',
    });
    expect(programAdminSearchQuery({ username: '', email: '', lastname: 'Smith' }, [1, 2])).toEqual({
      lastname: 'Smith',
      roleIds: '1,2',
    });
  });
});
