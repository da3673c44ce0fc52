import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient } from '../../testing/factories.js';
import { type IncentiveWorld, makeEnrolment, makeIncentive, makeIncentiveWorld } from '../../testing/incentives.js';
import { isOverlapViolation } from './writes.js';

// The race path of an enrolment (decision 0041): when two requests pass the overlap check together, the exclusion
// constraint refuses the second write and isOverlapViolation must recognise that error as the driver and Drizzle
// deliver it (PGlite in one project, node-postgres in the other), so the answer is 409, not 500.

const t = useTestApp();
let w: IncentiveWorld;
beforeAll(async () => {
  w = await makeIncentiveWorld(t);
});

const refusal = async (write: Promise<unknown>) => {
  try {
    await write;
  } catch (error) {
    return error;
  }
  throw new Error('the write was taken');
};

describe('isOverlapViolation', () => {
  it("recognises the exclusion constraint's refusal (23P01) from the database, as Drizzle wraps it", async () => {
    const { db } = t.database;
    const incentive = await makeIncentive(db, w.programs.programA, w.funding.a.id);
    const account = await makeRecipient(db, { program: w.programs.programA, agency: w.agencies.a1 });
    await makeEnrolment(db, account.id, incentive.id, { startDate: '2026-01-01', endDate: '2026-06-30' });
    const error = await refusal(makeEnrolment(db, account.id, incentive.id, { startDate: '2026-06-30' }));
    expect(isOverlapViolation(error)).toBe(true);
  });

  it('does not take another refusal for an overlap (a foreign key, 23503)', async () => {
    const { db } = t.database;
    const incentive = await makeIncentive(db, w.programs.programA, w.funding.a.id);
    const error = await refusal(makeEnrolment(db, 2_000_000_000, incentive.id, { startDate: '2026-01-01' }));
    expect(isOverlapViolation(error)).toBe(false);
    expect(isOverlapViolation(new Error('anything'))).toBe(false);
    expect(isOverlapViolation(undefined)).toBe(false);
  });
});
