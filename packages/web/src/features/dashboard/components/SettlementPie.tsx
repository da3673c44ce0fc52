import { percentage } from '@ebt/core/dashboard';
import { toCents } from '@ebt/core/format';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Money } from '../../../components/Money';
import type { StaffBase } from '../../../lib/staff-base';
import { type AppliedFilter, useDashboardSettlement } from '../api';
import { ChartCard } from './ChartCard';
import { PieWithTable } from './PieWithTable';

const TITLE = 'Settlement';

/**
 * The settlement figures of the applied program and range (decision 0074): what was redeemed and is
 * paid to merchants in closed batches against what waits for the next batch, with the fees and what is outstanding,
 * expired and expunged, and a link to the full reconciliation. Settlements are paid per program, so with an agency
 * chosen the card says so instead of showing program-wide figures under an agency's name.
 */
export function SettlementPie({ filter, area }: { filter: AppliedFilter; area: StaffBase }) {
  const programWide = !filter.agencyUuid;
  const settlement = useDashboardSettlement(filter, programWide);
  const s = settlement.data;
  const redeemed = s ? toCents(s.redeemedSettledAmt) + toCents(s.redeemedUnsettledAmt) : 0;
  return (
    <ChartCard title={TITLE} loading={programWide && settlement.isPending} error={settlement.error}>
      {!programWide ? (
        <Text fz="sm">Settlement figures are for a whole program: choose All agencies to see them.</Text>
      ) : (
        s && (
          <>
            <PieWithTable
              caption="Redeemed by settlement"
              money
              slices={[
                {
                  name: 'Settled',
                  value: s.redeemedSettledAmt,
                  percentage: percentage(toCents(s.redeemedSettledAmt), redeemed),
                  color: 'teal.7',
                },
                {
                  name: 'Not Yet Settled',
                  value: s.redeemedUnsettledAmt,
                  percentage: percentage(toCents(s.redeemedUnsettledAmt), redeemed),
                  color: 'gray.5',
                },
              ]}
            />
            <Table captionSide="bottom" fz="sm">
              <Table.Caption>Fees and balances</Table.Caption>
              <Table.Tbody>
                {(
                  [
                    ['Redemption fees', s.feeAmt],
                    ['Outstanding', s.outstandingAmt],
                    ['Expired', s.expiredAmt],
                    ['Expunged', s.expungedAmt],
                  ] as const
                ).map(([name, value]) => (
                  <Table.Tr key={name}>
                    <Table.Th scope="row" fw={400}>
                      {name}
                    </Table.Th>
                    <Table.Td ta="right">
                      <Money value={value} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Anchor component={Link} to={`/${area}/settlements/reconciliation`} fz="sm">
              Open the reconciliation
            </Anchor>
          </>
        )
      )}
    </ChartCard>
  );
}
