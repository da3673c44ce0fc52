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
          h={vertical ? Math.max(160, bars.length * 36) : 220}
          data={bars.map((b) => ({ label: b.label, value: b.value }))}
          dataKey="label"
          orientation={vertical ? 'vertical' : 'horizontal'}
          series={[{ name: 'value', label: money ? 'Amount' : 'Count', color: 'blue.7' }]}
          valueFormatter={show}
          barProps={animation}
          yAxisProps={vertical ? { width: 110 } : undefined}
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
