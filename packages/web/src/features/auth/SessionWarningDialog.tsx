import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useI18n } from '../../lib/i18n';

export interface SessionWarningDialogProps {
  opened: boolean;
  /** 'Stay signed in', and closing the dialog: renews the server's session. */
  onStay: () => void;
  onSignOut: () => void;
  minutes: number;
}

/** The inactivity warning's dialog (decision 0063), loaded apart from the shell: see SessionTimeout. */
export default function SessionWarningDialog({ opened, onStay, onSignOut, minutes }: SessionWarningDialogProps) {
  const { t } = useI18n();
  // Opened one render after mounting, never on the first: Mantine's Modal remembers the element to give the focus
  // back to when `opened` changes, so a dialog whose code arrived with the warning itself (mounted already open)
  // returned the focus nowhere on close.
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(opened), [opened]);
  return (
    <Modal
      opened={shown}
      onClose={onStay}
      title={t('session.title')}
      centered
      closeButtonProps={{ 'aria-label': t('kit.closeDialog') }}
    >
      <Stack gap="lg">
        <Text>{t('session.text', { minutes })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onSignOut}>
            {t('session.signOut')}
          </Button>
          <Button onClick={onStay} data-autofocus>
            {t('session.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
