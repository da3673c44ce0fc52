import type { BenefitSearchPage, BenefitSearchRow } from '@ebt/core/benefits';
import { MESSAGES } from '@ebt/core/messages';
import { BENEFIT_TYPE } from '@ebt/core/enums';
import { Box, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { DateText } from '../../../components/DateText';
import { Money } from '../../../components/Money';
import { BenefitBalance, benefitStatusText } from './BenefitStatus';
import { ExpiryBadge } from './ExpiryBadge';

/** A second, quieter line in a cell (the recipient's Account ID, the benefit's agency). */
function TwoLines({ first, second, nowrap = false }: { first: string; second: string | null; nowrap?: boolean }) {
  return (
    <Stack gap={0}>
      <Text span inherit style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
        {first}
      </Text>
      {second && (
        <Text span fz="sm" c="dimmed">
          {second}
        </Text>
      )}
    </Stack>
  );
}

const COLUMNS: DataTableColumn<BenefitSearchRow>[] = [
  { key: 'benefitAuthNumber', header: 'Authorization Number' },
  {
    key: 'recipient',
    header: 'Recipient',
    render: (row) => <TwoLines first={`${row.firstname} ${row.lastname}`} second={row.recipientIdentifier} nowrap />,
  },
  {
    key: 'program',
    header: 'Program',
    render: (row) => (
      <Box miw={190}>
        <TwoLines first={row.programName} second={row.agencyName} />
      </Box>
    ),
  },
  { key: 'benefitAvailableDate', header: 'Available', render: (row) => <DateText value={row.benefitAvailableDate} /> },
  {
    key: 'benefitExpiryDate',
    header: 'Expires',
    render: (row) => (
      <Stack gap={2} align="flex-start">
        <DateText value={row.benefitExpiryDate} />
        <ExpiryBadge marker={row.expiryMarker} />
      </Stack>
    ),
  },
  {
    key: 'benefitBalance',
    header: 'Balance',
    align: 'right',
    // The balance, and under it the amount issued: one column keeps the table within a laptop's width.
    render: (row) => (
      <Stack gap={0} align="flex-end">
        <BenefitBalance statusId={row.benefitStatusId} balance={row.benefitBalance} />
        <Text span fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          of <Money value={row.benefitAmount} />
        </Text>
      </Stack>
    ),
  },
  {
    key: 'benefitStatus',
    header: 'Status',
    // The type is named only where it is the exception (part 1 §3: Regular 1, Incentive 2).
    render: (row) => (
      <TwoLines
        first={benefitStatusText(row.benefitStatusId, row.benefitStatus)}
        second={row.benefitTypeId === BENEFIT_TYPE.INCENTIVE ? 'Incentive' : null}
        nowrap
      />
    ),
  },
];

/**
 * The benefit list (A§2, A§7): 10 rows a page paged by the server (zero-based page, totalCount, totalPages); a row
 * opens the benefit. 'No benefits found.' when nothing matches.
 */
export function BenefitTable({
  result,
  loading,
  onPageChange,
  onOpen,
}: {
  result: BenefitSearchPage | undefined;
  loading: boolean;
  onPageChange: (page: number) => void;
  onOpen: (row: BenefitSearchRow) => void;
}) {
  return (
    <DataTable
      caption="Benefits"
      columns={COLUMNS}
      rows={result?.data ?? []}
      rowKey={(row) => row.benefitUuid}
      onRowClick={onOpen}
      rowLabel={(row) => `Open benefit ${row.benefitAuthNumber}`}
      emptyMessage={result ? MESSAGES.NO_BENEFITS_FOUND : undefined}
      loading={loading}
      serverPaging={
        result
          ? { page: result.page, totalPages: result.totalPages, totalCount: result.totalCount, onPageChange }
          : undefined
      }
    />
  );
}
