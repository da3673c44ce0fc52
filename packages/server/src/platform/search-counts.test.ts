import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.js';
import { makeRecipient, makeStaffCast } from '../testing/factories.js';
import type { Caller } from './caller.js';
import { rememberCount, reusableCount } from './search-counts.js';

// Issue "every request fast and safe", item 3: the capped count of a search runs once per set of criteria and is
// reused for the next pages of the same search (platform/search-counts.ts, decision 0017).

const t = useTestApp();
let cast: Awaited<ReturnType<typeof makeStaffCast>>;

beforeAll(async () => {
  cast = await makeStaffCast(t.database.db);
  for (let i = 0; i < 25; i++) {
    await makeRecipient(t.database.db, { program: cast.program, agency: cast.agency, lastName: `Pager${i}` });
  }
});

async function search(token: string, page: number, lastname = 'pager') {
  const before = t.database.statementCount();
  const res = await t.injectAs(token, {
    method: 'GET',
    url: `/account-api/account?lastname=${lastname}&pageSize=10&page=${page}`,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: unknown[]; page: number; totalCount: number; totalPages: number };
  return { ...body, rows: body.data.length, statements: t.database.statementCount() - before };
}

describe('search counts across pages', () => {
  it('counts on the first page and reuses the count on the next ones', async () => {
    const token = await t.signIn(cast.programAdmin.username);
    const first = await search(token, 0);
    expect(first).toMatchObject({ rows: 10, page: 0, totalCount: 25, totalPages: 3, statements: 3 });
    const second = await search(token, 1);
    expect(second).toMatchObject({ rows: 10, page: 1, totalCount: 25, totalPages: 3, statements: 2 });
    // The last page is short: its rows give the exact count without counting.
    expect(await search(token, 2)).toMatchObject({ rows: 5, totalCount: 25, statements: 2 });
  });

  it('counts afresh when the search starts again, and never shares a count between criteria or callers', async () => {
    const token = await t.signIn(cast.programAdmin.username);
    await search(token, 0);
    await makeRecipient(t.database.db, { program: cast.program, agency: cast.agency, lastName: 'Pager99' });
    expect((await search(token, 1)).totalCount).toBe(25); // the same search, paged: the count page 0 found
    expect(await search(token, 0)).toMatchObject({ totalCount: 26, statements: 3 }); // searched again: counted
    expect(await search(token, 1, 'pager&firstname=pat')).toMatchObject({ statements: 3 }); // other criteria: counted
    const agencyToken = await t.signIn(cast.agencyUser.username);
    expect(await search(agencyToken, 1)).toMatchObject({ totalCount: 26, statements: 3 }); // another caller: counted
  });

  it('counts again once the remembered count is five minutes old', async () => {
    const token = await t.signIn(cast.agencyAdmin.username);
    await search(token, 0);
    t.clock.advance(5 * 60_000 + 1);
    const again = await search(token, 1);
    expect(again.statements).toBe(3);
  });
});

describe('the count memo of each database', () => {
  it('never answers a page of one database with a count found in another', () => {
    // Two apps in one process (test files sharing a worker) have the same ids in their own databases.
    const caller = { userId: 7, scope: 'programs', programIds: [1], agencyIds: [] } as unknown as Caller;
    const [first, second] = [{}, {}];
    rememberCount(first, caller, 'recipients', { lastname: 'smi' }, 42, 1_000);
    expect(reusableCount(first, caller, 'recipients', { lastname: 'smi' }, 1, 2_000)).toBe(42);
    expect(reusableCount(second, caller, 'recipients', { lastname: 'smi' }, 1, 2_000)).toBeUndefined();
  });
});
