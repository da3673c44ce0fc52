import { BarChart } from '@mantine/charts';
import { formatMoney } from '@ebt/core/format';
import { Box, Table, Text } from '@mantine/core';
import { Money } from '../../../components/Money';
import { MessageBanner } from '../../../components/MessageBanner';
import { chartMotionAttribute, useChartAnimation } from './chart-motion';

export interface Bar {
  label: string;
  value: number;
}

interface BarWithTableProps {
  title: string;
  /** The column heading of the labels (Date, Merchant). */
  labelHeader: string;
  bars: Bar[];
  money: boolean;
  /** Horizontal bars for long labels (merchant names). */
  vertical?: boolean;
}

/** The width of a horizontal chart's name column, and the characters a name keeps in it on one line. */
const LABEL_WIDTH = 140;
const LABEL_CHARS = 18;

/**
 * A name on a horizontal chart's axis, on one line: cut with '…' when longer than the column, the whole name in its
 * tooltip (an SVG title, which browsers show on hover). Names that wrapped ran over the next bar's. The chart's data
 * table under it has every name whole, for screen readers and keyboards.
 */
function NameTick({ x, y, payload }: { x?: number | string; y?: number | string; payload?: { value?: unknown } }) {
  const name = String(payload?.value ?? '');
  const shown = name.length > LABEL_CHARS ? `${name.slice(0, LABEL_CHARS - 1).trimEnd()}…` : name;
  return (
    <text x={Number(x)} y={Number(y)} dy={4} textAnchor="end" fontSize={12} fill="var(--mantine-color-dimmed)">
      <title>{name}</title>
      {shown}
    </text>
  );
}

/**
 * A bar chart with its text alternative: a one-line summary read in place of the drawing, and the data table under a
 * disclosure (a month of days is too long to show open). No bars: an info line instead of an empty frame.
 */
export function BarWithTable({ title, labelHeader, bars, money, vertical = false }: BarWithTableProps) {
  const animation = useChartAnimation();
  if (bars.length === 0) return <MessageBanner kind="info" messages="No data for this date range." />;
  const show = (v: number) => (money ? formatMoney(v) : String(v));
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  const summary = `${title}: ${bars.length} ${bars.length === 1 ? 'entry' : 'entries'}, total ${show(
    Math.round(total * 100) / 100,
  )}.`;
  return (
    <Box>
      <Box role="img" aria-label={summary} {...chartMotionAttribute(animation)}>
        <BarChart
          h={vertical ? Math.max(160, bars.length * 30) : 220}
          data={bars.map((b) => ({ label: b.label, value: b.value }))}
          dataKey="label"
          orientation={vertical ? 'vertical' : 'horizontal'}
          series={[{ name: 'value', label: money ? 'Amount' : 'Count', color: 'blue.7' }]}
          valueFormatter={show}
          barProps={animation}
          yAxisProps={vertical ? { width: LABEL_WIDTH, tick: NameTick, interval: 0 } : undefined}
          gridAxis={vertical ? 'x' : 'y'}
        />
      </Box>
      <details>
        <Text component="summary" size="sm" c="blue.9" style={{ cursor: 'pointer' }}>
          Data table
        </Text>
        <Table withTableBorder striped fz="sm" mt="xs">
          <Table.Caption>{title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{labelHeader}</Table.Th>
              <Table.Th scope="col" ta="right">
                {money ? 'Amount' : 'Count'}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bars.map((b) => (
              <Table.Tr key={b.label}>
                <Table.Th scope="row" fw="normal">
                  {b.label}
                </Table.Th>
                <Table.Td ta="right">{money ? <Money value={b.value} /> : b.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
    </Box>
  );
}
