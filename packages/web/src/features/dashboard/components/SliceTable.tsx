import { Table } from '@mantine/core';
import { Money } from '../../../components/Money';

export interface Slice {
  name: string;
  value: number;
  percentage: number;
  color: string;
}

const percent = (value: number) => `${value.toFixed(2)}%`;

/** The summary table of a pie (B§2 "pie charts with summary tables"): its text alternative, always visible. */
export function SliceTable({ caption, slices, money }: { caption: string; slices: Slice[]; money: boolean }) {
  return (
    <Table withTableBorder striped fz="sm">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Item</Table.Th>
          <Table.Th scope="col" ta="right">
            {money ? 'Amount' : 'Count'}
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Percent
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {slices.map((s) => (
          <Table.Tr key={s.name}>
            <Table.Th scope="row" fw="normal">
              {s.name}
            </Table.Th>
            <Table.Td ta="right">{money ? <Money value={s.value} /> : s.value}</Table.Td>
            <Table.Td ta="right">{percent(s.percentage)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
