import { describe, expect, it } from 'vitest';
import { USER_STATUS } from '@ebt/core/enums';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';

const t = useTestApp();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

/**
 * Timing on a shared 2-core machine is noisy, so this compares medians of interleaved runs (each round measures
 * every kind once, in alternating order) and asserts only what a broken path would miss by far: an unknown
 * username that skipped the argon2 verification would answer in about a millisecond, 20 or more times faster.
 */
describe('sign-in timing', () => {
  it('answers an unknown, a disabled and a not-activated username as slowly as a wrong password: the dummy hash is verified', async () => {
    // Four accounts of each kind take the tries, six each: below the lock at ten.
    const accounts = { known: [] as string[], disabled: [] as string[], notActivated: [] as string[] };
    for (let i = 0; i < 4; i++) {
      accounts.known.push((await makeUser(t.database.db)).username);
      accounts.disabled.push((await makeUser(t.database.db, { statusId: USER_STATUS.DISABLED })).username);
      accounts.notActivated.push(
        (await makeUser(t.database.db, { password: null, statusId: USER_STATUS.PENDING })).username,
      );
    }
    const dummy = await dummyPasswordHash();
    const kinds = ['known', 'unknown', 'disabled', 'notActivated'] as const;
    const samples = {
      known: [] as number[],
      unknown: [] as number[],
      disabled: [] as number[],
      notActivated: [] as number[],
      argon2: [] as number[],
      noop: [] as number[],
    };
    const signIn = (username: string, round: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username, password: 'Wrong#Pass1' },
        remoteAddress: `10.77.${round}.1`, // each round its own address: the per-address limit stays out of it
      });

    const ROUNDS = 24;
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with another kind, so no kind always runs first (or last) on a warm or busy machine.
      for (let k = 0; k < kinds.length; k++) {
        const kind = kinds[(round + k) % kinds.length]!;
        const username = kind === 'unknown' ? `nosuch${round}user` : accounts[kind][round % 4]!;
        const { ms, result } = await timed(() => signIn(username, round));
        expect(result.statusCode).toBe(401);
        samples[kind].push(ms);
      }
      samples.argon2.push((await timed(() => verifyPassword(dummy, 'Wrong#Pass1'))).ms);
      // The same route refused by its schema: the request path without any password work.
      samples.noop.push(
        (await timed(() => t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'x' } }))).ms,
      );
    }

    const ms = Object.fromEntries(Object.entries(samples).map(([kind, values]) => [kind, median(values)])) as Record<
      keyof typeof samples,
      number
    >;
    const figures = Object.entries(ms)
      .map(([kind, value]) => `${kind} ${value.toFixed(1)} ms`)
      .join(', ');
    // Each refused kind within 2x of a wrong password for a known user (plus 5 ms of slack for a busy machine).
    for (const kind of ['unknown', 'disabled', 'notActivated'] as const) {
      expect(Math.max(ms.known, ms[kind]), `${kind}: ${figures}`).toBeLessThan(2 * Math.min(ms.known, ms[kind]) + 5);
    }
    const { unknown: unknownMs, argon2: argon2Ms, noop: noopMs } = ms;
    // The unknown path pays for an argon2 verification: at least half its measured time, well above a no-op.
    expect(unknownMs, figures).toBeGreaterThan(argon2Ms / 2);
    expect(unknownMs, figures).toBeGreaterThan(noopMs + argon2Ms / 2);
  }, 120_000);
});
