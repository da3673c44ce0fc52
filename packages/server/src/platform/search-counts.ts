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
 */

const COUNT_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

const memo = new Map<string, { count: number; at: number }>();

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
  caller: Caller,
  search: string,
  criteria: unknown,
  page: number,
  now: number,
  count: () => Promise<number>,
): Promise<number> {
  const key = keyOf(caller, search, criteria);
  if (page > 0) {
    const known = memo.get(key);
    if (known && now - known.at < COUNT_TTL_MS) return known.count;
  }
  const counted = await count();
  remember(key, counted, now);
  return counted;
}

function remember(key: string, count: number, at: number): void {
  memo.delete(key); // re-inserted last: the Map's order is then the order of use, and the oldest goes first
  memo.set(key, { count, at });
  if (memo.size > MAX_ENTRIES) memo.delete(memo.keys().next().value!);
}
