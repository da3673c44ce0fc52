import { MESSAGES } from '@ebt/core/messages';
import { Button, Group } from '@mantine/core';
import { IconKey, IconMailForward, IconTrash, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useDeleteUser, useDisableUser, useResetOtp, useSendActivation } from '../api';
import type { UserActions as Offered } from '../user-actions';

export interface ActionOutcome {
  kind: 'success' | 'danger';
  line: string;
}

type Pending = 'disable' | 'delete' | null;

/**
 * The actions of B§4 "User status" on a user's detail: 'Disable' and 'Delete' after a confirmation, 'Force
 * Re-Activation' or 'Resend Activation Email', and 'Reset OTP Token' (OTP_RESET). Each reports its outcome with the
 * spec's text; a delete also tells the page, which returns to the list after 2.5 seconds (B§9).
 */
export function UserActions({
  userUuid,
  offered,
  recipient = false,
  onDone,
  onDeleted,
}: {
  userUuid: string;
  offered: Offered;
  /** A recipient user: the activation goes through recoveryApi.sendRecipientActivation. */
  recipient?: boolean;
  onDone: (outcome: ActionOutcome) => void;
  onDeleted: () => void;
}) {
  const disable = useDisableUser(userUuid);
  const remove = useDeleteUser(userUuid);
  const activation = useSendActivation(userUuid, { recipient });
  const otp = useResetOtp(userUuid);
  const [pending, setPending] = useState<Pending>(null);
  const change = pending === 'delete' ? remove : disable;

  const open = (which: Pending) => {
    disable.reset();
    remove.reset();
    setPending(which);
  };

  const confirm = async () => {
    try {
      if (pending === 'delete') await remove.mutateAsync();
      else await disable.mutateAsync();
    } catch {
      return; // the dialog shows why and stays open
    }
    const deleted = pending === 'delete';
    setPending(null);
    onDone({ kind: 'success', line: deleted ? MESSAGES.USER_DELETED : MESSAGES.USER_STATUS_UPDATED });
    if (deleted) onDeleted();
  };

  const sendActivation = async (force: boolean) => {
    try {
      await activation.mutateAsync(force);
      onDone({ kind: 'success', line: MESSAGES.ACTIVATION_EMAIL_SENT });
    } catch (error) {
      onDone({ kind: 'danger', line: [MESSAGES.ACTIVATION_EMAIL_FAILED, ...errorMessagesOf(error)].join(' ') });
    }
  };

  const resetOtp = async () => {
    try {
      await otp.mutateAsync();
      onDone({ kind: 'success', line: MESSAGES.OTP_REQUEST_SENT });
    } catch (error) {
      onDone({ kind: 'danger', line: [MESSAGES.OTP_REQUEST_FAILED, ...errorMessagesOf(error)].join(' ') });
    }
  };

  const nothing = !offered.disable && !offered.delete && !offered.activation && !offered.resetOtp;
  if (nothing) return null;

  return (
    <>
      <Group gap="sm">
        {offered.activation && (
          <Button
            variant="default"
            leftSection={<IconMailForward aria-hidden size={18} />}
            loading={activation.isPending}
            onClick={() => void sendActivation(offered.activation === 'force')}
          >
            {offered.activation === 'force' ? 'Force Re-Activation' : 'Resend Activation Email'}
          </Button>
        )}
        {offered.resetOtp && (
          <Button
            variant="default"
            leftSection={<IconKey aria-hidden size={18} />}
            loading={otp.isPending}
            onClick={() => void resetOtp()}
          >
            Reset OTP Token
          </Button>
        )}
        {offered.disable && (
          <Button
            variant="outline"
            color="red.9"
            leftSection={<IconUserOff aria-hidden size={18} />}
            onClick={() => open('disable')}
          >
            Disable
          </Button>
        )}
        {offered.delete && (
          <Button color="red.9" leftSection={<IconTrash aria-hidden size={18} />} onClick={() => open('delete')}>
            Delete
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={() => void confirm()}
        title={pending === 'delete' ? 'Delete user' : 'Disable user'}
        message={pending === 'delete' ? MESSAGES.CONFIRM_DELETE_USER : MESSAGES.CONFIRM_DISABLE_USER}
        confirmLabel={pending === 'delete' ? 'Delete' : 'Disable'}
        danger
        loading={change.isPending}
      >
        <MessageBanner kind="danger" messages={change.isError ? errorMessagesOf(change.error) : []} />
      </ConfirmDialog>
    </>
  );
}
