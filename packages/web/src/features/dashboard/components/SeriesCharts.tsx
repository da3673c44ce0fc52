import { type DateRange, isAmountSeries, type ChartDataType } from '@ebt/core/dashboard';
import { type AppliedFilter, useChartSeries, useTopMerchants } from '../api';
import { BarWithTable } from './BarWithTable';
import { ChartCard } from './ChartCard';

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
  return (
    <ChartCard
      title={title}
      range={{ value: range, onChange: onRangeChange }}
      loading={series.isPending}
      error={series.error}
    >
      <BarWithTable
        title={title}
        labelHeader="Date"
        money={money}
        bars={(series.data ?? []).map((p) => ({ label: p.trxDate, value: (money ? p.amount : p.count) ?? 0 }))}
      />
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
