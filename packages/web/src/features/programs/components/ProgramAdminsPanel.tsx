import { MESSAGES } from '@ebt/core/messages';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { Button, Stack, Title, type TitleOrder } from '@mantine/core';
import { useId, useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { UserFinder } from '../../../components/UserFinder';
import { errorMessagesOf } from '../../../lib/errors';
import { useOutcomeFocus } from '../../../lib/outcome-focus';
import { personName } from '../../../lib/person';
import { useSessionUser } from '../../../lib/session-user';
import {
  useAddProgramAdmin,
  useProgramAdmins,
  useRemoveProgramAdmin,
  type ProgramAdminRow,
} from '../program-admins-api';

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
 * from programAdminApi.list; with PROGRAM_USER_DELETE a Remove button per admin, with PROGRAM_USER_ADD the 'Add
 * Program Admin' search (programAdminApi.searchUsers) whose rows add a user. Each change asks first ('Add this user
 * as an admin for this program?', 'Remove this user as an admin for this program?'), shows the server's outcome
 * ('User added to Program.', 'This user is already assigned to the Program.', 'User removed from Program.') and
 * reloads the list once saved. The server scopes every call to the caller's programs.
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
        <UserFinder
          title={addTitle}
          headingOrder={Math.min(headingOrder + 1, 6) as TitleOrder}
          targetName={programName}
          roleIds={roleIds}
          addLabel={(row) => `Add ${row.username} as a program admin`}
          onAdd={askAdd}
          addingUserUuid={add.isPending ? add.variables : null}
        />
      )}
    </Stack>
  );
}
