import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DateRange, dateRangeStart } from '@ebt/core/dashboard';
import { useTestApp } from '../../testing/app.js';
import { makeDashboardWorld, type DashboardWorld } from '../../testing/dashboard.js';
import { rebuildDashboardTotals } from './totals.js';
import { foldAllIssuanceJournal } from '../../platform/issuance-totals.js';

// The dashboard's reads against sums computed straight from benefits and transactions (today is 2026-11-23 on the
// test clock, America/New_York): each filter and range, voids, refunds and reversals; scope and bad input.

const t = useTestApp();
let w: DashboardWorld;
const TODAY = '2026-11-23';
const RANGES: DateRange[] = ['YTD', 'MTD', '30', ''];

beforeAll(async () => {
  w = await makeDashboardWorld(t);
});

const get = (token: string | null, url: string, query: Record<string, string | number | undefined> = {}) =>
  t.injectAs(token, {
    method: 'GET',
    url,
    query: Object.fromEntries(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ),
  });

interface Filter {
  programId: number;
  agencyId?: number;
  fundingId?: number;
  range: DateRange;
}
const inRange = (day: string, range: DateRange) => {
  const start = dateRangeStart(range, TODAY);
  return day <= TODAY && (start === null || day >= start);
};

/** The reference: rows of the raw tables, each with the program's day, filtered and summed here. */
async function raw() {
  const { db } = t.database;
  const issued = await db.execute(sql`
    select program_id, agency_id, funding_source_id, available_date::text as day, amount::float as amount
    from benefits where status_id <> 3`);
  const trx = await db.execute(sql`
    select t.id, t.program_id, t.agency_id, t.account_id, t.merchant_id, t.trx_type_id, b.funding_source_id,
      tb.benefit_id, tb.amount::float as amount, (t.trx_datetime at time zone p.time_zone)::date::text as day
    from transactions t join programs p on p.id = t.program_id
    join transaction_benefits tb on tb.transaction_id = t.id join benefits b on b.id = tb.benefit_id
    where t.resp_code_id = 1`);
  type R = Record<string, unknown> & { program_id: number; agency_id: number | null; funding_source_id: number | null };
  return {
    issued: (issued as unknown as { rows: (R & { day: string; amount: number })[] }).rows,
    trx: (trx as unknown as { rows: (R & { id: number; trx_type_id: number; day: string; amount: number })[] }).rows,
  };
}
function matches(
  r: { program_id: number; agency_id: number | null; funding_source_id: number | null; day: string },
  f: Filter,
) {
  return (
    r.program_id === f.programId &&
    (f.agencyId === undefined || r.agency_id === f.agencyId) &&
    (f.fundingId === undefined || r.funding_source_id === f.fundingId) &&
    inRange(r.day, f.range)
  );
}
const SIGN: Record<number, number> = { 1: 1, 5: 1, 2: -1, 4: -1 };
async function expected(f: Filter) {
  const { issued, trx } = await raw();
  const ben = issued.filter((r) => matches(r, f));
  const rows = trx.filter((r) => matches(r, f));
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    issued: round(ben.reduce((s, r) => s + r.amount, 0)),
    issuedCount: ben.length,
    redeemed: round(rows.reduce((s, r) => s + (SIGN[r.trx_type_id] ?? 0) * r.amount, 0)),
    incentives: round(
      rows.reduce((s, r) => s + (r.trx_type_id === 6 ? r.amount : r.trx_type_id === 7 ? -r.amount : 0), 0),
    ),
  };
}

const sum = (rows: { amount?: number; count?: number }[], key: 'amount' | 'count') =>
  Math.round(rows.reduce((s, r) => s + (r[key] ?? 0), 0) * 100) / 100;

describe('figures against the raw tables', () => {
  const filters = () => {
    const { programA } = w.programs;
    return [
      { name: 'program', q: { programUuid: programA.uuid }, f: { programId: programA.id } },
      {
        name: 'agency a1',
        q: { programUuid: programA.uuid, agencyUuid: w.agencies.a1.uuid },
        f: { programId: programA.id, agencyId: w.agencies.a1.id },
      },
      {
        name: 'agency a2',
        q: { programUuid: programA.uuid, agencyUuid: w.agencies.a2.uuid },
        f: { programId: programA.id, agencyId: w.agencies.a2.id },
      },
      {
        name: 'funding',
        q: { programUuid: programA.uuid, fundingId: w.fund.snap.id },
        f: { programId: programA.id, fundingId: w.fund.snap.id },
      },
      {
        name: 'agency and funding',
        q: { programUuid: programA.uuid, agencyUuid: w.agencies.a1.uuid, fundingId: w.fund.city.id },
        f: { programId: programA.id, agencyId: w.agencies.a1.id, fundingId: w.fund.city.id },
      },
    ];
  };

  it('answers the snapshot and every series equal to the raw sums, for each filter and range', async () => {
    for (const { name, q, f } of filters())
      for (const dateRange of RANGES) {
        const want = await expected({ ...f, range: dateRange });
        const label = `${name} ${dateRange || 'To Date'}`;
        const snap = await get(w.tokens.programAdminA, '/account-api/dash/snapshot', { ...q, dateRange });
        expect(snap.statusCode, label).toBe(200);
        expect({ issued: snap.json().issued, redeemed: snap.json().redeemed }, label).toEqual({
          issued: want.issued,
          redeemed: want.redeemed,
        });
        const series = async (dataType: number) => {
          const res = await get(w.tokens.programAdminA, '/account-api/dash/chart-data', { ...q, dateRange, dataType });
          expect(res.statusCode, `${label} type ${dataType}`).toBe(200);
          return res.json() as { trxDate: string; amount?: number; count?: number }[];
        };
        expect(sum(await series(1), 'amount'), `${label} redeemed`).toBe(want.redeemed);
        expect(sum(await series(3), 'amount'), `${label} issued`).toBe(want.issued);
        expect(sum(await series(4), 'count'), `${label} issued count`).toBe(want.issuedCount);
        expect(sum(await series(6), 'amount'), `${label} incentives`).toBe(want.incentives);
      }
  });

  it('pins the program figures of the fixed data set (voids, future benefits, refunds, reversals)', async () => {
    const { programA } = w.programs;
    const snap = async (dateRange: DateRange) =>
      (
        await get(w.tokens.programAdminA, '/account-api/dash/snapshot', { programUuid: programA.uuid, dateRange })
      ).json();
    // Issued: 100 (Nov) + 65 (Oct, changed from 60) + 40 (Mar) + 30 (last year); the void and the December one never.
    // Redeemed: 40 + 5 - 8 + 8 (Nov 20-22) + 15 - 15 (Nov 2) + 20 (Oct 29 in New York) + 12 (Feb) + 7 (last year).
    expect(await snap('YTD')).toEqual({
      funding: 1000,
      issued: 205,
      notIssued: 795,
      issuedPct: 20.5,
      notIssuedPct: 79.5,
      redeemed: 77,
      notRedeemed: 128,
      redemptionPct: 37.56,
      notRedeemedPct: 62.44,
    });
    expect([(await snap('MTD')).issued, (await snap('MTD')).redeemed]).toEqual([100, 45]);
    expect([(await snap('30')).issued, (await snap('30')).redeemed]).toEqual([165, 65]);
    expect([(await snap('')).issued, (await snap('')).redeemed]).toEqual([235, 84]);
  });

  it('answers the days of a series oldest first, counting a purchase once and its reversal as minus one', async () => {
    const q = { programUuid: w.programs.programA.uuid, dateRange: 'MTD' };
    const counts = (await get(w.tokens.programAdminA, '/account-api/dash/chart-data', { ...q, dataType: 2 })).json();
    // Nov 2: a purchase and its reversal (0, not shown); Nov 20: two purchases.
    expect(counts).toEqual([{ trxDate: '2026-11-20', count: 2 }]);
    const recipients = (
      await get(w.tokens.programAdminA, '/account-api/dash/chart-data', { ...q, dataType: 5 })
    ).json();
    // Nov 2 (account a2's purchase, later reversed) and Nov 20 (account a1, twice): one recipient each day.
    expect(recipients).toEqual([
      { trxDate: '2026-11-02', count: 1 },
      { trxDate: '2026-11-20', count: 1 },
    ]);
    const redeemed = (await get(w.tokens.programAdminA, '/account-api/dash/chart-data', { ...q, dataType: 1 })).json();
    expect(redeemed).toEqual([
      { trxDate: '2026-11-20', amount: 45 },
      { trxDate: '2026-11-21', amount: -8 },
      { trxDate: '2026-11-22', amount: 8 },
    ]);
  });

  it('keeps running totals equal to a rebuild from the raw tables', async () => {
    const { db } = t.database;
    const dump = async () =>
      (
        (await db.execute(sql`
          select 'i' as t, program_id, day::text, agency_id, funding_source_id, null::int as merchant_id,
            issued_amount::text as a, issued_count as n, 0 as r, '0' as inc
          from dashboard_issuance_days where issued_amount <> 0 or issued_count <> 0
          union all
          select 'r', program_id, day::text, agency_id, funding_source_id, null, redeemed_amount::text,
            redemption_count, recipient_count, incentive_amount::text from dashboard_redemption_days
          union all
          select 'm', program_id, day::text, agency_id, funding_source_id, merchant_id, redeemed_amount::text, 0, 0, '0'
          from dashboard_merchant_days
          union all
          select 'mm', program_id, month::text, agency_id, funding_source_id, merchant_id, redeemed_amount::text, 0, 0, '0'
          from dashboard_merchant_months
          union all
          select 'pm', program_id, month::text, null, null, merchant_id, redeemed_amount::text, 0, 0, '0'
          from dashboard_program_merchant_months
          union all
          select 'pd', program_id, day::text, null, null, merchant_id, redeemed_amount::text, 0, 0, '0'
          from dashboard_program_merchant_days
          union all
          select 'ad', program_id, day::text, agency_id, null, merchant_id, redeemed_amount::text, 0, 0, '0'
          from dashboard_agency_merchant_days
          union all
          select 'am', program_id, month::text, agency_id, null, merchant_id, redeemed_amount::text, 0, 0, '0'
          from dashboard_agency_merchant_months
          order by 1, 2, 3, 4, 5, 6`)) as unknown as { rows: unknown[] }
      ).rows;
    // A deleted benefit leaves the issuance roll-up too (the delete trigger).
    await db.execute(sql`delete from benefits where id = ${w.benefits.future.id}`);
    await foldAllIssuanceJournal(db);
    const running = await dump();
    await rebuildDashboardTotals(db);
    expect(await dump()).toEqual(running);
    await rebuildDashboardTotals(db);
    expect(await dump()).toEqual(running);
  });
});

describe('the merchant roll-ups without the agency and funding splits (decision 0075)', () => {
  /** Redeemed per key of the raw approved transactions (every key with a purchase, refund or reversal). */
  async function rawByKey(
    key: (r: { program_id: number; agency_id: number | null; merchant_id: number; day: string }) => string | null,
  ) {
    const out = new Map<string, number>();
    for (const r of (await raw()).trx) {
      if (r.merchant_id === null || SIGN[r.trx_type_id] === undefined) continue;
      const k = key(r as typeof r & { merchant_id: number });
      if (k !== null) out.set(k, (out.get(k) ?? 0) + SIGN[r.trx_type_id]! * r.amount);
    }
    return [...out].map(([k, a]) => `${k} ${(Math.round(a * 100) / 100).toFixed(2)}`).sort();
  }
  async function rollup(query: ReturnType<typeof sql>) {
    const rows = ((await t.database.db.execute(query)) as unknown as { rows: { k: string; a: string }[] }).rows;
    return rows.map((r) => `${r.k} ${r.a}`).sort();
  }
  const month = (day: string) => `${day.slice(0, 7)}-01`;
  const check = async () => {
    expect(
      await rollup(sql`select concat_ws('/', program_id, day, merchant_id) as k, redeemed_amount::text as a
        from dashboard_program_merchant_days`),
    ).toEqual(await rawByKey((r) => [r.program_id, r.day, r.merchant_id].join('/')));
    expect(
      await rollup(sql`select concat_ws('/', program_id, month, merchant_id) as k, redeemed_amount::text as a
        from dashboard_program_merchant_months`),
    ).toEqual(await rawByKey((r) => [r.program_id, month(r.day), r.merchant_id].join('/')));
    // Agencies' rows only: the program-level account's purchase (no agency) is in the program-wide tables alone.
    expect(
      await rollup(sql`select concat_ws('/', program_id, agency_id, day, merchant_id) as k, redeemed_amount::text as a
        from dashboard_agency_merchant_days`),
    ).toEqual(
      await rawByKey((r) =>
        r.agency_id === null ? null : [r.program_id, r.agency_id, r.day, r.merchant_id].join('/'),
      ),
    );
    expect(
      await rollup(sql`select concat_ws('/', program_id, agency_id, month, merchant_id) as k, redeemed_amount::text as a
        from dashboard_agency_merchant_months`),
    ).toEqual(
      await rawByKey((r) =>
        r.agency_id === null ? null : [r.program_id, r.agency_id, month(r.day), r.merchant_id].join('/'),
      ),
    );
  };

  it('hold the raw sums per program, agency, day or month and merchant, running and after a rebuild', async () => {
    // The fixed data set has purchases, a refund and its reversal, a purchase and its reversal, a purchase paid by
    // two funding sources and a program-level account's purchase: the rows are non-trivial.
    expect((await rawByKey((r) => [r.program_id, r.day, r.merchant_id].join('/'))).length).toBeGreaterThan(4);
    await check();
    await rebuildDashboardTotals(t.database.db);
    await check();
  });

  it('answer the top merchants and participation of agency staff and of a funding filter equal to the raw sums', async () => {
    const { programA } = w.programs;
    const cases = [
      // Agency staff read the agency tables (their agency, no funding split); a funding source the split tables.
      {
        token: w.tokens.agencyUserA1,
        q: { programUuid: programA.uuid },
        f: { programId: programA.id, agencyId: w.agencies.a1.id },
      },
      {
        token: w.tokens.programAdminA,
        q: { programUuid: programA.uuid, fundingId: w.fund.city.id },
        f: { programId: programA.id, fundingId: w.fund.city.id },
      },
      { token: w.tokens.programAdminA, q: { programUuid: programA.uuid }, f: { programId: programA.id } },
    ];
    const { trx } = await raw();
    for (const range of RANGES)
      for (const { token, q, f } of cases) {
        const byMerchant = new Map<number, number>();
        for (const r of trx.filter((r) => r.merchant_id !== null && matches(r, { ...f, range })))
          byMerchant.set(
            r.merchant_id as number,
            (byMerchant.get(r.merchant_id as number) ?? 0) + (SIGN[r.trx_type_id] ?? 0) * r.amount,
          );
        const amounts = [...byMerchant.values()].map((a) => Math.round(a * 100) / 100).filter((a) => a > 0);
        const label = `${range || 'To Date'} ${JSON.stringify(f)}`;
        const top = await get(token, '/account-api/dash/top-merchant-redemptions', { ...q, dateRange: range });
        expect(
          (top.json() as { amount: number }[]).map((m) => m.amount),
          label,
        ).toEqual(amounts.sort((a, b) => b - a));
        if (f.fundingId) continue; // merchant-data takes no funding source
        const part = await get(token, `/account-api/dash/merchant-data/${programA.uuid}`, { dateRange: range });
        expect(part.json().merchantRedemptionCount.count, label).toBe(amounts.length);
      }
  });
});

describe('funding breakdown, top merchants and merchant participation', () => {
  it('answers what each funding source of the program issued in the range, with its share', async () => {
    const res = await get(w.tokens.programAdminA, `/account-api/dash/program-funding/${w.programs.programA.uuid}`, {
      dateRange: 'YTD',
    });
    expect(res.statusCode).toBe(200);
    // SNAP Match 100 (the void and December excluded); City Grant 65 + 40.
    expect(res.json()).toEqual([
      { dataId: w.fund.snap.id, amount: 100, percentage: 48.78 },
      { dataId: w.fund.city.id, amount: 105, percentage: 51.22 },
    ]);
    const agency = await get(w.tokens.programAdminA, `/account-api/dash/agency-funding/${w.agencies.a2.uuid}`, {
      dateRange: '30',
    });
    expect(agency.json()).toEqual([
      { dataId: w.fund.snap.id, amount: 0, percentage: 0 },
      { dataId: w.fund.city.id, amount: 65, percentage: 100 },
    ]);
  });

  it('answers the merchants that redeemed most, most first', async () => {
    const res = await get(w.tokens.programAdminA, '/account-api/dash/top-merchant-redemptions', {
      programUuid: w.programs.programA.uuid,
      dateRange: 'YTD',
    });
    // Market Square: 30 + 10 - 8 + 8 + 12; Farm Stand: 5 + 20 + 15 - 15.
    expect(res.json()).toEqual([
      { dataName: 'Market Square', amount: 52 },
      { dataName: 'Farm Stand', amount: 25 },
    ]);
  });

  it('answers each merchant equal to the raw sums, for every range and filter (whole months and partial days)', async () => {
    // Ranges that read whole months (YTD: February and October; To Date: also December 2025) and ranges that read
    // only days (MTD, Last 30 Days, which starts in October): each must equal the raw transactions summed here.
    const { trx } = await raw();
    const names = new Map(
      [
        ...(
          (await t.database.db.execute(sql`select id, name from merchants`)) as unknown as {
            rows: { id: number; name: string }[];
          }
        ).rows,
      ].map((m) => [m.id, m.name]),
    );
    const { programA } = w.programs;
    const filters = [
      { q: { programUuid: programA.uuid }, f: { programId: programA.id } },
      {
        q: { programUuid: programA.uuid, agencyUuid: w.agencies.a2.uuid },
        f: { programId: programA.id, agencyId: w.agencies.a2.id },
      },
    ];
    for (const range of RANGES)
      for (const { q, f } of filters) {
        const byMerchant = new Map<string, number>();
        for (const r of trx.filter((r) => r.merchant_id !== null && matches(r, { ...f, range }))) {
          const name = names.get(r.merchant_id as number)!;
          byMerchant.set(name, (byMerchant.get(name) ?? 0) + (SIGN[r.trx_type_id] ?? 0) * r.amount);
        }
        const want = [...byMerchant]
          .map(([dataName, amount]) => ({ dataName, amount: Math.round(amount * 100) / 100 }))
          .filter((m) => m.amount > 0)
          .sort((a, b) => b.amount - a.amount);
        const res = await get(w.tokens.programAdminA, '/account-api/dash/top-merchant-redemptions', {
          ...q,
          dateRange: range,
        });
        expect(res.json(), `${range || 'To Date'} ${JSON.stringify(f)}`).toEqual(want);
      }
  });

  it('counts the merchants of the program and those with redemptions in the range', async () => {
    const url = `/account-api/dash/merchant-data/${w.programs.programA.uuid}`;
    expect((await get(w.tokens.programAdminA, url, { dateRange: 'YTD' })).json()).toEqual({
      merchantCount: { count: 3, percentage: 100 },
      merchantRedemptionCount: { count: 2, percentage: 66.67 },
      merchantNoRedemptionCount: { count: 1, percentage: 33.33 },
    });
    // Program B maps Market Square only, which redeemed there this month.
    const b = await get(w.tokens.programAdminB, `/account-api/dash/merchant-data/${w.programs.programB.uuid}`, {
      dateRange: 'MTD',
    });
    expect(b.json()).toEqual({
      merchantCount: { count: 1, percentage: 100 },
      merchantRedemptionCount: { count: 1, percentage: 100 },
      merchantNoRedemptionCount: { count: 0, percentage: 0 },
    });
  });
});

describe('filters and scope', () => {
  it('lists the programs, agencies and funding sources the caller may see', async () => {
    const rows = (await get(w.tokens.agencyUserA1, '/account-api/dash')).json() as Record<string, unknown>[];
    expect(rows.map((r) => [r.programName, r.agencyName, r.fundingName])).toEqual([
      [w.programs.programA.name, null, null],
      [w.programs.programA.name, w.agencies.a1.name, null],
      [w.programs.programA.name, null, 'City Grant'],
      [w.programs.programA.name, null, 'SNAP Match'],
    ]);
    const admin = (await get(w.tokens.platformAdmin, '/account-api/dash')).json() as { programUuid: string }[];
    expect(new Set(admin.map((r) => r.programUuid))).toEqual(
      new Set([w.programs.programA.uuid, w.programs.programB.uuid, w.programs.empty.uuid]),
    );
  });

  it("gives agency staff only their agencies' figures, and 404 for another agency", async () => {
    const q = { programUuid: w.programs.programA.uuid, dateRange: 'YTD' };
    const own = (await get(w.tokens.agencyUserA1, '/account-api/dash/snapshot', q)).json();
    const want = await expected({ programId: w.programs.programA.id, agencyId: w.agencies.a1.id, range: 'YTD' });
    // Funding is their agency's funding amount.
    expect([own.funding, own.issued, own.redeemed]).toEqual([400, want.issued, want.redeemed]);
    const other = await get(w.tokens.agencyUserA1, '/account-api/dash/snapshot', {
      ...q,
      agencyUuid: w.agencies.a2.uuid,
    });
    expect(other.statusCode).toBe(404);
    expect(
      (await get(w.tokens.agencyUserA1, `/account-api/dash/agency-funding/${w.agencies.a2.uuid}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await get(w.tokens.agencyAdminA2, '/account-api/dash/chart-data', {
          ...q,
          dataType: 1,
          agencyUuid: w.agencies.a1.uuid,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers 404 to a program admin of another program on every read', async () => {
    const programUuid = w.programs.programA.uuid;
    const token = w.tokens.programAdminB;
    for (const [url, query] of [
      ['/account-api/dash/snapshot', { programUuid }],
      ['/account-api/dash/chart-data', { programUuid, dataType: 1 }],
      ['/account-api/dash/top-merchant-redemptions', { programUuid }],
      [`/account-api/dash/merchant-data/${programUuid}`, {}],
      [`/account-api/dash/program-funding/${programUuid}`, {}],
      [`/account-api/dash/agency-funding/${w.agencies.a1.uuid}`, {}],
    ] as const)
      expect((await get(token, url, query)).statusCode, url).toBe(404);
    // A funding source of another program is not a filter of this one.
    const res = await get(w.tokens.programAdminB, '/account-api/dash/snapshot', {
      programUuid: w.programs.programB.uuid,
      fundingId: w.fund.snap.id,
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers zeros for a program without data', async () => {
    const res = await get(w.tokens.platformAdmin, '/account-api/dash/snapshot', { programUuid: w.programs.empty.uuid });
    expect(res.json()).toMatchObject({ funding: 0, issued: 0, redeemed: 0, issuedPct: 0, redemptionPct: 0 });
  });

  it('refuses an unknown dataType, an unknown dateRange and a missing program with 400, and no session with 401', async () => {
    const programUuid = w.programs.programA.uuid;
    const token = w.tokens.programAdminA;
    for (const dataType of [0, 7, 'x'])
      expect((await get(token, '/account-api/dash/chart-data', { programUuid, dataType })).statusCode).toBe(400);
    expect((await get(token, '/account-api/dash/snapshot', { programUuid, dateRange: 'WEEK' })).statusCode).toBe(400);
    expect((await get(token, `/account-api/dash/merchant-data/${programUuid}`, { dateRange: '7' })).statusCode).toBe(
      400,
    );
    expect((await get(token, '/account-api/dash/snapshot', {})).statusCode).toBe(400);
    expect((await get(token, '/account-api/dash/chart-data', { dataType: 1 })).statusCode).toBe(400);
    expect(
      (await get(token, '/account-api/dash/top-merchant-redemptions', { fundingId: 'abc', programUuid })).statusCode,
    ).toBe(400);
    expect((await get(null, '/account-api/dash/snapshot', { programUuid })).statusCode).toBe(401);
  });
});
