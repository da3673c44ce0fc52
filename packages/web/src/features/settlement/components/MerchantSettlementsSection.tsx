import { SETTLEMENT_MESSAGES, type MerchantBatchRow } from '@ebt/core/settlement';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { DateText } from '../../../components/DateText';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { Money } from '../../../components/Money';
import { errorMessagesOf } from '../../../lib/errors';
import { useOutcomeFocus } from '../../../lib/outcome-focus';
import { useMerchantBatches } from '../api';
import type { StaffBase } from '../../../lib/staff-base';
import { StatementActions, type StatementOutcome } from './StatementActions';

/**
 * The merchant detail's 'Settlements' (decision 0068), for program admins (their programs' batches)
 * and platform administrators: the batches that settled the merchant, newest first, with its gross, fees and net in
 * each, its statement of each as a PDF or by e-mail. A row opens the merchant's transactions of that batch.
 */
export function MerchantSettlementsSection({
  merchantUuid,
  merchantName,
  base,
}: {
  merchantUuid: string;
  merchantName: string;
  base: StaffBase;
}) {
  const batches = useMerchantBatches(merchantUuid);
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<StatementOutcome>(null);
  const outcomeRef = useOutcomeFocus(outcome);

  const columns: DataTableColumn<MerchantBatchRow>[] = [
    { key: 'batchNbr', header: 'Batch', render: (b) => String(b.batchNbr) },
    { key: 'businessDay', header: 'Date', render: (b) => <DateText value={b.businessDay} /> },
    { key: 'programName', header: 'Program' },
    { key: 'grossAmt', header: 'Gross', align: 'right', render: (b) => <Money value={b.grossAmt} /> },
    { key: 'feeAmt', header: 'Fees', align: 'right', render: (b) => <Money value={b.feeAmt} /> },
    { key: 'netAmt', header: 'Net', align: 'right', render: (b) => <Money value={b.netAmt} /> },
    { key: 'status', header: 'Status' },
    {
      key: 'statement',
      header: 'Statement',
      render: (b) => (
        <StatementActions
          batchUuid={b.batchUuid}
          merchantUuid={merchantUuid}
          name={`batch ${b.batchNbr}`}
          onOutcome={setOutcome}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        What each settlement batch paid {merchantName}: gross sales less refunds, reversals and redemption fees. A batch
        opens its transactions.
      </Text>
      {outcome && (
        <MessageBanner
          ref={outcomeRef}
          kind={outcome.kind}
          messages={outcome.messages}
          onClose={() => setOutcome(null)}
        />
      )}
      {batches.isError && <MessageBanner kind="danger" messages={errorMessagesOf(batches.error)} />}
      {batches.isPending && <LoadingStatus label="Loading the settlements" py="md" />}
      {batches.isSuccess && (
        <DataTable
          caption={`Settlements of ${merchantName}`}
          columns={columns}
          rows={batches.data.data}
          rowKey={(b) => b.batchUuid}
          emptyMessage={SETTLEMENT_MESSAGES.NO_SETTLEMENTS}
          onRowClick={(b) => void navigate(`/${base}/settlement/${b.batchUuid}/merchant/${merchantUuid}`)}
          rowLabel={(b) => `Open the transactions of batch ${b.batchNbr}`}
        />
      )}
    </Stack>
  );
}
