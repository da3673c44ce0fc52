import { createHash } from 'node:crypto';
import type { Caller } from './caller.js';

/**
 * The capped count of a search, run once per set of criteria and reused for the next pages of the same search
 * (docs/decisions/0017-search-count-reuse.md). The count is the dearest part of a broad search (it walks up to the cap
 * while a page stops after its rows), and paging through a search asks the same question again on every page.
 *
 * - Page 0 always counts afresh: pressing Search again, or coming back to a search, shows the count as it is now.
 * - A later page reuses the count its page 0 found, for COUNT_TTL_MS; after that, or on another instance, it counts
 *   again. The memo is only a shortcut: nothing is lost when it misses, so several instances need not share it.
 * - The key is the caller (user and scope), the search's name and its criteria, hashed: two callers never share a
 *   count, and the memo keeps no criteria (no e-mail or name) in memory as text.
 * - Each database has a memo of its own (`store` is the app's database handle): a process that runs two apps on two
 *   databases (the tests, whose files share a worker) never answers one database's count from the other's.
 */

const COUNT_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

type Memo = Map<string, { count: number; at: number }>;
const memos = new WeakMap<object, Memo>();

function memoOf(store: object): Memo {
  let memo = memos.get(store);
  if (!memo) memos.set(store, (memo = new Map()));
  return memo;
}

function keyOf(caller: Caller, search: string, criteria: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([caller.userId, caller.scope, caller.programIds, caller.agencyIds, search, criteria]))
    .digest('base64url');
}

/**
 * Answers the capped count of a search for page `page`: counted by `count()` on page 0 (and whenever no earlier count
 * of the same criteria is at hand), else the count page 0 found.
 */
export async function searchCount(
  store: object,
  caller: Caller,
  search: string,
  criteria: unknown,
  page: number,
  now: number,
  count: () => Promise<number>,
): Promise<number> {
  const known = reusableCount(store, caller, search, criteria, page, now);
  if (known !== undefined) return known;
  const counted = await count();
  rememberCount(store, caller, search, criteria, counted, now);
  return counted;
}

/** The count page 0 of the same search found, for a later page within COUNT_TTL_MS; undefined when it must count. */
export function reusableCount(
  store: object,
  caller: Caller,
  search: string,
  criteria: unknown,
  page: number,
  now: number,
): number | undefined {
  if (page === 0) return undefined;
  const known = memoOf(store).get(keyOf(caller, search, criteria));
  return known && now - known.at < COUNT_TTL_MS ? known.count : undefined;
}

/** Keeps a fresh count for the next pages of the same search. */
export function rememberCount(
  store: object,
  caller: Caller,
  search: string,
  criteria: unknown,
  count: number,
  now: number,
): void {
  remember(memoOf(store), keyOf(caller, search, criteria), count, now);
}

/**
 * One page of a search and its capped count, the two asked of PostgreSQL at once (on PGlite, one after the other):
 * the broad searches the count is for take the longer of the two, not their sum. A short page that does not start
 * past the end is the last one and gives the exact count itself (a name, an e-mail, an Account ID end there).
 */
export async function pageWithCount<Row>(options: {
  store: object;
  caller: Caller;
  search: string;
  criteria: unknown;
  page: number;
  offset: number;
  limit: number;
  now: number;
  rows: () => Promise<Row[]>;
  count: () => Promise<number>;
}): Promise<{ rows: Row[]; counted: number }> {
  const { store, caller, search, criteria, page, offset, limit, now } = options;
  const [rows, count] = await Promise.all([
    limit > 0 ? options.rows() : Promise.resolve([] as Row[]),
    searchCount(store, caller, search, criteria, page, now, options.count),
  ]);
  const counted = rows.length > 0 && rows.length < limit ? offset + rows.length : count;
  return { rows, counted };
}

function remember(memo: Memo, key: string, count: number, at: number): void {
  memo.delete(key); // re-inserted last: the Map's order is then the order of use, and the oldest goes first
  memo.set(key, { count, at });
  if (memo.size > MAX_ENTRIES) memo.delete(memo.keys().next().value!);
}
