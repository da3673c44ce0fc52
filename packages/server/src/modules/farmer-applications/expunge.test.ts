import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ABANDONED_DRAFT_DAYS, DEFAULT_REFUSED_APPLICATION_DAYS } from '@ebt/core/farmer-applications';
import {
  auditLog,
  configEntries,
  farmerApplicationConfirmations,
  farmerApplicationEvents,
  farmerApplicationPrograms,
  farmerApplications,
} from '../../db/schema/index.js';
import { scheduledJobs } from '../../jobs.js';
import { CONFIG_VALUES } from '../../platform/config-values.js';
import { runExclusive } from '../../platform/jobs.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram } from '../../testing/factories.js';
import { makeFarmerApplication } from '../../testing/farmer-applications.js';
import {
  DRAFT_DAYS_KEY,
  expungeFarmerApplications,
  FARMER_APPLICATION_EXPUNGE_JOB,
  REFUSED_DAYS_KEY,
} from './expunge.js';

// The expunge job (docs/decisions/0111): confirmations past the draft retention and applications refused past theirs
// are deleted, with the programs and history of those applications.

const t = useTestApp();
const DAY = 86_400_000;

async function confirmation(createdAt: Date, usedAt: Date | null = null) {
  const [row] = await t.database.db
    .insert(farmerApplicationConfirmations)
    .values({
      email: 'drafter@example.com',
      mobilePhone: '8605550100',
      emailCodeHash: 'x',
      mobileCodeHash: 'y',
      expiresAt: new Date(createdAt.getTime() + 600_000),
      usedAt,
      createdAt,
    })
    .returning();
  return row!.id;
}

const confirmationIds = async (ids: number[]) =>
  (
    await t.database.db
      .select({ id: farmerApplicationConfirmations.id })
      .from(farmerApplicationConfirmations)
      .where(inArray(farmerApplicationConfirmations.id, ids))
  ).map((r) => r.id);

describe('the farmer application expunge', () => {
  it('deletes old confirmations and applications refused long ago, with the defaults, and audits the count', async () => {
    const db = t.database.db;
    const now = new Date('2027-06-01T12:00:00Z');
    const program = await makeProgram(db);
    const oldDraft = await confirmation(new Date(now.getTime() - (DEFAULT_ABANDONED_DRAFT_DAYS + 1) * DAY));
    const oldUsed = await confirmation(new Date(now.getTime() - 40 * DAY), new Date(now.getTime() - 40 * DAY));
    const freshDraft = await confirmation(new Date(now.getTime() - (DEFAULT_ABANDONED_DRAFT_DAYS - 1) * DAY));
    const decided = (days: number) => new Date(now.getTime() - days * DAY);
    const oldRefused = await makeFarmerApplication(db, t.config, {
      programs: [program],
      status: 'refused',
      decidedAt: decided(DEFAULT_REFUSED_APPLICATION_DAYS + 1),
    });
    const freshRefused = await makeFarmerApplication(db, t.config, {
      programs: [program],
      status: 'refused',
      decidedAt: decided(DEFAULT_REFUSED_APPLICATION_DAYS - 1),
    });
    const oldApproved = await makeFarmerApplication(db, t.config, {
      programs: [program],
      status: 'approved',
      decidedAt: decided(DEFAULT_REFUSED_APPLICATION_DAYS + 100),
    });
    const oldWaiting = await makeFarmerApplication(db, t.config, {
      programs: [program],
      submittedAt: decided(DEFAULT_REFUSED_APPLICATION_DAYS + 100),
    });

    const result = await expungeFarmerApplications(db, now, { defaultTimeZone: 'America/New_York' });
    expect(result).toMatchObject({
      draftDays: DEFAULT_ABANDONED_DRAFT_DAYS,
      refusedDays: DEFAULT_REFUSED_APPLICATION_DAYS,
    });
    expect(result.applications).toBeGreaterThanOrEqual(1);
    expect(await confirmationIds([oldDraft, oldUsed, freshDraft])).toEqual([freshDraft]);
    const left = await db
      .select({ id: farmerApplications.id })
      .from(farmerApplications)
      .where(
        inArray(
          farmerApplications.id,
          [oldRefused, freshRefused, oldApproved, oldWaiting].map((a) => a.application.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual(
      [freshRefused, oldApproved, oldWaiting].map((a) => a.application.id).sort(),
    );
    // Its programs and history went with it.
    expect(
      await db
        .select()
        .from(farmerApplicationPrograms)
        .where(eq(farmerApplicationPrograms.applicationId, oldRefused.application.id)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(farmerApplicationEvents)
        .where(eq(farmerApplicationEvents.applicationId, oldRefused.application.id)),
    ).toEqual([]);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entity, 'farmer_application_job'));
    expect(audit).toMatchObject({
      action: 'expunge',
      actorUserId: null,
      after: expect.objectContaining({ applications: result.applications }),
    });

    // A second pass at the same time removes nothing and writes no row.
    expect(await expungeFarmerApplications(db, now, { defaultTimeZone: 'America/New_York' })).toMatchObject({
      confirmations: 0,
      applications: 0,
    });
    expect(await db.select().from(auditLog).where(eq(auditLog.entity, 'farmer_application_job'))).toHaveLength(1);
  });

  it('reads the retentions from the configuration keys', async () => {
    const db = t.database.db;
    const now = new Date('2027-09-01T12:00:00Z');
    await db.insert(configEntries).values([
      { configKey: DRAFT_DAYS_KEY, configValue: '2', effectiveDate: '2027-01-01' },
      { configKey: REFUSED_DAYS_KEY, configValue: '10', effectiveDate: '2027-01-01' },
    ]);
    CONFIG_VALUES.invalidate(db); // written behind the cache's back, as another instance would
    const draft = await confirmation(new Date(now.getTime() - 3 * DAY));
    const refused = await makeFarmerApplication(db, t.config, {
      programs: [],
      status: 'refused',
      decidedAt: new Date(now.getTime() - 11 * DAY),
    });
    const result = await expungeFarmerApplications(db, now, { defaultTimeZone: 'America/New_York' });
    expect(result).toMatchObject({ draftDays: 2, refusedDays: 10 });
    expect(await confirmationIds([draft])).toEqual([]);
    expect(await db.select().from(farmerApplications).where(eq(farmerApplications.id, refused.application.id))).toEqual(
      [],
    );
  });

  it('is a scheduled job that runs under a lease', async () => {
    const job = scheduledJobs(t.config).find((j) => j.name === FARMER_APPLICATION_EXPUNGE_JOB)!;
    expect(job).toMatchObject({ everyMs: 3_600_000 });
    expect(await runExclusive(t.database.db, job, 'test-holder', () => new Date('2027-10-01T00:00:00Z'))).toBe(true);
  });
});
