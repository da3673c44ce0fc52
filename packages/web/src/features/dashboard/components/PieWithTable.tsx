import { PieChart } from '@mantine/charts';
import { CHART_ANIMATION_MS } from '@ebt/core/dashboard';
import { formatMoney } from '@ebt/core/format';
import { Center, Stack } from '@mantine/core';
import { type Slice, SliceTable } from './SliceTable';

/**
 * A pie with its summary table. The drawing is decorative for assistive technology (the table says the same), so it
 * is hidden from it rather than read as a list of unnamed shapes.
 */
export function PieWithTable({ caption, slices, money }: { caption: string; slices: Slice[]; money: boolean }) {
  const drawn = slices.filter((s) => s.value > 0);
  return (
    <Stack gap="sm">
      {drawn.length > 0 && (
        <Center aria-hidden>
          <PieChart
            size={160}
            data={drawn.map((s) => ({ name: s.name, value: s.value, color: s.color }))}
            withTooltip
            tooltipDataSource="segment"
            valueFormatter={money ? (v) => formatMoney(v) : undefined}
            pieProps={{ animationDuration: CHART_ANIMATION_MS }}
          />
        </Center>
      )}
      <SliceTable caption={caption} slices={slices} money={money} />
    </Stack>
  );
}
