import { MESSAGES } from '@ebt/core/messages';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { endSession } from './api';
import { clearUserData } from '../../lib/device-data';
import { useI18n } from '../../lib/i18n';

/** Why the user arrived here when they did not press Sign out (router state set by the session rules). */
export type LogoutReason = 'inactive' | 'expired';

/** `/logout` (A§2): ends the session on the server and in the tab, then offers to sign in again. */
export default function LogoutPage() {
  const queryClient = useQueryClient();
  const location = useLocation();
  const reason = (location.state as { reason?: LogoutReason } | null)?.reason;
  const { t, m } = useI18n();
  const [done, setDone] = useState(false);
  // Strict mode runs effects twice in development; the session ends once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // What the device kept about the user (the recipient's last balances, decision 0051) leaves with the session.
    clearUserData();
    void endSession(queryClient).finally(() => setDone(true));
  }, [queryClient]);

  if (!done) return <FullPageLoader label={t('logout.signingOut')} />;

  return (
    <Stack align="center" py="xl">
      <title>{`${t('logout.title')} · MarketLink`}</title>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="md">
          <Title order={1}>{t('logout.title')}</Title>
          {reason && (
            <Alert color="yellow" variant="light">
              {m(MESSAGES.SESSION_EXPIRED)}
            </Alert>
          )}
          <Text>{t('logout.text')}</Text>
          <Button component={Link} to="/login" variant="filled">
            {t('logout.signInAgain')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
