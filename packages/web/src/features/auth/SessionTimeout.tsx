import { INACTIVITY_WARNING_MS } from '@ebt/core/constants';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { currentUserQuery } from './api';
import { useInactivityTimeout } from './use-inactivity-timeout';

const WARNING_MINUTES = INACTIVITY_WARNING_MS / 60_000;

/**
 * The signed-in portals' inactivity time-out (A§1, A§9) with its warning (WCAG 2.2.1, decision 0063): after 18 idle
 * minutes a dialog says the session ends in two minutes and offers 'Stay signed in', which renews the server's
 * session; at 20 minutes the screen goes to /logout as the specification says. Closing the dialog also stays. In the
 * page's language: Spanish on recipient pages when chosen, English on staff pages (decision 0060).
 */
export function SessionTimeout() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Any authenticated call renews the server's idle clock; the current user is cheap and worth refreshing.
  const renew = () => void queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 }).catch(() => undefined);
  const { warning, restart } = useInactivityTimeout(
    () => void navigate('/logout', { state: { reason: 'inactive' } }),
    renew,
  );
  const staySignedIn = () => {
    restart();
    renew();
  };

  return (
    <Modal
      opened={warning}
      onClose={staySignedIn}
      title={t('session.title')}
      centered
      closeButtonProps={{ 'aria-label': t('kit.closeDialog') }}
    >
      <Stack gap="lg">
        <Text>{t('session.text', { minutes: WARNING_MINUTES })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate('/logout')}>
            {t('session.signOut')}
          </Button>
          <Button onClick={staySignedIn} data-autofocus>
            {t('session.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
