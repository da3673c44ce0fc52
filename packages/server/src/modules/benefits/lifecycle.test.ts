import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BENEFIT_EXPUNGE_DAYS_KEY } from '@ebt/core/benefits';
import {
  auditLog,
  benefits,
  configEntries,
  notificationPreferences,
  notifications,
  outbox,
  type ProgramRow,
} from '../../db/schema/index.js';
import { runExclusive } from '../../platform/jobs.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram, makeRecipient } from '../../testing/factories.js';
import { CONFIG_VALUES } from '../../platform/config-values.js';
import { benefitLifeCycleJob, runBenefitLifeCycle } from './lifecycle.js';

const t = useTestApp();
const OPTIONS = { defaultTimeZone: 'America/New_York' };
const run = (batchSize?: number) => runBenefitLifeCycle(t.database.db, t.clock.now(), { ...OPTIONS, batchSize });

/** Moves the test clock forward to an instant (it never goes back: earlier tests' benefits stay consistent). */
function setClock(iso: string) {
  const ms = new Date(iso).getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is already past ${iso}`);
  t.clock.advance(ms);
}

let sequence = 0;
async function makeBenefits(program: ProgramRow, expirations: string[], balance = '12.50') {
  const account = await makeRecipient(t.database.db, { program });
  const rows = await t.database.db
    .insert(benefits)
    .values(
      expirations.map((expirationDate) => ({
        programId: program.id,
        accountId: account.id,
        authorizationNumber: `LC${++sequence}`,
        availableDate: '2026-01-01',
        expirationDate,
        amount: '20.00',
        balance,
      })),
    )
    .returning();
  return { account, rows };
}

const statusOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ id: benefits.id, statusId: benefits.statusId })
        .from(benefits)
        .where(inArray(benefits.id, ids))
    ).map((r) => [r.id, r.statusId]),
  );
const auditsOf = (uuids: string[], action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'benefit'), eq(auditLog.action, action), inArray(auditLog.entityId, uuids)));

describe('benefit life cycle: expiry', () => {
  it("expires an Issued benefit the day after its expiration date in the program's time zone, not a day early", async () => {
    // 2026-11-23T15:00Z: 10:00 in New York, 05:00 in Honolulu.
    const ny = await makeProgram(t.database.db, { timeZone: 'America/New_York' });
    const hi = await makeProgram(t.database.db, { timeZone: 'Pacific/Honolulu' });
    const { rows: nyRows } = await makeBenefits(ny, ['2026-11-22', '2026-11-23', '2026-11-24']);
    const { rows: hiRows } = await makeBenefits(hi, ['2026-11-23']);
    const [past, last, future] = nyRows.map((r) => r.id) as [number, number, number];
    const hiLast = hiRows[0]!.id;
    const all = [past, last, future, hiLast];

    expect(await run()).toMatchObject({ expired: 1 });
    expect(await statusOf(all)).toEqual({ [past]: 1, [last]: 0, [future]: 0, [hiLast]: 0 });

    setClock('2026-11-24T04:59:00Z'); // 23:59 on the 23rd in New York, though already the 24th in UTC
    await run();
    expect(await statusOf(all)).toEqual({ [past]: 1, [last]: 0, [future]: 0, [hiLast]: 0 });

    setClock('2026-11-24T05:00:00Z'); // midnight in New York; 19:00 on the 23rd in Honolulu
    expect(await run()).toMatchObject({ expired: 1 });
    expect(await statusOf(all)).toEqual({ [past]: 1, [last]: 1, [future]: 0, [hiLast]: 0 });

    setClock('2026-11-24T10:00:00Z'); // midnight in Honolulu
    expect(await run()).toMatchObject({ expired: 1 });
    expect(await statusOf(all)).toEqual({ [past]: 1, [last]: 1, [future]: 0, [hiLast]: 1 });

    const [expired] = await t.database.db.select().from(benefits).where(eq(benefits.id, last));
    expect(expired).toMatchObject({ statusId: 1, balance: '12.50', updationChannel: 'SYSTEM' });
    const audits = await auditsOf([expired!.uuid], 'expire');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: null,
      before: { benefitStatusId: 0, updationChannel: null },
      after: { benefitStatusId: 1, updationChannel: 'SYSTEM' },
    });
  });

  it('tells the recipient when money was left on an expired benefit, by the methods they chose', async () => {
    const program = await makeProgram(t.database.db);
    const { account, rows } = await makeBenefits(program, ['2026-11-01']);
    const spent = await makeBenefits(program, ['2026-11-01'], '0.00');
    await t.database.db.insert(notificationPreferences).values({ accountId: account.id, eventId: 3, methodId: 1 });
    await run();
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(inArray(notifications.accountId, [account.id, spent.account.id]));
    expect(notes.map((n) => [n.accountId, n.eventId, n.text, n.textEs])).toEqual([
      [
        account.id,
        3,
        `Your benefit ${rows[0]!.authorizationNumber} expired on 2026-11-01 with $12.50 unspent.`,
        // The Spanish the recipient's Spanish pages show, as the Spanish e-mail says it.
        `Su beneficio ${rows[0]!.authorizationNumber} venció el 01/11/2026 con $12.50 sin gastar.`,
      ],
    ]);
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, account.email!));
    expect(mail).toMatchObject([{ channel: 'email', subject: 'A benefit has expired' }]);
  });

  it('is idempotent: a second run at the same moment changes nothing', async () => {
    const program = await makeProgram(t.database.db);
    const { rows } = await makeBenefits(program, ['2026-11-10', '2026-11-11']);
    expect(await run()).toMatchObject({ expired: 2 });
    expect(await run()).toMatchObject({ expired: 0, expunged: 0 });
    expect(
      await auditsOf(
        rows.map((r) => r.uuid),
        'expire',
      ),
    ).toHaveLength(2);
  });

  it('never moves a benefit twice when two runs overlap, batch after batch', async () => {
    const program = await makeProgram(t.database.db);
    const { account, rows } = await makeBenefits(
      program,
      Array.from({ length: 30 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`),
    );
    const [a, b] = await Promise.all([run(7), run(7)]);
    expect(a!.expired + b!.expired).toBe(30);
    expect(
      await auditsOf(
        rows.map((r) => r.uuid),
        'expire',
      ),
    ).toHaveLength(30);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.accountId, account.id));
    expect(notes).toHaveLength(30);
  });

  it('runs in one instance at a time: the second holder of the lease does not run', async () => {
    const job = benefitLifeCycleJob(OPTIONS);
    const ran = await Promise.all([
      runExclusive(t.database.db, job, 'instance-a', t.clock.now),
      runExclusive(t.database.db, job, 'instance-b', t.clock.now),
    ]);
    expect(ran.filter(Boolean)).toHaveLength(1);
  });

  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'skips a benefit a purchase holds locked and takes it on the next run',
    async () => {
      const program = await makeProgram(t.database.db);
      const { rows } = await makeBenefits(program, ['2026-11-02', '2026-11-03']);
      const [held, free] = rows.map((r) => r.id) as [number, number];
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const purchase = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${benefits} where id = ${held} for update`);
        locked();
        await released;
      });
      await isLocked;
      expect(await run()).toMatchObject({ expired: 1 });
      expect(await statusOf([held, free])).toEqual({ [held]: 0, [free]: 1 });
      release();
      await purchase;
      expect(await run()).toMatchObject({ expired: 1 });
      expect(await statusOf([held, free])).toEqual({ [held]: 1, [free]: 1 });
    },
  );
});

describe('benefit life cycle: expunge', () => {
  it('expunges an Expired benefit the configured days after its expiration date and records the forfeited balance', async () => {
    await t.database.db
      .insert(configEntries)
      .values({ configKey: BENEFIT_EXPUNGE_DAYS_KEY, configValue: '10', effectiveDate: '2026-01-01' });
    CONFIG_VALUES.invalidate(t.database.db); // written behind the cache's back, as another instance would
    const program = await makeProgram(t.database.db);
    const { rows } = await makeBenefits(program, ['2026-11-23']);
    const id = rows[0]!.id;
    await run();
    expect(await statusOf([id])).toEqual({ [id]: 1 });

    setClock('2026-12-04T04:59:00Z'); // 2026-12-03 in New York: ten days after the 23rd, not yet more
    expect(await run()).toMatchObject({ expungeDays: 10 });
    expect(await statusOf([id])).toEqual({ [id]: 1 });

    setClock('2026-12-04T05:00:00Z');
    const result = await run();
    expect(result).toMatchObject({ expunged: expect.any(Number), expungeDays: 10 });
    const [row] = await t.database.db.select().from(benefits).where(eq(benefits.id, id));
    // The forfeited balance stays on the benefit for reconciliation (decision 0058).
    expect(row).toMatchObject({ statusId: 2, balance: '0.00', expungedAmt: '12.50' });
    const audits = await auditsOf([row!.uuid], 'expunge');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      before: { benefitStatusId: 1, benefitBalance: '12.50' },
      after: { benefitStatusId: 2, benefitBalance: '0.00', forfeited: '12.50' },
    });
    const [summary] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'benefit_job'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(summary!.after).toMatchObject({ expunged: result.expunged, expungeDays: 10 });
    expect(await run()).toMatchObject({ expired: 0, expunged: 0 });
  });

  it("expires and expunges in one run a benefit the job has not seen for long, and keeps Expired ones with 'never'", async () => {
    const program = await makeProgram(t.database.db);
    const { rows } = await makeBenefits(program, ['2026-06-01']);
    const id = rows[0]!.id;
    await run();
    expect(await statusOf([id])).toEqual({ [id]: 2 });

    await t.database.db
      .insert(configEntries)
      .values({ configKey: BENEFIT_EXPUNGE_DAYS_KEY, configValue: 'never', effectiveDate: '2026-12-05' });
    CONFIG_VALUES.invalidate(t.database.db); // written behind the cache's back, as another instance would
    setClock('2026-12-05T12:00:00Z');
    const kept = await makeBenefits(program, ['2026-06-01']);
    expect(await run()).toMatchObject({ expungeDays: null, expunged: 0 });
    expect(await statusOf([kept.rows[0]!.id])).toEqual({ [kept.rows[0]!.id]: 1 });
  });

  it("takes a program whose time zone the runtime does not know in the platform's zone", async () => {
    const program = await makeProgram(t.database.db, { timeZone: 'Mars/Olympus_Mons' });
    const { rows } = await makeBenefits(program, ['2026-11-30']);
    await run();
    // Expired (expunging is 'never' by now, from the test above).
    expect(await statusOf([rows[0]!.id])).toEqual({ [rows[0]!.id]: 1 });
  });

  it('leaves Voided benefits alone', async () => {
    const program = await makeProgram(t.database.db);
    const { rows } = await makeBenefits(program, ['2026-01-31']);
    await t.database.db.update(benefits).set({ statusId: 3 }).where(eq(benefits.id, rows[0]!.id));
    await run();
    expect(await statusOf([rows[0]!.id])).toEqual({ [rows[0]!.id]: 3 });
  });
});
