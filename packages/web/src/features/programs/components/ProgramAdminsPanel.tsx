import { MESSAGES } from '@ebt/core/messages';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Button, Stack, TextInput, Title, type TitleOrder } from '@mantine/core';
import { useId, useState } from 'react';
import { confirmAction } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { SearchForm } from '../../../components/SearchForm';
import { errorMessagesOf } from '../../../lib/errors';
import { useOutcomeFocus } from '../../../lib/outcome-focus';
import { personName } from '../../../lib/person';
import { useSessionUser } from '../../../lib/session-user';
import {
  useAddProgramAdmin,
  useProgramAdmins,
  useProgramUserSearch,
  useRemoveProgramAdmin,
  type ProgramAdminRow,
} from '../program-admins-api';
import {
  EMPTY_PROGRAM_ADMIN_SEARCH,
  hasProgramAdminCriterion,
  PROGRAM_ADMIN_SEARCH_MAX,
  programAdminSearchQuery,
  validateProgramAdminSearch,
  type ProgramAdminSearchValues,
} from '../program-admin-search';

export interface ProgramAdminsPanelProps {
  programUuid: string;
  /** The roles the 'Add Program Admin' search looks for (resolution 2: [1] on the program view, [1, 2] for admins). */
  roleIds: readonly number[];
  /** The program's name, so each panel on a page of several programs is named apart. */
  programName: string;
  /** The panel heading's level under the page's (default 3, below a program's h2). */
  headingOrder?: TitleOrder;
  /** The remove button's text (B§2's admin program edit says 'Remove From Program'). */
  removeLabel?: string;
  /** The add search's heading (B§2's admin program edit says 'Add Admin'). */
  addTitle?: string;
}

type Outcome = { kind: 'success' | 'danger'; messages: string[] } | null;

const fullName = (row: ProgramAdminRow) => personName(row);

/**
 * A program's admins (A§2 "Program view", A§4 Program admin, A§6, A§7), reused by the admin program edit: the list
 * from GET /admin-api/programs/{programUuid}/users; with PROGRAM_USER_DELETE a Remove button per admin, with
 * PROGRAM_USER_ADD the 'Add Program Admin' search (GET /user-api/program-users) whose rows add a user. Each change
 * asks first ('Add this user as an admin for this program?', 'Remove this user as an admin for this program?'), shows
 * the server's outcome ('User added to Program.', 'This user is already assigned to the Program.', 'User removed
 * from Program.') and reloads the list once saved. The server scopes every call to the caller's programs.
 */
export function ProgramAdminsPanel({
  programUuid,
  roleIds,
  programName,
  headingOrder = 3,
  removeLabel = 'Remove',
  addTitle = 'Add Program Admin',
}: ProgramAdminsPanelProps) {
  const { privileges } = useSessionUser();
  const canAdd = hasAnyPrivilege(privileges, PRIVILEGE.PROGRAM_USER_ADD);
  const canRemove = hasAnyPrivilege(privileges, PRIVILEGE.PROGRAM_USER_DELETE);
  // The server answers a program's admins to platform admins and to program admins of that program (agency staff are
  // scoped to agencies, and A§6 gives PROGRAM_USER_VIEW no visible effect): for anyone else the panel is left out
  // rather than shown as a refusal.
  const canView = hasAnyPrivilege(privileges, PRIVILEGE.NDGADMIN_ACCESS, PRIVILEGE.PROGRAMADMIN_ACCESS);
  const headingId = useId();

  const admins = useProgramAdmins(programUuid, canView);
  const add = useAddProgramAdmin(programUuid);
  const remove = useRemoveProgramAdmin(programUuid);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useOutcomeFocus(outcome);

  // The server's own texts are shown: its 409s say 'This user is already assigned to the Program.' (A§3) or why a
  // disabled or deleted user cannot be added.
  const run = (change: typeof add | typeof remove, userUuid: string) => {
    setOutcome(null);
    change.mutate(userUuid, {
      onSuccess: (message) => setOutcome({ kind: 'success', messages: [message] }),
      onError: (error) => setOutcome({ kind: 'danger', messages: errorMessagesOf(error) }),
    });
  };

  const askAdd = (row: ProgramAdminRow) =>
    confirmAction({
      message: MESSAGES.CONFIRM_ADD_PROGRAM_ADMIN,
      confirmLabel: 'Add',
      onConfirm: () => run(add, row.userUuid),
    });

  const askRemove = (row: ProgramAdminRow) =>
    confirmAction({
      message: MESSAGES.CONFIRM_REMOVE_PROGRAM_ADMIN,
      confirmLabel: 'Remove',
      danger: true,
      onConfirm: () => run(remove, row.userUuid),
    });

  const columns: DataTableColumn<ProgramAdminRow>[] = [
    { key: 'username', header: 'Username' },
    { key: 'name', header: 'Name', render: fullName },
    { key: 'email', header: 'Email' },
    ...(canRemove
      ? [
          {
            key: 'remove',
            header: 'Action',
            render: (row: ProgramAdminRow) => (
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                onClick={() => askRemove(row)}
                loading={remove.isPending && remove.variables === row.userUuid}
                aria-label={`${removeLabel} ${row.username}`}
              >
                {removeLabel}
              </Button>
            ),
          },
        ]
      : []),
  ];

  if (!canView) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} id={headingId}>
        Program Admins
      </Title>
      {outcome && <MessageBanner ref={outcomeRef} kind={outcome.kind} messages={outcome.messages} />}
      <MessageBanner kind="danger" messages={admins.isError ? errorMessagesOf(admins.error) : []} />
      {admins.isPending && <LoadingStatus label="Loading program admins" py="md" />}
      {admins.isSuccess && (
        <DataTable
          columns={columns}
          rows={admins.data}
          rowKey={(row) => row.userUuid}
          caption={`Program admins of ${programName}`}
          emptyMessage="No program admins found."
        />
      )}
      {canAdd && (
        <AddProgramAdminSearch
          roleIds={roleIds}
          programName={programName}
          headingOrder={Math.min(headingOrder + 1, 6) as TitleOrder}
          adding={add.isPending ? add.variables : null}
          onAdd={askAdd}
          title={addTitle}
        />
      )}
    </Stack>
  );
}

/** The 'Add Program Admin' search (A§5, B§5): username, e-mail, last name; each result row has an Add button. */
function AddProgramAdminSearch({
  roleIds,
  programName,
  headingOrder,
  adding,
  onAdd,
  title,
}: {
  title: string;
  roleIds: readonly number[];
  programName: string;
  headingOrder: TitleOrder;
  adding: string | null | undefined;
  onAdd: (row: ProgramAdminRow) => void;
}) {
  const headingId = useId();
  const [values, setValues] = useState<ProgramAdminSearchValues>(EMPTY_PROGRAM_ADMIN_SEARCH);
  const [query, setQuery] = useState<Record<string, string> | null>(null);
  const errors = validateProgramAdminSearch(values);
  const found = useProgramUserSearch(query);

  const field = (name: keyof ProgramAdminSearchValues, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      value={values[name]}
      maxLength={PROGRAM_ADMIN_SEARCH_MAX[name]}
      error={errors[name]}
      autoComplete="off"
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      }}
    />
  );

  const columns: DataTableColumn<ProgramAdminRow>[] = [
    { key: 'username', header: 'Username' },
    { key: 'name', header: 'Name', render: fullName },
    { key: 'email', header: 'Email' },
    {
      key: 'add',
      header: 'Action',
      render: (row) => (
        <Button
          size="xs"
          onClick={() => onAdd(row)}
          loading={adding === row.userUuid}
          aria-label={`Add ${row.username} as a program admin`}
        >
          Add
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} id={headingId}>
        {title}
      </Title>
      <SearchForm
        label={`${title} search for ${programName}`}
        canSearch={hasProgramAdminCriterion(values) && Object.keys(errors).length === 0}
        requirementMessage={MESSAGES.USER_SEARCH_CRITERIA_REQUIRED}
        loading={found.isFetching}
        onSubmit={() => setQuery(programAdminSearchQuery(values, roleIds))}
        onClear={() => {
          setValues(EMPTY_PROGRAM_ADMIN_SEARCH);
          setQuery(null);
        }}
      >
        {field('username', 'Username')}
        {field('email', 'Email', 'email')}
        {field('lastname', 'Last Name')}
      </SearchForm>
      <MessageBanner kind="danger" messages={found.isError ? errorMessagesOf(found.error) : []} />
      {query && found.isSuccess && (
        <DataTable
          columns={columns}
          rows={found.data}
          rowKey={(row) => row.userUuid}
          caption={`Users found for ${programName}`}
          emptyMessage="No users found."
        />
      )}
    </Stack>
  );
}
