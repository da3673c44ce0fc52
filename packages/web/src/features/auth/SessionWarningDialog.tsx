import { Button, Group, Modal, Stack, Text } from '@mantine/core';
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
  return (
    <Modal
      opened={opened}
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
