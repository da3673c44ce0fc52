import { beforeAll, describe, expect, it } from 'vitest';
import { type DateRange, dateRangeStart } from '@ebt/core/dashboard';
import { ReconciliationFigures } from '@ebt/core/settlement';
import { useTestApp } from '../../testing/app.js';
import { makeDashboardWorld, type DashboardWorld } from '../../testing/dashboard.js';

// The dashboard's settlement figures (decision 0074) are the reconciliation report's (tested against the raw tables in
// settlement/reconciliation.test.ts) for the range ending at the program's today (2026-11-23 on the test clock):
// checked against the report's answer for the same days, per range and funding source; scope and bad input.

const t = useTestApp();
let w: DashboardWorld;
const TODAY = '2026-11-23';
const RANGES: DateRange[] = ['YTD', 'MTD', '30', ''];
/** The reconciliation's figures, by their names in the answer. */
const FIGURES = Object.keys(ReconciliationFigures.shape);

beforeAll(async () => {
  w = await makeDashboardWorld(t);
});

const get = (token: string | null, url: string, query: Record<string, string>) =>
  t.injectAs(token, { method: 'GET', url, query });
const pick = (o: Record<string, unknown>) => Object.fromEntries(FIGURES.map((k) => [k, o[k]]));

describe('GET /account-api/dash/settlement', () => {
  it("answers the reconciliation report's figures for each range, in total and per funding source", async () => {
    const programUuid = w.programs.programA.uuid;
    for (const dateRange of RANGES) {
      // The report answers up to 366 days: for To Date, the year before today, which holds all the data set's rows.
      const startDate = dateRangeStart(dateRange, TODAY) ?? '2025-11-24';
      const report = await get(w.tokens.programAdminA, '/settlement-api/reconciliation', {
        programUuid,
        startDate,
        endDate: TODAY,
      });
      expect(report.statusCode, dateRange).toBe(200);
      const { total, sources } = report.json() as {
        total: Record<string, number>;
        sources: (Record<string, number> & { fundingSourceId: number })[];
      };
      const res = await get(w.tokens.programAdminA, '/account-api/dash/settlement', { programUuid, dateRange });
      expect(res.statusCode, dateRange).toBe(200);
      expect(res.json()).toEqual({ ...total, startDate: dateRangeStart(dateRange, TODAY), endDate: TODAY });

      for (const source of [w.fund.snap, w.fund.city]) {
        const one = await get(w.tokens.programAdminA, '/account-api/dash/settlement', {
          programUuid,
          dateRange,
          fundingId: String(source.id),
        });
        const row = sources.find((s) => s.fundingSourceId === source.id);
        expect(pick(one.json()), `${dateRange} ${source.name}`).toEqual(
          row ? pick(row) : Object.fromEntries(FIGURES.map((k) => [k, 0])),
        );
      }
    }
    // The fixed data set redeems in November: the figures are not all zero.
    const ytd = (
      await get(w.tokens.programAdminA, '/account-api/dash/settlement', { programUuid, dateRange: 'YTD' })
    ).json() as Record<string, number>;
    expect(ytd.redeemedUnsettledAmt).toBeGreaterThan(0);
    expect(ytd.issuedAmt).toBeGreaterThan(0);
  });

  it('answers administrators, refuses agency staff, and hides programs outside the caller', async () => {
    const q = { programUuid: w.programs.programA.uuid, dateRange: 'MTD' };
    expect((await get(w.tokens.platformAdmin, '/account-api/dash/settlement', q)).statusCode).toBe(200);
    expect((await get(w.tokens.agencyUserA1, '/account-api/dash/settlement', q)).statusCode).toBe(403);
    expect((await get(w.tokens.agencyAdminA2, '/account-api/dash/settlement', q)).statusCode).toBe(403);
    expect((await get(w.tokens.programAdminB, '/account-api/dash/settlement', q)).statusCode).toBe(404);
    expect((await get(null, '/account-api/dash/settlement', q)).statusCode).toBe(401);
  });

  it('refuses a bad range, program or funding source with a 400', async () => {
    const programUuid = w.programs.programA.uuid;
    const queries: Record<string, string>[] = [
      { programUuid, dateRange: 'WEEK' },
      { programUuid: 'nope', dateRange: 'YTD' },
      { dateRange: 'YTD' },
      { programUuid, dateRange: 'YTD', fundingId: 'x' },
      { programUuid, dateRange: 'YTD', agencyUuid: w.agencies.a1.uuid },
      { programUuid, dateRange: 'YTD', extra: '\u0000' },
    ];
    for (const query of queries) {
      const res = await get(w.tokens.programAdminA, '/account-api/dash/settlement', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
