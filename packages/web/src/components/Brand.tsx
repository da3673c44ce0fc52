import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';
import classes from './Brand.module.css';

/** The MarketLink mark and name, linking to `to` (the portal's home, or the sign-in page). */
export function Brand({ to }: { to: string }) {
  const { t } = useI18n();
  return (
    <UnstyledButton component={Link} to={to} className={classes.brand} aria-label={t('kit.brandHome')}>
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="7" fill="var(--mantine-primary-color-filled)" />
          <path
            d="M8 22V10l8 7 8-7v12"
            fill="none"
            stroke="#fff"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <Text component="span" fw={700} fz="lg" c="var(--mantine-color-text)">
          MarketLink
        </Text>
      </Group>
    </UnstyledButton>
  );
}
