import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../db/client.js';
import { configEntries, configVersion } from '../db/schema/index.js';
import { useTestApp } from '../testing/app.js';
import { configBoolean, configInteger, configNumber, ConfigValueCache, CONFIG_VALUES } from './config-values.js';

// The configuration values in force, cached per instance (docs/decisions/0031): two caches stand for two server
// instances on one database; a clock each moves by hand.

const t = useTestApp();
const db = () => t.database.db;

class Clock {
  ms = 1_000_000;
  now = () => this.ms;
}

beforeAll(async () => {
  await db()
    .insert(configEntries)
    .values([
      { configKey: 'cache.days', configValue: '30', effectiveDate: '2026-01-01' },
      { configKey: 'cache.days', configValue: '45', effectiveDate: '2026-12-01' },
    ]);
});

describe('configuration values in force', () => {
  it('answers the value with the latest effective date on or before the day asked, or null', async () => {
    const cache = new ConfigValueCache(new Clock().now);
    expect(await cache.valueInForce(db(), 'cache.days', '2025-12-31')).toBeNull();
    expect(await cache.valueInForce(db(), 'cache.days', '2026-01-01')).toBe('30');
    expect(await cache.valueInForce(db(), 'cache.days', '2026-11-30')).toBe('30');
    expect(await cache.valueInForce(db(), 'cache.days', '2026-12-01')).toBe('45');
    expect(await cache.valueInForce(db(), 'no.such.key', '2026-12-01')).toBeNull();
  });

  it('reads the database once per key, then checks the version row at most once a second', async () => {
    const clock = new Clock();
    const cache = new ConfigValueCache(clock.now);
    const before = t.database.statementCount();
    await cache.valueInForce(db(), 'cache.days', '2026-06-01'); // version + history
    expect(t.database.statementCount() - before).toBe(2);
    for (let i = 0; i < 50; i += 1) await cache.valueInForce(db(), 'cache.days', '2026-06-01');
    expect(t.database.statementCount() - before).toBe(2);
    clock.ms += 1_000;
    // Due for a check: the read answers from the cache and the version is read beside it (unchanged: no history).
    expect(await cache.valueInForce(db(), 'cache.days', '2026-06-01')).toBe('30');
    await vi.waitFor(() => expect(t.database.statementCount() - before).toBe(3));
    for (let i = 0; i < 50; i += 1) await cache.valueInForce(db(), 'cache.days', '2026-06-01');
    expect(t.database.statementCount() - before).toBe(3);
  });

  it('never keeps a busy reader waiting for the version row, and makes an idle one wait', async () => {
    const clock = new Clock();
    const cache = new ConfigValueCache(clock.now);
    await cache.valueInForce(db(), 'cache.days', '2026-06-01');
    const before = t.database.statementCount();
    clock.ms += 1_500;
    // Fifty reads at once, all due: they answer from the cache and share one version check.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => cache.valueInForce(db(), 'cache.days', '2026-06-01')),
    );
    expect(new Set(answers)).toEqual(new Set(['30']));
    await vi.waitFor(() => expect(t.database.statementCount() - before).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 200)); // its answer lands (the statement is counted when sent)
    // Two seconds without a check: the read waits for a new one.
    clock.ms += 2_000;
    const counted = t.database.statementCount();
    expect(await cache.valueInForce(db(), 'cache.days', '2026-06-01')).toBe('30');
    expect(t.database.statementCount() - counted).toBe(1);
  });

  it('sees a change made elsewhere within two seconds, and not before one', async () => {
    const clockA = new Clock();
    const clockB = new Clock();
    const instanceA = new ConfigValueCache(clockA.now);
    const instanceB = new ConfigValueCache(clockB.now);
    expect(await instanceA.valueInForce(db(), 'cache.flag', '2026-06-01')).toBeNull();
    expect(await instanceB.valueInForce(db(), 'cache.flag', '2026-06-01')).toBeNull();

    // Instance B's change (the trigger bumps the version row).
    await db()
      .insert(configEntries)
      .values({ configKey: 'cache.flag', configValue: 'on', effectiveDate: '2026-01-01' });
    instanceB.invalidate(db());
    expect(await instanceB.valueInForce(db(), 'cache.flag', '2026-06-01')).toBe('on');

    clockA.ms += 999;
    expect(await instanceA.valueInForce(db(), 'cache.flag', '2026-06-01')).toBeNull();
    clockA.ms += 1;
    // Due for a check: this read answers from the cache, the next one after the check has the change.
    expect(await instanceA.valueInForce(db(), 'cache.flag', '2026-06-01')).toBeNull();
    await vi.waitFor(async () => expect(await instanceA.valueInForce(db(), 'cache.flag', '2026-06-01')).toBe('on'));

    await db().update(configEntries).set({ configValue: 'off' }).where(eq(configEntries.configKey, 'cache.flag'));
    await db().delete(configEntries).where(eq(configEntries.configKey, 'cache.none'));
    clockA.ms += 2_000; // idle for two seconds: the read waits for the check
    expect(await instanceA.valueInForce(db(), 'cache.flag', '2026-06-01')).toBe('off');
  });

  it('keeps no history read before a version change that another request saw while the read was pending', async () => {
    // An instance whose history reads wait for the test: a request reads the old history, another request sees the
    // version change meanwhile, then the first read lands. It must not be kept under the new version.
    class HeldCache extends ConfigValueCache {
      release: () => void = () => {};
      held: Promise<void> | null = null;
      protected override async readHistory(handle: DbOrTx, key: string) {
        const history = await super.readHistory(handle, key);
        if (this.held) await this.held;
        return history;
      }
    }
    const clock = new Clock();
    const cache = new HeldCache(clock.now);
    await db()
      .insert(configEntries)
      .values({ configKey: 'cache.race', configValue: 'old', effectiveDate: '2026-01-01' });
    expect(await cache.valueInForce(db(), 'cache.other', '2026-06-01')).toBeNull(); // the version is checked

    cache.held = new Promise((resolve) => (cache.release = resolve));
    const pending = cache.valueInForce(db(), 'cache.race', '2026-06-01');
    await new Promise((resolve) => setTimeout(resolve, 50)); // its history is read, then held
    await db().update(configEntries).set({ configValue: 'new' }).where(eq(configEntries.configKey, 'cache.race'));
    cache.held = null;
    clock.ms += 2_000;
    expect(await cache.valueInForce(db(), 'cache.other', '2026-06-01')).toBeNull(); // sees the new version
    cache.release();
    expect(await pending).toBe('old'); // that request began before the change
    expect(await cache.valueInForce(db(), 'cache.race', '2026-06-01')).toBe('new');
  });

  it('bumps the version on every statement that changes the values, TRUNCATE included', async () => {
    class Rollback extends Error {}
    const version = async (handle: DbOrTx) =>
      Number((await handle.select({ version: configVersion.version }).from(configVersion))[0]!.version);
    await db()
      .transaction(async (tx) => {
        const before = await version(tx);
        await tx.execute(sql`truncate config_entries`);
        expect(await version(tx)).toBe(before + 1);
        throw new Rollback(); // the other tests' values stay
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });

  it('reads inside a transaction without the cache, so the transaction sees its own change', async () => {
    await db().transaction(async (tx) => {
      await tx.insert(configEntries).values({ configKey: 'cache.tx', configValue: '7', effectiveDate: '2026-01-01' });
      expect(await CONFIG_VALUES.valueInForce(tx, 'cache.tx', '2026-06-01')).toBe('7');
    });
  });

  it('reads typed values with their defaults', async () => {
    await db()
      .insert(configEntries)
      .values([
        { configKey: 'typed.int', configValue: ' 12 ', effectiveDate: '2026-01-01' },
        { configKey: 'typed.rate', configValue: '87.5', effectiveDate: '2026-01-01' },
        { configKey: 'typed.bad', configValue: 'twelve', effectiveDate: '2026-01-01' },
        { configKey: 'typed.yes', configValue: 'Yes', effectiveDate: '2026-01-01' },
        { configKey: 'typed.no', configValue: 'false', effectiveDate: '2026-01-01' },
      ]);
    CONFIG_VALUES.invalidate(db());
    const day = '2026-06-01';
    expect(await configInteger(db(), 'typed.int', day, 5)).toBe(12);
    expect(await configInteger(db(), 'typed.bad', day, 5)).toBe(5);
    expect(await configInteger(db(), 'typed.none', day, 5)).toBe(5);
    expect(await configNumber(db(), 'typed.rate', day, 80)).toBe(87.5);
    expect(await configBoolean(db(), 'typed.yes', day, false)).toBe(true);
    expect(await configBoolean(db(), 'typed.no', day, true)).toBe(false);
    expect(await configBoolean(db(), 'typed.bad', day, true)).toBe(true);
  });
});
