import type { CurrentUser } from '@ebt/core/auth';
import { Avatar } from '@mantine/core';
import { initialsOf } from './nav-items';

/** The user's initials in the header's circle (A§2): up to three (first, middle, last), in a smaller type. */
export function UserAvatar({ user }: { user: CurrentUser }) {
  return (
    <Avatar color="brand" variant="filled" radius="xl" size={40} aria-hidden styles={{ placeholder: { fontSize: 14 } }}>
      {initialsOf(user)}
    </Avatar>
  );
}
