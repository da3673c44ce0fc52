import { MERCHANT_PROGRAM_STATUS, merchantProgramStatusLabel } from '@ebt/core/enums';
import { MERCHANT_MESSAGES, type MerchantProgramMapping } from '@ebt/core/merchants';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { Button, Group, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useCallerPrograms } from '../../../lib/lookups';
import { useMerchantMapping, useMerchantMappingStatus } from '../api';

const isInactive = (row: MerchantProgramMapping) => row.statusId === MERCHANT_PROGRAM_STATUS.INACTIVE;

/**
 * The merchant's program mapping (B§2, B§4): program id, name, short name and status ('Inactive' for statusId 1,
 * otherwise 'Active') of the programs the caller can see. With MERCHANT_UPDATE each row toggles its status after a
 * confirmation (merchantApi.setProgramStatus); `onDone` reports
 * 'Merchant Program Status updated.'. Below it, a caller with MERCHANT_UPDATE in other programs adds the merchant to one
 * of them (the same call with status 0 maps it, docs/decisions/0116), so a farmer who sells in two programs is one
 * merchant.
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
  const programs = useCallerPrograms();
  const [adding, setAdding] = useState<string | null>(null);
  const [confirmAdd, setConfirmAdd] = useState(false);
  const add = useMerchantMappingStatus();
  const unmapped = useMemo(() => {
    const mapped = new Set((mapping.data ?? []).map((row) => row.programId));
    return (programs.data ?? [])
      .filter((p) => !mapped.has(p.programId))
      .map((p) => ({ value: String(p.programId), label: p.programName }));
  }, [mapping.data, programs.data]);
  const addingName = unmapped.find((p) => p.value === adding)?.label ?? '';

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

  const confirmAdding = async () => {
    if (!adding) return;
    let answer;
    try {
      answer = await add.mutateAsync({
        merchantUuid,
        programId: Number(adding),
        statusId: MERCHANT_PROGRAM_STATUS.ACTIVE,
      });
    } catch {
      return; // the dialog shows why and stays open
    }
    setConfirmAdd(false);
    setAdding(null);
    onDone(answer.message);
  };

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
      {canUpdate && unmapped.length > 0 && (
        <Group align="end" gap="sm" mt="sm" wrap="wrap">
          <Select
            label="Add to program"
            placeholder="Choose a program"
            data={unmapped}
            value={adding}
            onChange={setAdding}
            searchable
            w={{ base: '100%', xs: 320 }}
          />
          <Button
            variant="default"
            disabled={!adding}
            onClick={() => {
              add.reset();
              setConfirmAdd(true);
            }}
          >
            Add
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirmAdd}
        onClose={() => setConfirmAdd(false)}
        onConfirm={() => void confirmAdding()}
        title="Add to program"
        message={`Add this merchant to ${addingName}? It can then sell to that program's recipients and shows in its merchant search and locator.`}
        confirmLabel="Add"
        loading={add.isPending}
      >
        <MessageBanner kind="danger" messages={add.isError ? errorMessagesOf(add.error) : []} />
      </ConfirmDialog>
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
