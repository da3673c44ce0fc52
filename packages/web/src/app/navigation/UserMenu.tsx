import type { CurrentUser } from '@ebt/core/auth';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { fullNameOf, initialsOf } from './nav-items';

/** The header's avatar with the user's initials (A§2) and a menu: Account, Sign out. */
export function UserMenu({ user, accountTo }: { user: CurrentUser; accountTo: string }) {
  const name = fullNameOf(user) || user.username;
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`User menu for ${name}`} style={{ borderRadius: '50%' }}>
          {/* Up to three initials (first, middle, last): a smaller type keeps three inside the circle. */}
          <Avatar
            color="brand"
            variant="filled"
            radius="xl"
            size={40}
            aria-hidden
            styles={{ placeholder: { fontSize: 14 } }}
          >
            {initialsOf(user)}
          </Avatar>
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
          Account
        </Menu.Item>
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} aria-hidden />}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
