// The dashboard's pure rules (B§4 Dashboard, B§9 date ranges; docs/dashboard.md, decisions 0053-0055).

import { addDays, daysBetween } from '../format/dates.js';

/** B§9: '30' Last 30 Days, MTD Month To Date, YTD Year To Date, '' To Date. */
export const DATE_RANGES = ['30', 'MTD', 'YTD', ''] as const;
export type DateRange = (typeof DATE_RANGES)[number];

export const DATE_RANGE_LABEL: Record<DateRange, string> = {
  '30': 'Last 30 Days',
  MTD: 'Month To Date',
  YTD: 'Year To Date',
  '': 'To Date',
};

/** B§9: the main filter starts at Year To Date; each chart at Last 30 Days until data is retrieved. */
export const DEFAULT_DATE_RANGE: DateRange = 'YTD';
export const DEFAULT_CHART_DATE_RANGE: DateRange = '30';
/** B§9: chart animation 600 ms. */
export const CHART_ANIMATION_MS = 600;
/** How many merchants the top redemption merchants chart shows (decision 0054). */
export const TOP_MERCHANT_COUNT = 10;

/** Resolution 22: the chart series of `dataType`. */
export const CHART_DATA_TYPE = {
  REDEMPTION_AMOUNT: 1,
  REDEMPTION_COUNT: 2,
  ISSUANCE_AMOUNT: 3,
  ISSUANCE_COUNT: 4,
  RECIPIENT_REDEMPTION_COUNT: 5,
  INCENTIVES_EARNED: 6,
} as const;
export type ChartDataType = (typeof CHART_DATA_TYPE)[keyof typeof CHART_DATA_TYPE];

/** True for the series that answer an amount (USD); the others answer a count. */
export function isAmountSeries(dataType: ChartDataType): boolean {
  return (
    dataType === CHART_DATA_TYPE.REDEMPTION_AMOUNT ||
    dataType === CHART_DATA_TYPE.ISSUANCE_AMOUNT ||
    dataType === CHART_DATA_TYPE.INCENTIVES_EARNED
  );
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The first day of a range ending today (both inclusive), or null for To Date (no lower bound). `today` is the
 * program's day (YYYY-MM-DD, in its time zone). Last 30 Days is today and the 29 days before it.
 */
export function dateRangeStart(range: DateRange, today: string): string | null {
  const m = ISO_DAY.exec(today);
  if (!m) throw new Error(`not a day: ${today}`);
  const [, y, mo] = m;
  switch (range) {
    case 'YTD':
      return `${y}-01-01`;
    case 'MTD':
      return `${y}-${mo}-01`;
    case '30': {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 29);
      return d.toISOString().slice(0, 10);
    }
    default:
      return null;
  }
}

/** A share of a whole as a percentage with two places; 0 when the whole is 0. */
export function percentage(partCents: number, wholeCents: number): number {
  if (wholeCents <= 0 || partCents <= 0) return 0;
  return Math.round((partCents / wholeCents) * 10000) / 100;
}

export interface SnapshotFigures {
  fundingCents: number;
  issuedCents: number;
  notIssuedCents: number;
  issuedPct: number;
  notIssuedPct: number;
  redeemedCents: number;
  notRedeemedCents: number;
  redemptionPct: number;
  notRedeemedPct: number;
}

/**
 * The snapshot's derived figures (docs/dashboard.md): not issued is what funding has left (never below zero), not
 * redeemed what issued has left; each pair's percentages are the slices of its pie, so they add up to 100 (or are
 * both 0 when the pie is empty). Issued beyond the funding is 100% issued; refunds beyond purchases redeem nothing.
 */
export function snapshotFigures(fundingCents: number, issuedCents: number, redeemedCents: number): SnapshotFigures {
  const notIssuedCents = Math.max(fundingCents - issuedCents, 0);
  const issuedSlice = Math.max(issuedCents, 0);
  const issuedPct = percentage(issuedSlice, issuedSlice + notIssuedCents);
  const notRedeemedCents = Math.max(issuedCents - redeemedCents, 0);
  const redeemedSlice = Math.max(redeemedCents, 0);
  const redemptionPct = percentage(redeemedSlice, redeemedSlice + notRedeemedCents);
  return {
    fundingCents,
    issuedCents,
    notIssuedCents,
    issuedPct,
    notIssuedPct: issuedSlice + notIssuedCents > 0 ? Math.round((100 - issuedPct) * 100) / 100 : 0,
    redeemedCents,
    notRedeemedCents,
    redemptionPct,
    notRedeemedPct: redeemedSlice + notRedeemedCents > 0 ? Math.round((100 - redemptionPct) * 100) / 100 : 0,
  };
}

/** B§4: with no funding, nothing issued and nothing redeemed, every chart is cleared and 'No benefit data available.' */
export function hasBenefitData(s: { funding: number; issued: number; redeemed: number }): boolean {
  return s.funding !== 0 || s.issued !== 0 || s.redeemed !== 0;
}

/** Up to this many days a bar chart keeps a bar a day; beyond, a bar a week, and beyond CHART_WEEKS_MAX_DAYS a month. */
export const CHART_DAILY_MAX_DAYS = 90;
export const CHART_WEEKS_MAX_DAYS = 730;

export type ChartBucket = 'day' | 'week' | 'month';

export interface DatedValue {
  /** 'YYYY-MM-DD'. */
  date: string;
  value: number;
}

export interface ChartBar {
  /** The day, 'Week of YYYY-MM-DD' (its Monday) or 'YYYY-MM'. */
  label: string;
  value: number;
}

/**
 * The bars of a dated series: a bar a day over a short span; over a longer one a bar a week (weeks start on Monday)
 * or a month, the sum of its days, so a year draws about 52 bars people can see rather than 365 one pixel wide.
 * Amounts are summed through cents, so a week of $0.10s stays exact. The span is from the first day to the last.
 */
export function chartBars(points: readonly DatedValue[], money: boolean): { bucket: ChartBucket; bars: ChartBar[] } {
  const sorted = [...points].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const first = sorted[0]?.date;
  const last = sorted[sorted.length - 1]?.date;
  const span = first && last ? daysBetween(first, last) : 0;
  const bucket: ChartBucket = span <= CHART_DAILY_MAX_DAYS ? 'day' : span <= CHART_WEEKS_MAX_DAYS ? 'week' : 'month';
  const keyOf = (date: string) => {
    if (bucket === 'day') return date;
    if (bucket === 'month') return date.slice(0, 7);
    const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
    return `Week of ${addDays(date, -weekday)}`;
  };
  const sums = new Map<string, number>();
  for (const p of sorted) {
    const key = keyOf(p.date);
    const add = money ? Math.round(p.value * 100) : p.value;
    sums.set(key, (sums.get(key) ?? 0) + add);
  }
  return {
    bucket,
    bars: [...sums].map(([label, total]) => ({ label, value: money ? total / 100 : total })),
  };
}
