import { PieChart } from '@mantine/charts';
import { formatMoney } from '@ebt/core/format';
import { Center, Stack } from '@mantine/core';
import { chartMotionAttribute, useChartAnimation } from './chart-motion';
import { type Slice, SliceTable } from './SliceTable';

/**
 * A pie with its summary table. The drawing is one image for assistive technology, named by a sentence of its slices
 * (the table below says the same in rows), rather than read as a list of unnamed shapes.
 */
export function PieWithTable({ caption, slices, money }: { caption: string; slices: Slice[]; money: boolean }) {
  const animation = useChartAnimation();
  const drawn = slices.filter((s) => s.value > 0);
  const show = (v: number) => (money ? formatMoney(v) : String(v));
  const summary = `${caption}: ${slices.map((s) => `${s.name} ${show(s.value)} (${s.percentage.toFixed(2)}%)`).join(', ')}.`;
  return (
    <Stack gap="sm">
      {drawn.length > 0 && (
        <Center role="img" aria-label={summary} {...chartMotionAttribute(animation)}>
          <PieChart
            size={160}
            data={drawn.map((s) => ({ name: s.name, value: s.value, color: s.color }))}
            withTooltip
            tooltipDataSource="segment"
            valueFormatter={money ? (v) => formatMoney(v) : undefined}
            pieProps={animation}
            accessibilityLayer={false}
          />
        </Center>
      )}
      <SliceTable caption={caption} slices={slices} money={money} />
    </Stack>
  );
}
