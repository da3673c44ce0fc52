import { AGENCY_MESSAGES, type AgencyDetail, type AgencyUser } from '@ebt/core/agencies';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import type { ProgramUser } from '@ebt/core/program-admins';
import { Button, Group, Select, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { DetailSection } from '../../../components/DetailSection';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { UserFinder } from '../../../components/UserFinder';
import { errorMessagesOf } from '../../../lib/errors';
import { useProgramAgencies } from '../../../lib/lookups';
import { useOutcomeFocus } from '../../../lib/outcome-focus';
import { personName } from '../../../lib/person';
import { useSessionUser } from '../../../lib/session-user';
import { type AgencyUserChange, useAgencyUserChange, useAgencyUsers } from '../api';

/** Resolution 2: the agency's 'Add Admin/User' looks for agency admins and agency users. */
const AGENCY_USER_ROLE_IDS = [ROLE.AGENCY_ADMIN, ROLE.AGENCY_USER] as const;

type Outcome = { kind: 'success' | 'danger'; messages: string[] } | null;

/**
 * The agency's admins and users (B§2 "Update Agency", B§4 "Agency users", B§7): username, e-mail, name and role; with
 * AGENCY_UPDATE a Remove and a Move button per user and the 'Add Admin/User' search (roles 5 and 6). Each change asks
 * first ('Add to Agency?', 'Remove from Agency?', the move with its agency), shows the server's outcome ('User
 * removed.', 'User moved.', 'This user is already assigned to the Agency.') and reloads the list once saved.
 * `onAction`: called when a change starts, so the page can clear its other outcome.
 */
export function AgencyUsersPanel({ agency, onAction }: { agency: AgencyDetail; onAction?: () => void }) {
  const { privileges } = useSessionUser();
  const canManage = hasAnyPrivilege(privileges, PRIVILEGE.AGENCY_UPDATE);
  const users = useAgencyUsers(agency.agencyUuid);
  const change = useAgencyUserChange(agency.agencyUuid);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useOutcomeFocus(outcome);
  const [moving, setMoving] = useState<AgencyUser | null>(null);

  const run = (next: AgencyUserChange, after?: () => void) => {
    setOutcome(null);
    // The screen's other outcome (the agency's 'Agency updated.') gives way to this one.
    onAction?.();
    change.mutate(next, {
      onSuccess: (message) => {
        after?.();
        setOutcome({ kind: 'success', messages: [message] });
      },
      onError: (error) => {
        after?.();
        setOutcome({ kind: 'danger', messages: errorMessagesOf(error) });
      },
    });
  };

  const askRemove = (row: AgencyUser) =>
    confirmAction({
      message: AGENCY_MESSAGES.CONFIRM_REMOVE,
      confirmLabel: 'Remove',
      danger: true,
      onConfirm: () => run({ kind: 'remove', userUuid: row.userUuid }),
    });
  const askAdd = (row: ProgramUser) =>
    confirmAction({
      message: AGENCY_MESSAGES.CONFIRM_ADD,
      confirmLabel: 'Add',
      onConfirm: () => run({ kind: 'add', userUuid: row.userUuid }),
    });

  const busy = (row: { userUuid: string }) => change.isPending && change.variables?.userUuid === row.userUuid;
  const columns: DataTableColumn<AgencyUser>[] = [
    { key: 'username', header: 'Username' },
    { key: 'email', header: 'Email' },
    { key: 'name', header: 'Name', render: (row) => personName(row) },
    { key: 'roleDescr', header: 'Role' },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: 'Actions',
            render: (row: AgencyUser) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  onClick={() => askRemove(row)}
                  loading={busy(row) && change.variables?.kind === 'remove'}
                  aria-label={`Remove ${row.username}`}
                >
                  Remove
                </Button>
                <Button size="xs" variant="outline" onClick={() => setMoving(row)} aria-label={`Move ${row.username}`}>
                  Move
                </Button>
              </Group>
            ),
          },
        ]
      : []),
  ];

  return (
    <DetailSection title="Agency Admins and Users">
      <Stack gap="md">
        {outcome && <MessageBanner ref={outcomeRef} kind={outcome.kind} messages={outcome.messages} />}
        <MessageBanner kind="danger" messages={users.isError ? errorMessagesOf(users.error) : []} />
        {users.isPending && <LoadingStatus label="Loading the agency's users" py="md" />}
        {users.isSuccess && (
          <DataTable
            caption={`Admins and users of ${agency.agencyName}`}
            columns={columns}
            rows={users.data}
            rowKey={(row) => row.userUuid}
            emptyMessage={MESSAGES.NO_USERS_FOUND}
          />
        )}
        {canManage && (
          // B§2 'Add Admin/User': resolution 2's roles 5 and 6.
          <UserFinder
            title="Add Admin/User"
            targetName={agency.agencyName}
            roleIds={AGENCY_USER_ROLE_IDS}
            showRole
            addLabel={(row) => `Add ${row.username} to the agency`}
            onAdd={askAdd}
            addingUserUuid={change.isPending && change.variables?.kind === 'add' ? change.variables.userUuid : null}
          />
        )}
      </Stack>
      {moving && (
        <MoveDialog
          agency={agency}
          user={moving}
          loading={change.isPending}
          onClose={() => setMoving(null)}
          onMove={(toAgencyUuid) =>
            run({ kind: 'move', userUuid: moving.userUuid, toAgencyUuid }, () => setMoving(null))
          }
        />
      )}
    </DetailSection>
  );
}

/**
 * The move's confirmation (B§4, B§5): the agencies of the same program the caller may use, the user's current one
 * left out; confirming without a choice says 'An agency must be selected.'.
 */
function MoveDialog({
  agency,
  user,
  loading,
  onClose,
  onMove,
}: {
  agency: AgencyDetail;
  user: AgencyUser;
  loading: boolean;
  onClose: () => void;
  onMove: (toAgencyUuid: string) => void;
}) {
  const agencies = useProgramAgencies(agency.programUuid);
  const options = useMemo(
    () =>
      (agencies.data ?? [])
        .filter((a) => a.agencyUuid !== agency.agencyUuid)
        .map((a) => ({ value: a.agencyUuid, label: a.agencyName })),
    [agencies.data, agency.agencyUuid],
  );
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title="Move user"
      message={`${AGENCY_MESSAGES.CONFIRM_MOVE} (${user.username})`}
      confirmLabel="Move"
      loading={loading}
      onConfirm={() => {
        if (!target) setError(AGENCY_MESSAGES.AGENCY_SELECTION_REQUIRED);
        else onMove(target);
      }}
    >
      <Select
        label="New agency"
        placeholder={agencies.isPending ? 'Loading agencies…' : 'Choose an agency'}
        data={options}
        value={target}
        error={error}
        onChange={(value) => {
          setTarget(value);
          setError(null);
        }}
        comboboxProps={{ withinPortal: false }}
      />
      <MessageBanner kind="danger" messages={agencies.isError ? errorMessagesOf(agencies.error) : []} />
    </ConfirmDialog>
  );
}
