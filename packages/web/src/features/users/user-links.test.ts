import { describe, expect, it } from 'vitest';
import { userPath } from './user-links';

const P = [{ programUuid: 'p1' }, { programUuid: 'p2' }];

describe('userPath (B§2 Users)', () => {
  it('opens staff users at {base}/user/{uuid}', () => {
    expect(userPath('program', { userUuid: 'u1', roleId: 5, programs: P })).toBe('/program/user/u1');
  });
  it('opens recipient users with their first program', () => {
    expect(userPath('program', { userUuid: 'u1', roleId: 3, programs: P })).toBe('/program/user/u1/p1');
    expect(userPath('admin', { userUuid: 'u1', roleId: 3, programs: P })).toBe('/admin/user/u1/p1');
  });
  it('falls back to the staff path when a recipient has no program', () => {
    expect(userPath('admin', { userUuid: 'u1', roleId: 3, programs: [] })).toBe('/admin/user/u1');
  });
});
