import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { configEntries, configVersion } from '../db/schema/index.js';

// Configuration values in force (B§2 "Admin configuration", docs/configuration.md, docs/decisions/0031). The value of
// a key on a day is the row with the latest effective date on or before that day, so an administrator schedules a
// change by adding a value dated in the future. Reads are cached per server instance: each key's whole history is
// kept in memory, so any day is answered without SQL, and the cache looks at the version row (bumped by a trigger on
// every change of config_entries) at most once a second. A read that finds the last check one to two seconds old
// answers from the cache while the check runs beside it (the engine's requests never wait for it); an older cache,
// or one invalidated, waits for the check. A change made on any instance therefore reaches every instance within two
// seconds, and a read between two checks costs a map look-up.

/** How long an instance trusts its cache before it looks at the version row again. */
export const CONFIG_VERSION_CHECK_MS = 1_000;

interface Entry {
  effectiveDate: string;
  value: string;
}

interface CacheState {
  version: number | null;
  checkedAt: number;
  /** Per key, its values newest first. */
  histories: Map<string, Entry[]>;
  /** The version check under way, shared by every read that finds the cache due for one. */
  checking: Promise<void> | null;
  /** Bumped by `invalidate`: a check begun before it may have read the version before this instance's change. */
  generation: number;
}

/** A handle inside a transaction: its reads must see the transaction's own writes, so they bypass the cache. */
function isTransaction(db: DbOrTx): boolean {
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}

/**
 * A cache of configuration values for one server instance. `clock` is injectable so a test can prove the
 * once-a-second check without waiting.
 */
export class ConfigValueCache {
  private readonly states = new WeakMap<object, CacheState>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** The value in force of `key` on `today` (YYYY-MM-DD), or null when no value is dated on or before it. */
  async valueInForce(db: DbOrTx, key: string, today: string): Promise<string | null> {
    if (isTransaction(db)) return uncachedValueInForce(db, key, today);
    const state = await this.fresh(db);
    // The map of the version checked just now: a check made by another request while the history is read below may
    // swap in a new map, and a history read before that change must not land in it (it would stay stale until the
    // next configuration write). Written into the old map, it is simply dropped with it.
    const histories = state.histories;
    let history = histories.get(key);
    if (!history) {
      history = await this.readHistory(db, key);
      histories.set(key, history);
    }
    // Newest first: the first entry on or before today is the one in force (dates compare as text).
    return history.find((e) => e.effectiveDate <= today)?.value ?? null;
  }

  /** A key's whole history, newest first (a method, so a test can hold the read to interleave a version change). */
  protected async readHistory(db: DbOrTx, key: string): Promise<Entry[]> {
    return db
      .select({ effectiveDate: configEntries.effectiveDate, value: configEntries.configValue })
      .from(configEntries)
      .where(eq(configEntries.configKey, key))
      .orderBy(desc(configEntries.effectiveDate));
  }

  /**
   * Looks at the version row now and waits for it, so no read of the next second checks it: for a test that counts a
   * call's statements, which the once-a-second check beside it would otherwise add to now and then on a slow machine.
   */
  async checkNow(db: DbOrTx): Promise<void> {
    if (isTransaction(db)) return;
    const state = await this.fresh(db);
    await (state.checking ??= this.checkVersion(db, state));
  }

  /** Forgets what this instance read, so its next read asks the database (after a change made here). */
  invalidate(db: DbOrTx): void {
    if (isTransaction(db)) return;
    const state = this.states.get(db);
    if (!state) return;
    state.checkedAt = Number.NEGATIVE_INFINITY;
    state.generation += 1;
    state.checking = null;
  }

  private async fresh(db: DbOrTx): Promise<CacheState> {
    let state = this.states.get(db);
    if (!state) {
      state = {
        version: null,
        checkedAt: Number.NEGATIVE_INFINITY,
        histories: new Map(),
        checking: null,
        generation: 0,
      };
      this.states.set(db, state);
    }
    const age = this.clock() - state.checkedAt;
    if (age >= CONFIG_VERSION_CHECK_MS) {
      const check = (state.checking ??= this.checkVersion(db, state));
      // Checked within the last two seconds: this read answers from the cache and the check runs beside it, so a
      // busy instance (the engine's purchases) never waits for the version row. An idle or invalidated one waits.
      if (age >= 2 * CONFIG_VERSION_CHECK_MS) await check;
    }
    return state;
  }

  private async checkVersion(db: DbOrTx, state: CacheState): Promise<void> {
    const startedAt = this.clock();
    const generation = state.generation;
    try {
      const [row] = await db.select({ version: configVersion.version }).from(configVersion).limit(1);
      if (generation !== state.generation) return;
      const version = row?.version ?? 0;
      if (version !== state.version) {
        state.histories = new Map();
        state.version = version;
      }
      state.checkedAt = startedAt;
    } finally {
      if (generation === state.generation) state.checking = null;
    }
  }
}

async function uncachedValueInForce(db: DbOrTx, key: string, today: string): Promise<string | null> {
  const [row] = await db
    .select({ value: configEntries.configValue })
    .from(configEntries)
    .where(and(eq(configEntries.configKey, key), lte(configEntries.effectiveDate, today)))
    .orderBy(desc(configEntries.effectiveDate))
    .limit(1);
  return row?.value ?? null;
}

/** This instance's cache. */
export const CONFIG_VALUES = new ConfigValueCache();

/** The value in force of a configuration key on `today` (the latest effective date on or before it), or null. */
export async function configValueInForce(db: DbOrTx, key: string, today: string): Promise<string | null> {
  return CONFIG_VALUES.valueInForce(db, key, today);
}

/** A whole number in force for `key`, or `fallback` when none is in force or the value is not a whole number. */
export async function configInteger(db: DbOrTx, key: string, today: string, fallback: number): Promise<number> {
  const value = (await configValueInForce(db, key, today))?.trim();
  return value !== undefined && /^-?\d{1,15}$/.test(value) ? Number(value) : fallback;
}

/** A number in force for `key` (decimals allowed), or `fallback` when none is in force or it is not a number. */
export async function configNumber(db: DbOrTx, key: string, today: string, fallback: number): Promise<number> {
  const value = (await configValueInForce(db, key, today))?.trim();
  return value !== undefined && /^-?\d{1,15}(\.\d+)?$/.test(value) ? Number(value) : fallback;
}

/** A yes/no in force for `key`: true, yes, y, 1 or on; false, no, n, 0 or off; else `fallback`. */
export async function configBoolean(db: DbOrTx, key: string, today: string, fallback: boolean): Promise<boolean> {
  const value = (await configValueInForce(db, key, today))?.trim().toLowerCase();
  if (value === undefined) return fallback;
  if (['true', 'yes', 'y', '1', 'on'].includes(value)) return true;
  if (['false', 'no', 'n', '0', 'off'].includes(value)) return false;
  return fallback;
}
