import { BatchMerchantParams, SETTLEMENT_MESSAGES, type SettledTransaction } from '@ebt/core/settlement';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { ProgramTimeZone } from '../../lib/clock';
import { DetailSection } from '../../components/DetailSection';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { NotFoundPage } from '../../components/NotFoundPage';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { usePageParam } from '../../lib/page-param';
import { useBatchTransactions } from './api';
import type { StaffBase } from '../../lib/staff-base';
import { StatementActions, type StatementOutcome } from './components/StatementActions';

/**
 * `/{admin|program}/settlement/{batchUuid}/merchant/{merchantUuid}` (decision 0068): one
 * merchant's transactions of one batch, paged by the server (the page in the URL), each with its money per benefit
 * signed as it counts (refunds and reversals negative), its fee and net; the merchant's statement of the batch as a
 * PDF or by e-mail. Opened from a batch page's merchant line and from the merchant detail's 'Settlements'.
 */
export default function BatchMerchantPage({ base }: { base: StaffBase }) {
  const { id = '', merchantId = '' } = useParams();
  if (!BatchMerchantParams.safeParse({ batchUuid: id, merchantUuid: merchantId }).success)
    return <NotFoundPage homeTo={`/${base}`} />;
  return <BatchMerchantView base={base} batchUuid={id} merchantUuid={merchantId} />;
}

const columns: DataTableColumn<SettledTransaction>[] = [
  { key: 'trxDatetime', header: 'Date and time', render: (t) => <DateText value={t.trxDatetime} format="datetime" /> },
  { key: 'trxType', header: 'Type' },
  { key: 'pan', header: 'Card', render: (t) => t.pan ?? '' },
  {
    key: 'parts',
    header: 'Benefits',
    render: (t) => (
      <Stack gap={0}>
        {t.parts.map((p, i) => (
          <Text key={i} size="sm" span>
            {p.benefitType}, {p.fundingSourceName ?? 'no funding source'}: <Money value={p.amount} />
          </Text>
        ))}
      </Stack>
    ),
  },
  { key: 'amount', header: 'Amount', align: 'right', render: (t) => <Money value={t.amount} /> },
  { key: 'feeAmt', header: 'Fee', align: 'right', render: (t) => <Money value={t.feeAmt} /> },
  { key: 'netAmt', header: 'Net', align: 'right', render: (t) => <Money value={t.netAmt} /> },
];

function BatchMerchantView({
  base,
  batchUuid,
  merchantUuid,
}: {
  base: StaffBase;
  batchUuid: string;
  merchantUuid: string;
}) {
  const [page, setPage] = usePageParam();
  const transactions = useBatchTransactions(batchUuid, merchantUuid, page);
  const [outcome, setOutcome] = useState<StatementOutcome>(null);
  const outcomeRef = useOutcomeFocus(outcome);
  const back = (
    <Button component={Link} to={`/${base}/settlement/${batchUuid}`} variant="default">
      Back to the batch
    </Button>
  );
  if (transactions.isPending)
    return (
      <Page title="Transactions of a batch" actions={back}>
        <LoadingStatus label="Loading the transactions" />
      </Page>
    );
  if (transactions.isError)
    return (
      <Page title="Transactions of a batch" actions={back}>
        <MessageBanner kind="danger" messages={errorMessagesOf(transactions.error)} />
      </Page>
    );
  const t = transactions.data;
  return (
    <Page title={`${t.merchantName}: batch ${t.batchNbr}`} actions={back}>
      <ProgramTimeZone programUuid={t.programUuid}>
        <Stack gap="lg">
          <DetailSection title="Settlement">
            <FieldList>
              <ReadOnlyField
                label="Merchant"
                value={
                  <Anchor component={Link} to={`/${base}/merchant/${t.merchantUuid}`} inherit>
                    {t.merchantName} ({t.merchantIdentifier})
                  </Anchor>
                }
              />
              <ReadOnlyField label="Program" value={t.programName} />
              <ReadOnlyField label="Batch" value={String(t.batchNbr)} />
              <ReadOnlyField label="Date" value={<DateText value={t.businessDay} />} />
              <ReadOnlyField label="Transactions" value={String(t.totalCount)} />
            </FieldList>
            {outcome && (
              <MessageBanner
                ref={outcomeRef}
                kind={outcome.kind}
                messages={outcome.messages}
                onClose={() => setOutcome(null)}
              />
            )}
            <Group>
              <StatementActions
                batchUuid={batchUuid}
                merchantUuid={merchantUuid}
                name={`batch ${t.batchNbr}`}
                onOutcome={setOutcome}
              />
            </Group>
          </DetailSection>
          <DetailSection title="Transactions">
            <Text size="sm" c="dimmed">
              Refunds and reversals are negative. Fees are the incentives&apos; redemption fees.
            </Text>
            <DataTable
              caption={`Transactions of ${t.merchantName} in batch ${t.batchNbr}`}
              columns={columns}
              rows={t.data}
              rowKey={(row) => row.trxUuid}
              loading={transactions.isFetching}
              emptyMessage={SETTLEMENT_MESSAGES.NO_TRANSACTIONS}
              serverPaging={{
                page: t.page,
                totalPages: t.totalPages,
                totalCount: t.totalCount,
                onPageChange: setPage,
              }}
            />
          </DetailSection>
        </Stack>
      </ProgramTimeZone>
    </Page>
  );
}
