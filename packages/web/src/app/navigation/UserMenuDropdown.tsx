import type { CurrentUser } from '@ebt/core/auth';
import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { fullNameOf } from './nav-items';
import { UserAvatar } from './UserAvatar';
import { useI18n } from '../../lib/i18n';

export interface UserMenuDropdownProps {
  user: CurrentUser;
  accountTo: string;
  /** Open at once: the user pressed the button before this code had loaded. */
  defaultOpened: boolean;
  /** Take the focus at once: the button it replaces had it. */
  focusOnMount: boolean;
}

/** The header's user menu (A§2): Account, Sign out. Loaded by UserMenu when first wanted. */
export default function UserMenuDropdown({ user, accountTo, defaultOpened, focusOnMount }: UserMenuDropdownProps) {
  const { t } = useI18n();
  const name = fullNameOf(user) || user.username;
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount && !defaultOpened) target.current?.focus();
  }, [focusOnMount, defaultOpened]);

  return (
    <Menu position="bottom-end" width={220} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <UnstyledButton ref={target} aria-label={t('nav.userMenu', { name })} style={{ borderRadius: '50%' }}>
          <UserAvatar user={user} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {user.username}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to={accountTo} leftSection={<IconUserCircle size={16} aria-hidden />}>
          {t('nav.account')}
        </Menu.Item>
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} aria-hidden />}>
          {t('nav.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
