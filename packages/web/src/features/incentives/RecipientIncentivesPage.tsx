import {
  ENROLMENT_EDIT_MODE,
  enrolmentDateMins,
  INCENTIVE_MESSAGES,
  type RecipientIncentive,
} from '@ebt/core/incentives';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { confirmAction } from '../../components/confirm-action';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateField } from '../../components/DateField';
import { DateText } from '../../components/DateText';
import { Dialog } from '../../components/Dialog';
import { FormOutcome } from '../../components/FormOutcome';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { focusFirstError } from '../../lib/form-focus';
import { useCallerPrograms } from '../../lib/lookups';
import { selectProps } from '../../lib/select-props';
import { serverFieldErrors } from '../../lib/server-field-errors';
import type { StaffBase } from '../../lib/staff-base';
import { useEnrolledRecipient, useEnrolmentChange, useProgramIncentiveChoices, useRecipientIncentives } from './api';
import {
  EMPTY_ENROLMENT_FORM,
  enrolmentAddBody,
  enrolmentFormOf,
  type EnrolmentFormValues,
  enrolmentUpdateBody,
  validateEnrolment,
} from './enrolment-form';
import { programToday } from './incentive-form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `{base}/recipient/incentives/{id}/{progId}` (B§2 "Recipient incentives", B§4, B§5, B§7): a recipient's enrolments
 * (Incentive, Start Date, End Date, Updated) with 'Back to Recipient'; 'Add Incentive' enrols; Edit is offered while
 * an enrolment has not ended (both dates before its start, the end only after), Delete while its start is in the
 * future, after 'Are you sure you want to delete this entry?'. 'The recipient is not enrolled in any incentives.'
 * when none. A recipient the caller may not see reads as not found (404).
 */
export default function RecipientIncentivesPage({ base }: { base: StaffBase }) {
  const { id = '', progId = '' } = useParams();
  const valid = UUID.test(id);
  const accountUuid = valid ? id.toLowerCase() : '00000000-0000-0000-0000-000000000000';
  const recipient = useEnrolledRecipient(accountUuid);
  const list = useRecipientIncentives(accountUuid);
  const back = <BackLink to={`/${base}/recipient/${id}/${progId}`}>Back to Recipient</BackLink>;
  if (!valid || isApiError(list.error, 404) || isApiError(recipient.error, 404))
    return (
      <Page title="Recipient Incentives" actions={back}>
        <MessageBanner kind="warning" messages={INCENTIVE_MESSAGES.RECIPIENT_NOT_FOUND} />
      </Page>
    );
  return (
    <Page title="Recipient Incentives" actions={back}>
      {list.isError && <MessageBanner kind="danger" messages={errorMessagesOf(list.error)} />}
      {recipient.isError && <MessageBanner kind="danger" messages={errorMessagesOf(recipient.error)} />}
      {list.isPending || recipient.isPending ? (
        <LoadingStatus label="Loading the recipient's incentives" />
      ) : (
        recipient.data &&
        list.data && (
          <Enrolments
            accountUuid={accountUuid}
            recipientName={`${recipient.data.firstname} ${recipient.data.lastname}`}
            recipientIdentifier={recipient.data.recipientIdentifier}
            programUuid={recipient.data.programUuid}
            rows={list.data.data}
          />
        )
      )}
    </Page>
  );
}

type Editing = { kind: 'add' } | { kind: 'edit'; row: RecipientIncentive } | null;

function Enrolments({
  accountUuid,
  recipientName,
  recipientIdentifier,
  programUuid,
  rows,
}: {
  accountUuid: string;
  recipientName: string;
  recipientIdentifier: string;
  programUuid: string;
  rows: readonly RecipientIncentive[];
}) {
  const programs = useCallerPrograms();
  const today = programToday(programs.data?.find((p) => p.programUuid === programUuid)?.timeZone);
  const change = useEnrolmentChange(accountUuid);
  const [editing, setEditing] = useState<Editing>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [page, setPage] = useState(0);

  const remove = (row: RecipientIncentive) =>
    confirmAction({
      message: INCENTIVE_MESSAGES.CONFIRM_DELETE_ENTRY,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => {
        setOutcome(null);
        change.mutate(
          { kind: 'delete', id: row.recipientIncentiveId },
          { onSuccess: (answer) => setOutcome(answer.message || INCENTIVE_MESSAGES.RECIPIENT_INCENTIVE_DELETED) },
        );
      },
    });

  const columns: DataTableColumn<RecipientIncentive>[] = [
    // Issue 18 item 4: recipientIncentiveId, incentiveName, startDate, endDate, updated (B§9: dates as YYYY-MM-DD).
    { key: 'recipientIncentiveId', header: 'ID' },
    { key: 'incentiveName', header: 'Incentive' },
    { key: 'startDate', header: 'Start Date', render: (row) => <DateText value={row.startDate} /> },
    { key: 'endDate', header: 'End Date', render: (row) => <DateText value={row.endDate} fallback="—" /> },
    { key: 'updated', header: 'Updated', render: (row) => <DateText value={row.updated} format="date" /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          {row.editMode !== ENROLMENT_EDIT_MODE.NONE && (
            <Button
              size="xs"
              variant="default"
              aria-label={`Edit ${row.incentiveName} from ${row.startDate}`}
              onClick={() => {
                setOutcome(null);
                change.reset();
                setEditing({ kind: 'edit', row });
              }}
            >
              Edit
            </Button>
          )}
          {row.deletable && (
            <Button
              size="xs"
              color="red.9"
              variant="outline"
              aria-label={`Delete ${row.incentiveName} from ${row.startDate}`}
              onClick={() => remove(row)}
            >
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Text>
          {recipientName}, Account ID {recipientIdentifier}
        </Text>
        <Button
          leftSection={<IconPlus aria-hidden size={18} />}
          onClick={() => {
            setOutcome(null);
            change.reset();
            setEditing({ kind: 'add' });
          }}
        >
          Add Incentive
        </Button>
      </Group>
      {editing === null && (
        <FormOutcome
          success={outcome}
          error={change.isError && change.variables?.kind === 'delete' ? change.error : null}
        />
      )}
      <DataTable
        caption={`Incentives of ${recipientName}`}
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.recipientIncentiveId)}
        emptyMessage={INCENTIVE_MESSAGES.RECIPIENT_NOT_ENROLLED}
        clientPaging={{ page, onPageChange: setPage }}
      />
      <Dialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? 'Edit Recipient Incentive' : 'Add Recipient Incentive'}
      >
        {editing !== null && (
          <EnrolmentForm
            key={editing.kind === 'edit' ? editing.row.recipientIncentiveId : 'add'}
            accountUuid={accountUuid}
            programUuid={programUuid}
            editing={editing.kind === 'edit' ? editing.row : null}
            today={today}
            listed={rows}
            onSaved={(message) => {
              setEditing(null);
              setOutcome(message);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
    </Stack>
  );
}

function EnrolmentForm({
  accountUuid,
  programUuid,
  editing,
  today,
  listed,
  onSaved,
  onCancel,
}: {
  accountUuid: string;
  programUuid: string;
  editing: RecipientIncentive | null;
  today: string;
  listed: readonly RecipientIncentive[];
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const change = useEnrolmentChange(accountUuid);
  const choices = useProgramIncentiveChoices(programUuid);
  // A new enrolment chooses among incentives that have not ended; an edit keeps its own.
  const options = useMemo(
    () =>
      (choices.data ?? [])
        .filter((i) => editing !== null || i.endDate === null || i.endDate >= today)
        .map((i) => ({ value: i.incentiveUuid, label: i.name })),
    [choices.data, editing, today],
  );
  const form = useForm<EnrolmentFormValues>({
    mode: 'controlled',
    initialValues: editing ? enrolmentFormOf(editing) : EMPTY_ENROLMENT_FORM,
    validate: (values) => {
      const chosen = choices.data?.find((i) => i.incentiveUuid === values.incentiveUuid);
      return validateEnrolment(values, {
        today,
        incentive: chosen ? { startDate: chosen.startDate, endDate: chosen.endDate } : null,
        editing: editing
          ? { id: editing.recipientIncentiveId, startDate: editing.startDate, endDate: editing.endDate }
          : null,
        listed,
      });
    },
  });
  const chosen = choices.data?.find((i) => i.incentiveUuid === form.values.incentiveUuid);
  const mins = enrolmentDateMins(today, chosen ? { startDate: chosen.startDate, endDate: chosen.endDate } : null);
  const startLocked = editing !== null && editing.editMode === ENROLMENT_EDIT_MODE.END_ONLY;

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const answer = await change.mutateAsync(
        editing
          ? { kind: 'update', id: editing.recipientIncentiveId, body: enrolmentUpdateBody(values) }
          : { kind: 'add', body: enrolmentAddBody(accountUuid, values) },
      );
      onSaved(
        answer.message ||
          (editing ? INCENTIVE_MESSAGES.RECIPIENT_INCENTIVE_UPDATED : INCENTIVE_MESSAGES.RECIPIENT_INCENTIVE_ADDED),
      );
    } catch (error) {
      form.setErrors(serverFieldErrors(error, Object.keys(EMPTY_ENROLMENT_FORM)));
    }
  }, focusFirstError(form.getInputNode));

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={editing ? 'Edit recipient incentive' : 'New recipient incentive'}
    >
      <Stack gap="md">
        <FormOutcome success={null} error={change.isError ? change.error : null} />
        {choices.isError && <MessageBanner kind="danger" messages={errorMessagesOf(choices.error)} />}
        {editing ? (
          <Text fw={500}>{editing.incentiveName}</Text>
        ) : (
          <Select
            label="Incentive"
            withAsterisk
            data={options}
            allowDeselect={false}
            placeholder={choices.isPending ? 'Loading incentives…' : 'Choose an incentive'}
            nothingFoundMessage={INCENTIVE_MESSAGES.NO_INCENTIVES_FOUND}
            {...selectProps(form.getInputProps('incentiveUuid'))}
          />
        )}
        <DateField
          label="Start Date"
          withAsterisk={!startLocked}
          readOnly={startLocked}
          description={startLocked ? 'The enrolment has started: only its end date can change.' : undefined}
          min={mins.startDate}
          {...form.getInputProps('startDate')}
        />
        <DateField label="End Date" min={mins.endDate} {...form.getInputProps('endDate')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            {editing ? 'Update' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
