import { describe, expect, it } from 'vitest';
import { foreignKeyViolationDetail, hasSqlState, isUniqueViolation } from './errors.js';

// The database's SQLSTATE read from an error as either driver raises it: directly (node-postgres, PGlite) or as the
// cause of a Drizzle query error, however deep.

const pg = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error('db'), { code, ...extra });
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query'), { cause });

describe('SQLSTATEs of database errors', () => {
  it('finds a state on the error itself or on any cause, and nothing else', () => {
    expect(hasSqlState(pg('40001'), '40001')).toBe(true);
    expect(hasSqlState(wrapped(wrapped(pg('40001'))), '40001')).toBe(true);
    expect(hasSqlState(pg('40P01'), '40001')).toBe(false);
    expect(hasSqlState(new Error('no state'), '40001')).toBe(false);
    expect(hasSqlState(undefined, '40001')).toBe(false);
  });

  it('tells a unique violation of one constraint and a foreign key refusal apart', () => {
    expect(isUniqueViolation(wrapped(pg('23505', { constraint: 'a_key' })), 'a_key')).toBe(true);
    expect(isUniqueViolation(pg('23505', { constraint: 'b_key' }), 'a_key')).toBe(false);
    expect(foreignKeyViolationDetail(wrapped(pg('23503', { detail: 'Key (id)=(1) is still referenced' })))).toBe(
      'Key (id)=(1) is still referenced',
    );
    expect(foreignKeyViolationDetail(pg('23505'))).toBeNull();
  });
});
