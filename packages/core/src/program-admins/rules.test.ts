import { describe, expect, it } from 'vitest';
import { ROLE } from '../enums/roles.js';
import { isLastAdminRemovingSelf, mayAdministerProgram } from './rules.js';
import { ProgramUsersQuery } from './schemas.js';

describe('program admins (A§3, resolution 2)', () => {
  it('lets roles 1 and 2 administer a program, no other', () => {
    expect(Object.values(ROLE).filter(mayAdministerProgram)).toEqual([ROLE.PROGRAM_ADMIN, ROLE.PROGRAM_USER]);
  });
  it('refuses only the last admin removing themself', () => {
    expect(isLastAdminRemovingSelf(1, 7, 7)).toBe(true);
    expect(isLastAdminRemovingSelf(2, 7, 7)).toBe(false);
    expect(isLastAdminRemovingSelf(1, 7, 8)).toBe(false);
  });
  it("reads the union of both documents' query names with their limits", () => {
    const q = ProgramUsersQuery.parse({
      username: ' jsm ',
      email: 'a@',
      lastname: 'Sm',
      firstname: 'Jo',
      roleIds: '1,2',
    });
    expect(q).toMatchObject({ username: 'jsm', email: 'a@', lastname: 'Sm', firstname: 'Jo', roleIds: [1, 2] });
    expect(ProgramUsersQuery.parse({ roleIds: ['5', '6'] }).roleIds).toEqual([5, 6]);
    expect(ProgramUsersQuery.parse({}).roleIds).toEqual([]);
    expect(ProgramUsersQuery.safeParse({ username: 'a'.repeat(21) }).success).toBe(false);
    expect(ProgramUsersQuery.safeParse({ email: 'a'.repeat(101) }).success).toBe(false);
    expect(ProgramUsersQuery.safeParse({ lastname: 'a'.repeat(46) }).success).toBe(false);
    expect(ProgramUsersQuery.safeParse({ programUuid: 'nope' }).success).toBe(false);
  });
});
