import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS } from '@ebt/core/enums';
import { recipientAccounts } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient } from '../../testing/factories.js';
import { activeEnrolments } from './index.js';
import { type IncentiveWorld, makeEnrolment, makeIncentive, makeIncentiveWorld } from '../../testing/incentives.js';

// The transaction engine's look-up (decision 0041): the enrolments of an account in force on a day, each bounded by
// its own dates and its incentive's.

const t = useTestApp();
let w: IncentiveWorld;
beforeAll(async () => {
  w = await makeIncentiveWorld(t);
});

describe('activeEnrolments', () => {
  it('answers the enrolments in force on the day, with the terms of their incentives', async () => {
    const { db } = t.database;
    const match = await makeIncentive(db, w.programs.programA, w.funding.a.id, {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      matchRate: '100.00',
      accrualMaxDay: '20.00',
    });
    const bonus = await makeIncentive(db, w.programs.programA, w.funding.a2.id, { startDate: '2026-03-01' });
    const spring = await makeEnrolment(db, w.account.id, match.id, { startDate: '2026-03-01', endDate: '2026-05-31' });
    const autumn = await makeEnrolment(db, w.account.id, match.id, { startDate: '2026-09-01' });
    const open = await makeEnrolment(db, w.account.id, bonus.id, { startDate: '2026-04-15' });
    // Another account's enrolment never shows.
    await makeEnrolment(db, w.otherAccount.id, match.id, { startDate: '2026-01-01' });

    const on = async (day: string) =>
      (await activeEnrolments(db, w.account.id, day)).map((e) => e.recipientIncentiveId);
    expect(await on('2026-02-28')).toEqual([]);
    expect(await on('2026-03-01')).toEqual([spring.id]);
    expect(await on('2026-05-31')).toEqual([spring.id, open.id]);
    expect(await on('2026-06-01')).toEqual([open.id]);
    expect(await on('2026-09-01')).toEqual([autumn.id, open.id]);
    // The incentive ends on 2026-12-31: its open-ended enrolment ends with it.
    expect(await on('2027-01-01')).toEqual([open.id]);

    const [first] = await activeEnrolments(db, w.account.id, '2026-04-01');
    expect(first).toEqual({
      recipientIncentiveId: spring.id,
      incentiveId: match.id,
      incentiveUuid: match.uuid,
      fundingSourceId: w.funding.a.id,
      matchRate: '100.00',
      accrualMaxDay: '20.00',
      accrualMaxMonth: '0.00',
      accrualMaxTrx: '0.00',
      accrualFeeRate: '0.00',
      redemptionFeeRate: '0.00',
    });
  });

  it('answers nothing for an inactive or deleted account: it earns no incentive, as it is issued no benefit', async () => {
    const { db } = t.database;
    const match = await makeIncentive(db, w.programs.programA, w.funding.a.id, { startDate: '2026-01-01' });
    for (const statusId of [ACCOUNT_STATUS.INACTIVE, ACCOUNT_STATUS.DELETED]) {
      const account = await makeRecipient(db, { program: w.programs.programA, agency: w.agencies.a1 });
      await makeEnrolment(db, account.id, match.id, { startDate: '2026-03-01' });
      expect(await activeEnrolments(db, account.id, '2026-04-01')).toHaveLength(1);
      await db.update(recipientAccounts).set({ statusId }).where(eq(recipientAccounts.id, account.id));
      expect(await activeEnrolments(db, account.id, '2026-04-01'), `status ${statusId}`).toEqual([]);
    }
  });
});
