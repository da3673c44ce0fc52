import { MERCHANT_STATUS, merchantStatusToggle } from '@ebt/core/enums';
import { MERCHANT_MESSAGES, type MerchantDetail } from '@ebt/core/merchants';
import { MESSAGES } from '@ebt/core/messages';
import { Button } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useMerchantStatus } from '../api';

/**
 * Activate or Inactivate (B§4 "Merchant status"): status 1 offers 'Activate' (sets 0), any other 'Inactivate'
 * (sets 1), each after a confirmation; merchantApi.setStatus. `onDone` reports 'Merchant Status updated.'.
 */
export function MerchantStatusAction({
  merchant,
  onDone,
}: {
  merchant: MerchantDetail;
  onDone: (line: string) => void;
}) {
  const change = useMerchantStatus();
  const [opened, setOpened] = useState(false);
  const inactive = merchant.merchantStatusId === MERCHANT_STATUS.INACTIVE;
  const label = inactive ? 'Activate' : 'Inactivate';

  const open = () => {
    change.reset();
    setOpened(true);
  };

  const confirm = async () => {
    try {
      await change.mutateAsync({
        merchantUuid: merchant.merchantUuid,
        merchantStatusId: merchantStatusToggle(merchant.merchantStatusId),
      });
    } catch {
      return; // the dialog shows why and stays open
    }
    setOpened(false);
    onDone(MERCHANT_MESSAGES.MERCHANT_STATUS_UPDATED);
  };

  return (
    <>
      <Button
        variant={inactive ? 'filled' : 'outline'}
        color={inactive ? undefined : 'red.9'}
        leftSection={inactive ? <IconPlayerPlay aria-hidden size={18} /> : <IconPlayerStop aria-hidden size={18} />}
        onClick={open}
      >
        {label}
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onConfirm={() => void confirm()}
        title={`${label} merchant`}
        message={inactive ? MESSAGES.CONFIRM_ACTIVATE_MERCHANT : MESSAGES.CONFIRM_INACTIVATE_MERCHANT}
        confirmLabel={label}
        danger={!inactive}
        loading={change.isPending}
      >
        <MessageBanner kind="danger" messages={change.isError ? errorMessagesOf(change.error) : []} />
      </ConfirmDialog>
    </>
  );
}
