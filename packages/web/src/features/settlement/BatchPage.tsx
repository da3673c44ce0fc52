import {
  BatchParams,
  type BatchHold,
  type BatchLine,
  MarkPaidBody,
  SETTLEMENT_MESSAGES,
  BATCH_STATUS,
} from '@ebt/core/settlement';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { ProgramTimeZone } from '../../lib/clock';
import { DetailSection } from '../../components/DetailSection';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { FormOutcome } from '../../components/FormOutcome';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { NotFoundPage } from '../../components/NotFoundPage';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { useBatch, useDownloadAch, useMarkPaid } from './api';
import type { StaffBase } from '../../lib/staff-base';

/**
 * `/{admin|program}/settlement/{batchUuid}`: the batch's figures, its merchant lines (per funding
 * source, regular or incentive), its holds with their reasons, the ACH file's download and 'Mark paid' with the bank's
 * reference.
 */
export default function BatchPage({ base }: { base: StaffBase }) {
  const { id = '' } = useParams();
  if (!BatchParams.safeParse({ batchUuid: id }).success) return <NotFoundPage homeTo={`/${base}`} />;
  return <BatchView base={base} batchUuid={id} />;
}

const lineColumns = (base: StaffBase, batchUuid: string): DataTableColumn<BatchLine>[] => [
  {
    key: 'merchantName',
    header: 'Merchant',
    // The line opens the merchant's transactions of this batch; that page links the merchant.
    render: (l) => (
      <Anchor
        component={Link}
        to={`/${base}/settlement/${batchUuid}/merchant/${l.merchantUuid}`}
        aria-label={`${l.merchantName} (${l.merchantIdentifier}): its transactions in this batch`}
        inherit
      >
        {l.merchantName} ({l.merchantIdentifier})
      </Anchor>
    ),
  },
  { key: 'fundingSourceName', header: 'Funding source', render: (l) => l.fundingSourceName ?? '' },
  { key: 'benefitType', header: 'Benefits' },
  { key: 'transactionCount', header: 'Transactions', align: 'right' },
  { key: 'grossAmt', header: 'Gross', align: 'right', render: (l) => <Money value={l.grossAmt} /> },
  { key: 'refundAmt', header: 'Refunds', align: 'right', render: (l) => <Money value={l.refundAmt} /> },
  { key: 'reversalAmt', header: 'Reversals', align: 'right', render: (l) => <Money value={l.reversalAmt} /> },
  { key: 'feeAmt', header: 'Fees', align: 'right', render: (l) => <Money value={l.feeAmt} /> },
  { key: 'netAmt', header: 'Net', align: 'right', render: (l) => <Money value={l.netAmt} /> },
];

const holdColumns: DataTableColumn<BatchHold>[] = [
  { key: 'merchantName', header: 'Merchant', render: (h) => `${h.merchantName} (${h.merchantIdentifier})` },
  { key: 'reason', header: 'Reason' },
  { key: 'transactionCount', header: 'Transactions', align: 'right' },
  { key: 'heldAmt', header: 'Held', align: 'right', render: (h) => <Money value={h.heldAmt} /> },
];

function BatchView({ base, batchUuid }: { base: StaffBase; batchUuid: string }) {
  const batch = useBatch(batchUuid);
  const download = useDownloadAch(batchUuid);
  const markPaid = useMarkPaid(batchUuid);
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const referenceRef = useRef<HTMLInputElement>(null);
  const back = (
    <Button component={Link} to={`/${base}/settlements`} variant="default">
      Back to settlements
    </Button>
  );
  if (batch.isPending)
    return (
      <Page title="Settlement batch">
        <LoadingStatus label="Loading the batch" />
      </Page>
    );
  if (batch.isError)
    return (
      <Page title="Settlement batch">
        <Stack gap="sm" align="flex-start">
          <MessageBanner
            kind="danger"
            w="100%"
            messages={isApiError(batch.error, 404) ? SETTLEMENT_MESSAGES.BATCH_NOT_FOUND : errorMessagesOf(batch.error)}
          />
          {back}
        </Stack>
      </Page>
    );
  const b = batch.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = MarkPaidBody.safeParse({ bankReference: reference });
    if (!parsed.success) {
      setReferenceError(parsed.error.issues[0]?.message ?? SETTLEMENT_MESSAGES.BANK_REFERENCE_INVALID);
      referenceRef.current?.focus(); // the field in error takes the focus (docs/accessibility.md)
      return;
    }
    setReferenceError(null);
    markPaid.mutate(parsed.data.bankReference);
  };
  return (
    <Page title={`Settlement batch ${b.batchNbr} of ${b.programName}`} actions={back}>
      <ProgramTimeZone programUuid={b.programUuid}>
        <Stack gap="lg">
          <DetailSection title="Batch">
            <FieldList>
              <ReadOnlyField label="Date" value={<DateText value={b.businessDay} />} />
              <ReadOnlyField label="Cut-off" value={<DateText value={b.cutoffAt} format="datetime" />} />
              <ReadOnlyField label="Status" value={b.status} />
              <ReadOnlyField label="Merchants" value={String(b.merchantCount)} />
              <ReadOnlyField label="Transactions" value={String(b.transactionCount)} />
              <ReadOnlyField label="Gross" value={<Money value={b.grossAmt} />} />
              <ReadOnlyField label="Refunds" value={<Money value={b.refundAmt} />} />
              <ReadOnlyField label="Reversals" value={<Money value={b.reversalAmt} />} />
              <ReadOnlyField label="Fees" value={<Money value={b.feeAmt} />} />
              <ReadOnlyField label="Net" value={<Money value={b.netAmt} />} />
              <ReadOnlyField label="Held" value={<Money value={b.heldAmt} />} />
              <ReadOnlyField label="Bank reference" value={b.bankReference} />
            </FieldList>
          </DetailSection>
          <DetailSection title="ACH file">
            <Stack gap="sm" align="flex-start">
              <MessageBanner kind="danger" w="100%" messages={download.error ? errorMessagesOf(download.error) : []} />
              {download.data && (
                <MessageBanner kind="success" w="100%" messages={`Downloaded ${download.data.filename}.`} />
              )}
              <Button onClick={() => download.mutate()} loading={download.isPending}>
                Download ACH file
              </Button>
            </Stack>
          </DetailSection>
          <DetailSection title="Mark paid">
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <FormOutcome success={markPaid.data?.message ?? null} error={markPaid.error} />
                {b.statusId === BATCH_STATUS.PAID ? (
                  <MessageBanner kind="info" messages={`Paid: bank reference ${b.bankReference ?? ''}.`} />
                ) : (
                  <Group align="flex-end" gap="sm" wrap="wrap">
                    <TextInput
                      ref={referenceRef}
                      label="Bank reference"
                      required
                      maxLength={40}
                      value={reference}
                      error={referenceError}
                      onChange={(event) => setReference(event.currentTarget.value)}
                    />
                    <Button type="submit" loading={markPaid.isPending}>
                      Mark paid
                    </Button>
                  </Group>
                )}
              </Stack>
            </form>
          </DetailSection>
          <DetailSection title="Merchant lines">
            <DataTable
              caption="Merchant lines"
              columns={lineColumns(base, b.batchUuid)}
              rows={b.lines}
              rowKey={(l) => `${l.merchantUuid}-${l.fundingSourceId ?? 'none'}-${l.benefitTypeId}`}
              emptyMessage="No merchant lines."
            />
          </DetailSection>
          <DetailSection title="Held merchants">
            <DataTable
              caption="Held merchants"
              columns={holdColumns}
              rows={b.holds}
              rowKey={(h) => h.merchantUuid}
              emptyMessage="No merchant is held."
            />
          </DetailSection>
        </Stack>
      </ProgramTimeZone>
    </Page>
  );
}
