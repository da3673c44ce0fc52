import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useUnreadStaffNotifications } from './api';

/**
 * The header's bell for staff (decision 0043): a link to the notifications page whose name says how many are unread
 * ('Notifications, 3 unread'); the dot shows the count (99+ past 99). Asked when the window regains focus, never on a
 * timer (see useUnreadStaffNotifications).
 */
export function NotificationBell({ to }: { to: string }) {
  const unread = useUnreadStaffNotifications(true).data ?? 0;
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      color="red.9"
      disabled={unread === 0}
      offset={4}
      aria-hidden={false}
    >
      <ActionIcon component={Link} to={to} variant="subtle" color="gray.8" size="lg" aria-label={label}>
        <IconBell aria-hidden size={22} />
      </ActionIcon>
    </Indicator>
  );
}
