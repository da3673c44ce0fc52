import { MESSAGES } from '@ebt/core/messages';
import { Button, Checkbox, Group, Radio, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useRoles } from '../../../lib/lookups';
import { useUpdateUserRoles, useUserRoles } from '../api';
import type { ActionOutcome } from './UserActions';

/**
 * The admin user view's roles (B§2, B§4 "Roles (user)"): a role radio list and 'Update Role', saved
 * (userAdminApi.setRoles with roleIds) only once 'I understand the consequences' is ticked; 'User roles
 * updated.'. The new privileges apply from the user's next request.
 */
export function UserRolesPanel({
  userUuid,
  disabled,
  onDone,
}: {
  userUuid: string;
  disabled: boolean;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const roles = useRoles();
  const current = useUserRoles(userUuid);
  const update = useUpdateUserRoles(userUuid);
  const [chosen, setChosen] = useState<string>('');
  const [understood, setUnderstood] = useState(false);
  const [refused, setRefused] = useState(false);
  const saved = current.data?.roleIds[0];

  useEffect(() => {
    if (saved !== undefined) setChosen(String(saved));
  }, [saved]);

  if (roles.isPending || current.isPending) return <LoadingStatus label="Loading the user's role" py="md" />;
  const loadErrors = [roles, current].flatMap((q) => (q.isError ? errorMessagesOf(q.error) : []));
  if (loadErrors.length > 0) return <MessageBanner kind="danger" messages={loadErrors} />;

  const submit = async () => {
    if (!understood) {
      setRefused(true);
      return;
    }
    setRefused(false);
    try {
      await update.mutateAsync([Number(chosen)]);
    } catch {
      return; // the banner below shows why
    }
    setUnderstood(false);
    onDone({ kind: 'success', line: MESSAGES.USER_ROLES_UPDATED });
  };

  return (
    <Stack gap="md">
      <Radio.Group label="Role" value={chosen} onChange={setChosen}>
        <Stack gap="xs" mt="xs">
          {(roles.data ?? []).map((role) => (
            <Radio key={role.roleId} value={String(role.roleId)} label={role.descr} disabled={disabled} />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox
        label={MESSAGES.ROLE_CHANGE_CONFIRM_LABEL}
        checked={understood}
        disabled={disabled}
        onChange={(event) => {
          setUnderstood(event.currentTarget.checked);
          setRefused(false);
        }}
        error={refused ? MESSAGES.ROLE_CHANGE_NOT_CONFIRMED : undefined}
      />
      <MessageBanner kind="danger" messages={update.isError ? errorMessagesOf(update.error) : []} />
      <Group>
        <Button
          onClick={() => void submit()}
          loading={update.isPending}
          disabled={disabled || !chosen || chosen === String(saved)}
        >
          Update Role
        </Button>
      </Group>
    </Stack>
  );
}
