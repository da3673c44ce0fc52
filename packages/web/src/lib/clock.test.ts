import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@ebt/core/constants';
import { areaTimeZone } from './clock';

const program = (timeZone: string, n: number) => ({
  programUuid: `00000000-0000-4000-8000-00000000000${n}`,
  programId: n,
  programName: `Program ${n}`,
  timeZone,
});

describe('areaTimeZone', () => {
  it("is the programs' zone when they share one", () => {
    expect(areaTimeZone({ programs: [program('America/Chicago', 1), program('America/Chicago', 2)] })).toBe(
      'America/Chicago',
    );
  });

  it("is the portal's zone for users of several zones, of none, and without a session", () => {
    expect(areaTimeZone({ programs: [program('America/Chicago', 1), program('America/Denver', 2)] })).toBe(
      DEFAULT_TIME_ZONE,
    );
    expect(areaTimeZone({ programs: [] })).toBe(DEFAULT_TIME_ZONE);
    expect(areaTimeZone(null)).toBe(DEFAULT_TIME_ZONE);
  });
});
