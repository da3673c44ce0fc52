import { fillMessage } from '@ebt/core/messages';
import { PROGRAM_MESSAGES, type FundingSource } from '@ebt/core/programs';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { Dialog } from '../../../components/Dialog';
import {
  addFundingSource,
  fundingSourceNameError,
  fundingSourcePromptMax,
  removeFundingSource,
  renameFundingSource,
} from '../program-form';

export interface FundingSourceEditorProps {
  sources: FundingSource[];
  onChange: (sources: FundingSource[]) => void;
  /** The form's error for the sources (none left, a duplicate, the server's 409), shown under the list. */
  error?: string | null;
}

type Editing = { fundingId: number | null; name: string; error: string | null } | null;

/**
 * The program's funding sources (B§4 "Program funding sources", B§5): add, edit and remove are held here, new ones
 * with temporary negative ids, and saved only with the program. The name is asked in a dialog (2 to 20 characters,
 * or up to 30 when editing a saved name already longer than 20; not one the program already has, ignoring case:
 * 'Funding Source Name already exists.'); removing asks 'Remove funding source {name}?' and then puts the focus on
 * 'Add Funding Source' (the removed row's button is gone). A source a benefit or incentive uses is refused by the server when the program is
 * saved, with its reason.
 */
export function FundingSourceEditor({ sources, onChange, error }: FundingSourceEditorProps) {
  const headingId = useId();
  const errorId = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const promptMax = fundingSourcePromptMax(sources, editing?.fundingId);

  const save = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // the dialog's form sits inside the program's form in the React tree
    if (!editing) return;
    const problem = fundingSourceNameError(editing.name, sources, editing.fundingId ?? undefined);
    if (problem) {
      setEditing({ ...editing, error: problem });
      return;
    }
    onChange(
      editing.fundingId === null
        ? addFundingSource(sources, editing.name)
        : renameFundingSource(sources, editing.fundingId, editing.name),
    );
    setEditing(null);
  };

  const askRemove = (source: FundingSource) =>
    confirmAction({
      message: fillMessage(PROGRAM_MESSAGES.CONFIRM_REMOVE_FUNDING_SOURCE, { name: source.name }),
      confirmLabel: 'Remove',
      danger: true,
      onConfirm: () => {
        onChange(removeFundingSource(sources, source.fundingId));
        // The dialog would give the focus back to the removed row's button, which no longer exists.
        window.setTimeout(() => addButton.current?.focus(), 0);
      },
    });

  const columns: DataTableColumn<FundingSource>[] = [
    { key: 'name', header: 'Funding Source' },
    {
      key: 'actions',
      header: 'Actions',
      label: 'Actions',
      render: (source) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            aria-label={`Edit funding source ${source.name}`}
            onClick={() => setEditing({ fundingId: source.fundingId, name: source.name, error: null })}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={`Remove funding source ${source.name}`}
            onClick={() => askRemove(source)}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} aria-describedby={error ? errorId : undefined}>
      <Group justify="space-between">
        <Title order={2} fz="h4" id={headingId}>
          Funding Sources
        </Title>
        <Button
          ref={addButton}
          variant="light"
          aria-describedby={error ? errorId : undefined}
          leftSection={<IconPlus aria-hidden size={16} />}
          onClick={() => setEditing({ fundingId: null, name: '', error: null })}
        >
          Add Funding Source
        </Button>
      </Group>
      <DataTable
        caption="Funding sources of the program"
        columns={columns}
        rows={sources}
        rowKey={(source) => String(source.fundingId)}
        emptyMessage={PROGRAM_MESSAGES.FUNDING_SOURCE_REQUIRED}
      />
      {error && (
        <Text id={errorId} c="red.9" fz="sm" role="alert">
          {error}
        </Text>
      )}
      <Dialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.fundingId === null ? 'Add Funding Source' : 'Edit Funding Source'}
      >
        <form onSubmit={save} noValidate aria-label="Funding source">
          <Stack gap="md">
            <TextInput
              label="Funding Source Name"
              withAsterisk
              data-autofocus
              maxLength={promptMax}
              description={`2 to ${promptMax} characters, not a name the program already has.`}
              value={editing?.name ?? ''}
              error={editing?.error ?? undefined}
              onChange={(event) => editing && setEditing({ ...editing, name: event.currentTarget.value, error: null })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              <Button type="submit">{editing?.fundingId === null ? 'Add' : 'Save'}</Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </Stack>
  );
}
