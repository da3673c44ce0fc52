import type { CurrentUser } from '@ebt/core/auth';
import { Avatar } from '@mantine/core';
import { initialsOf } from './nav-items';

/** The user's initials in the header's circle (A§2): up to three (first, middle, last), in a smaller type. */
export function UserAvatar({ user }: { user: CurrentUser }) {
  const initials = initialsOf(user);
  // Three wide capitals ('MWM') at 14 px run past the circle's edge; 11 px with tighter spacing keeps them inside.
  const fontSize = initials.length > 2 ? 11 : 14;
  return (
    <Avatar
      color="brand"
      variant="filled"
      radius="xl"
      size={40}
      aria-hidden
      styles={{ placeholder: { fontSize, letterSpacing: initials.length > 2 ? '-0.02em' : undefined } }}
    >
      {initials}
    </Avatar>
  );
}
