import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../testing/database.js';
import { type JobDefinition, runExclusive, tryAcquireLease } from './jobs.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('scheduled jobs', () => {
  it('runs a job in one instance at a time, and again once the lease is over', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(await tryAcquireLease(database.db, 'nightly', 'instance-a', 60_000, now)).toBe(true);
    expect(await tryAcquireLease(database.db, 'nightly', 'instance-b', 60_000, new Date(now.getTime() + 30_000))).toBe(
      false,
    );
    expect(await tryAcquireLease(database.db, 'nightly', 'instance-b', 60_000, new Date(now.getTime() + 61_000))).toBe(
      true,
    );
  });

  it('lets only one of two instances started together run the job', async () => {
    let runs = 0;
    const job: JobDefinition = {
      name: 'count-once',
      everyMs: 1000,
      leaseMs: 60_000,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    };
    const clock = () => new Date('2026-11-23T12:00:00Z');
    const results = await Promise.all([
      runExclusive(database.db, job, 'a', clock),
      runExclusive(database.db, job, 'b', clock),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
  });
});
