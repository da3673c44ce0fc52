import { chartBars, type DateRange, isAmountSeries, type ChartDataType } from '@ebt/core/dashboard';
import { type AppliedFilter, useChartSeries, useTopMerchants } from '../api';
import { BarWithTable } from './BarWithTable';
import { ChartCard } from './ChartCard';

const BUCKET_HEADER = { day: 'Date', week: 'Week', month: 'Month' } as const;

interface RangedChartProps {
  filter: AppliedFilter;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
}

/** One of the six daily series (resolution 22), with its own date range. */
export function SeriesChart({
  filter,
  dataType,
  title,
  range,
  onRangeChange,
}: RangedChartProps & { dataType: ChartDataType; title: string }) {
  const series = useChartSeries(filter, dataType, range, true);
  const money = isAmountSeries(dataType);
  // A bar a day up to 90 days, then a week or a month (core chartBars): a year of days drew bars a pixel wide.
  const { bucket, bars } = chartBars(
    (series.data ?? []).map((p) => ({ date: p.trxDate, value: (money ? p.amount : p.count) ?? 0 })),
    money,
  );
  return (
    <ChartCard
      title={title}
      range={{ value: range, onChange: onRangeChange }}
      loading={series.isPending}
      error={series.error}
    >
      <BarWithTable title={title} labelHeader={BUCKET_HEADER[bucket]} money={money} bars={bars} />
    </ChartCard>
  );
}

/** The top redemption merchants (B§2), with its own date range. */
export function TopMerchantsChart({ filter, range, onRangeChange }: RangedChartProps) {
  const top = useTopMerchants(filter, range, true);
  return (
    <ChartCard
      title="Top Redemption Merchants"
      range={{ value: range, onChange: onRangeChange }}
      loading={top.isPending}
      error={top.error}
    >
      <BarWithTable
        title="Top Redemption Merchants"
        labelHeader="Merchant"
        money
        vertical
        bars={(top.data ?? []).map((m) => ({ label: m.dataName, value: m.amount }))}
      />
    </ChartCard>
  );
}
