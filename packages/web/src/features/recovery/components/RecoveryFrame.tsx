import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';

/**
 * The frame of every public recovery page (activation, reset, forgot password, forgot username): a centred card with
 * the page's one h1, as the sign-in page has, and a way back to sign in.
 */
export function RecoveryFrame({
  title,
  intro,
  children,
  withSignInLink = true,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  withSignInLink?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Stack align="center" py={{ base: 'md', sm: 'xl' }}>
      <title>{`${title} · MarketLink`}</title>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={600}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            {intro && <Text c="dimmed">{intro}</Text>}
          </Stack>
          {children}
          {withSignInLink && (
            <Group justify="center">
              <Anchor component={Link} to="/login" fz="sm">
                {t('recovery.backToSignIn')}
              </Anchor>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
