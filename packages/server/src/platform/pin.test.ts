import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pinHash, pinHashedByOldKey, pinMatches } from './pin.js';

const keys = { current: randomBytes(32), previous: [] as Buffer[] };

describe('card PIN hashes', () => {
  it('match the PIN of the card they were made for, and no other PIN or card', () => {
    const stored = pinHash(41, '2580', keys);
    expect(stored).toMatch(/^[0-9a-f]{8}:[0-9a-f]{64}$/);
    expect(stored).not.toContain('2580');
    expect(pinMatches(stored, 41, '2580', keys)).toBe(true);
    expect(pinMatches(stored, 41, '2581', keys)).toBe(false);
    expect(pinMatches(stored, 42, '2580', keys)).toBe(false);
    // Two cards with one PIN do not share a hash.
    expect(pinHash(42, '2580', keys)).not.toBe(stored);
  });

  it('check under an earlier key while it is listed, and not after', () => {
    const old = { current: randomBytes(32), previous: [] as Buffer[] };
    const stored = pinHash(7, '9012', old);
    const rotated = { current: randomBytes(32), previous: [old.current] };
    expect(pinMatches(stored, 7, '9012', rotated)).toBe(true);
    expect(pinHashedByOldKey(stored, rotated)).toBe(true);
    expect(pinMatches(stored, 7, '9012', { current: rotated.current, previous: [] })).toBe(false);
  });

  it('refuse a missing or malformed stored value', () => {
    expect(pinMatches(null, 1, '1357', keys)).toBe(false);
    expect(pinMatches('not-a-hash', 1, '1357', keys)).toBe(false);
  });
});
