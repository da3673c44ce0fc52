import { ACCOUNT_STATUS } from '@ebt/core/enums';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import type { RecipientAccount } from '@ebt/core/recipients';
import { Button, Checkbox } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useSendActivation, useUpdateRecipient } from '../api';
import type { StaffBase } from '../../../lib/staff-base';
import type { Outcome } from './outcome';

/**
 * Activate or Inactivate (A§4): an Active account offers Inactivate after 'Inactivate recipient {id}?'; any other
 * status offers Activate after 'Activate recipient {id}?', with the 'send activation email' box (ticked by default)
 * that then requests the activation e-mail for the linked portal user (A§7, the endpoint of the area).
 */
export function StatusAction({
  account,
  base,
  onDone,
}: {
  account: RecipientAccount;
  base: StaffBase;
  onDone: (outcome: Outcome) => void;
}) {
  const update = useUpdateRecipient();
  const sendActivation = useSendActivation(base);
  const [opened, setOpened] = useState(false);
  const [sendEmail, setSendEmail] = useState(true);
  const active = account.accountStatusId === ACCOUNT_STATUS.ACTIVE;
  const id = account.recipientIdentifier;
  const canSendEmail = !active && account.userUuid !== null;

  const open = () => {
    update.reset();
    setSendEmail(true);
    setOpened(true);
  };

  const confirm = async () => {
    try {
      await update.mutateAsync({
        accountUuid: account.accountUuid,
        accountStatusId: active ? ACCOUNT_STATUS.INACTIVE : ACCOUNT_STATUS.ACTIVE,
      });
    } catch {
      return; // the dialog shows why and stays open
    }
    setOpened(false);
    if (!canSendEmail || !sendEmail) {
      onDone({ kind: 'success', lines: [MESSAGES.RECIPIENT_UPDATED] });
      return;
    }
    try {
      await sendActivation.mutateAsync(account.userUuid!);
      onDone({ kind: 'success', lines: [MESSAGES.RECIPIENT_UPDATED, MESSAGES.ACTIVATION_EMAIL_SENT] });
    } catch (error) {
      // The account is active either way; only the e-mail failed (e.g. the user already activated their sign-in).
      onDone({
        kind: 'warning',
        lines: [
          MESSAGES.RECIPIENT_UPDATED,
          MESSAGES.ACTIVATION_EMAIL_FAILED,
          ...errorMessagesOf(error, '').filter(Boolean),
        ],
      });
    }
  };

  return (
    <>
      <Button
        variant={active ? 'outline' : 'filled'}
        color={active ? 'red.9' : undefined}
        leftSection={active ? <IconPlayerStop aria-hidden size={18} /> : <IconPlayerPlay aria-hidden size={18} />}
        onClick={open}
      >
        {active ? 'Inactivate' : 'Activate'}
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onConfirm={() => void confirm()}
        title={active ? 'Inactivate recipient' : 'Activate recipient'}
        message={fillMessage(active ? MESSAGES.CONFIRM_INACTIVATE_RECIPIENT : MESSAGES.CONFIRM_ACTIVATE_RECIPIENT, {
          id,
        })}
        confirmLabel={active ? 'Inactivate' : 'Activate'}
        danger={active}
        loading={update.isPending || sendActivation.isPending}
      >
        {canSendEmail && (
          <Checkbox
            label="Send activation email"
            checked={sendEmail}
            onChange={(event) => setSendEmail(event.currentTarget.checked)}
          />
        )}
        <MessageBanner kind="danger" messages={update.isError ? errorMessagesOf(update.error) : []} />
      </ConfirmDialog>
    </>
  );
}
