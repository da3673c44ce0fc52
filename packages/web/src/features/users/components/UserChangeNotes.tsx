import { Stack } from '@mantine/core';
import { MessageBanner } from '../../../components/MessageBanner';
import type { UserDetail } from '../schemas';

/**
 * What a user's detail tells staff before they try a change: that the user holds places outside the caller's scope
 * (the server refuses every change then, decision 0096), and that a new e-mail address waits for the user to confirm
 * it (docs/security.md: links and codes keep going to the confirmed address until then).
 */
export function UserChangeNotes({ user }: { user: Pick<UserDetail, 'changeable' | 'pendingEmail' | 'email'> }) {
  if (user.changeable && !user.pendingEmail) return null;
  return (
    <Stack gap="xs">
      {!user.changeable && (
        <MessageBanner
          kind="info"
          title="You can view this user but not change them"
          messages="This user also holds programs or agencies outside yours. Only an administrator who holds all of them can edit, disable, delete, reset the one-time code of or send activation to this user."
        />
      )}
      {user.pendingEmail && (
        <MessageBanner
          kind="info"
          title="New e-mail address waiting for confirmation"
          messages={`${user.pendingEmail} takes effect when the user opens the link sent to it. Until then e-mails, links and codes go to ${user.email}.`}
        />
      )}
    </Stack>
  );
}
