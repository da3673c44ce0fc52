import { MERCHANT_PROGRAM_STATUS, merchantProgramStatusLabel } from '@ebt/core/enums';
import { MERCHANT_MESSAGES, type MerchantProgramMapping } from '@ebt/core/merchants';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useMerchantMapping, useMerchantMappingStatus } from '../api';

const isInactive = (row: MerchantProgramMapping) => row.statusId === MERCHANT_PROGRAM_STATUS.INACTIVE;

/**
 * The merchant's program mapping (B§2, B§4): program id, name, short name and status ('Inactive' for statusId 1,
 * otherwise 'Active') of the programs the caller can see. With MERCHANT_UPDATE each row toggles its status after a
 * confirmation (merchantApi.setProgramStatus); `onDone` reports
 * 'Merchant Program Status updated.'.
 */
export function MerchantProgramTable({
  merchantUuid,
  canUpdate,
  onDone,
}: {
  merchantUuid: string;
  canUpdate: boolean;
  onDone: (line: string) => void;
}) {
  const mapping = useMerchantMapping(merchantUuid);
  const change = useMerchantMappingStatus();
  const [chosen, setChosen] = useState<MerchantProgramMapping | null>(null);

  const columns = useMemo<DataTableColumn<MerchantProgramMapping>[]>(() => {
    const base: DataTableColumn<MerchantProgramMapping>[] = [
      { key: 'programId', header: 'Program ID' },
      { key: 'programName', header: 'Program' },
      { key: 'shortname', header: 'Short name' },
      { key: 'status', header: 'Status', render: (row) => merchantProgramStatusLabel(row.statusId) },
    ];
    if (!canUpdate) return base;
    return [
      ...base,
      {
        key: 'action',
        header: 'Action',
        render: (row) => (
          <Button
            size="xs"
            variant="outline"
            color={isInactive(row) ? undefined : 'red.9'}
            aria-label={`${isInactive(row) ? 'Activate' : 'Inactivate'} for ${row.programName}`}
            onClick={() => {
              change.reset();
              setChosen(row);
            }}
          >
            {isInactive(row) ? 'Activate' : 'Inactivate'}
          </Button>
        ),
      },
    ];
  }, [canUpdate, change]);

  const confirm = async () => {
    if (!chosen) return;
    try {
      await change.mutateAsync({
        merchantUuid,
        programId: chosen.programId,
        statusId: isInactive(chosen) ? MERCHANT_PROGRAM_STATUS.ACTIVE : MERCHANT_PROGRAM_STATUS.INACTIVE,
      });
    } catch {
      return; // the dialog shows why and stays open
    }
    setChosen(null);
    onDone(MERCHANT_MESSAGES.MERCHANT_PROGRAM_STATUS_UPDATED);
  };

  if (mapping.isPending) return <LoadingStatus label="Loading the program mapping" py="md" />;
  if (mapping.isError) return <MessageBanner kind="danger" messages={errorMessagesOf(mapping.error)} />;

  const activating = chosen ? isInactive(chosen) : false;
  return (
    <>
      <DataTable
        caption="Programs of this merchant"
        columns={columns}
        rows={mapping.data}
        rowKey={(row) => String(row.programId)}
        emptyMessage={MESSAGES.NO_PROGRAMS_FOUND}
      />
      <ConfirmDialog
        opened={chosen !== null}
        onClose={() => setChosen(null)}
        onConfirm={() => void confirm()}
        title={activating ? 'Activate for program' : 'Inactivate for program'}
        message={fillMessage(
          activating ? MESSAGES.CONFIRM_ACTIVATE_MERCHANT_PROGRAM : MESSAGES.CONFIRM_INACTIVATE_MERCHANT_PROGRAM,
          { name: chosen?.programName ?? '' },
        )}
        confirmLabel={activating ? 'Activate' : 'Inactivate'}
        danger={!activating}
        loading={change.isPending}
      >
        <MessageBanner kind="danger" messages={change.isError ? errorMessagesOf(change.error) : []} />
      </ConfirmDialog>
    </>
  );
}
