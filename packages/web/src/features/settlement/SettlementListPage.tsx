import { BATCH_EXPORT_ROW_CAP, type BatchRow, settlementApi } from '@ebt/core/settlement';
import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { ExportButtons } from '../../components/ExportButtons';
import { FormOutcome } from '../../components/FormOutcome';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useCallerPrograms } from '../../lib/lookups';
import { useOutcomeFocus } from '../../lib/outcome-focus';
import { useBatches, useCloseBatch } from './api';
import type { StaffBase } from '../../lib/staff-base';
import { AchOriginatorSection } from './components/AchOriginatorSection';
import { HeldMerchantsSection } from './components/HeldMerchantsSection';

/**
 * `/{admin|program}/settlements`: the caller's batches, newest first, with date, program, merchants,
 * gross, fees, net, held and status; a program's batch can be closed now. A row opens the batch page. The merchants on
 * hold now are listed above the batches: a close that would pay only them writes no batch and says so (an info note,
 * not a success), docs/settlement.md "Cut-off and the close". With a program chosen, its ACH originator follows, with a
 * warning when another program's files carry the same company id or immediate origin.
 */
export default function SettlementListPage({ base }: { base: StaffBase }) {
  const navigate = useNavigate();
  const programs = useCallerPrograms();
  const [programUuid, setProgramUuid] = useState('');
  const batches = useBatches(programUuid);
  const close = useCloseBatch();
  // A close that made no batch: its answer's message, focused as an outcome (each try again, being a new answer).
  const noBatch = close.data && close.data.batch === null ? close.data : null;
  const noBatchRef = useOutcomeFocus(noBatch);
  const options = useMemo(
    () => [
      { value: '', label: 'All programs' },
      ...(programs.data ?? []).map((p) => ({ value: p.programUuid, label: p.programName })),
    ],
    [programs.data],
  );
  const columns: DataTableColumn<BatchRow>[] = [
    { key: 'batchNbr', header: 'Batch', render: (b) => String(b.batchNbr) },
    { key: 'businessDay', header: 'Date', render: (b) => <DateText value={b.businessDay} /> },
    { key: 'programName', header: 'Program' },
    { key: 'merchantCount', header: 'Merchants', align: 'right' },
    { key: 'grossAmt', header: 'Gross', align: 'right', render: (b) => <Money value={b.grossAmt} /> },
    { key: 'feeAmt', header: 'Fees', align: 'right', render: (b) => <Money value={b.feeAmt} /> },
    { key: 'netAmt', header: 'Net', align: 'right', render: (b) => <Money value={b.netAmt} /> },
    { key: 'heldAmt', header: 'Held', align: 'right', render: (b) => <Money value={b.heldAmt} /> },
    { key: 'status', header: 'Status' },
  ];
  return (
    <Page title="Settlements">
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Program"
            data={options}
            value={programUuid}
            onChange={(event) => {
              setProgramUuid(event.currentTarget.value);
              close.reset();
            }}
          />
          <Button disabled={!programUuid} loading={close.isPending} onClick={() => close.mutate(programUuid)}>
            Close batch now
          </Button>
          <Button component={Link} to={`/${base}/settlements/reconciliation`} variant="default">
            Reconciliation
          </Button>
          <ExportButtons
            endpoint={settlementApi.exportBatches}
            criteria={{ programUuid }}
            fileName="settlement-batches"
            truncatedMessage={`The file holds the newest ${BATCH_EXPORT_ROW_CAP.toLocaleString('en-US')} batches.`}
            disabled={!batches.data || batches.data.data.length === 0}
          />
        </Group>
        <FormOutcome success={close.data?.batch ? close.data.message : null} error={close.error} />
        <MessageBanner ref={noBatchRef} kind="info" messages={noBatch?.message ?? []} />
        <HeldMerchantsSection base={base} programUuid={programUuid} />
        {programUuid && <AchOriginatorSection programUuid={programUuid} />}
        {batches.isError ? (
          <MessageBanner kind="danger" messages={errorMessagesOf(batches.error)} />
        ) : (
          <DataTable
            caption="Settlement batches"
            columns={columns}
            rows={batches.data?.data ?? []}
            rowKey={(b) => b.batchUuid}
            loading={batches.isPending}
            emptyMessage="No settlement batches found."
            onRowClick={(b) => void navigate(`/${base}/settlement/${b.batchUuid}`)}
            rowLabel={(b) => `Open batch ${b.batchNbr}`}
          />
        )}
      </Stack>
    </Page>
  );
}
