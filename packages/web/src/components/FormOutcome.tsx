import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessagesOf } from '../lib/errors';
import { useOutcomeFocus } from '../lib/outcome-focus';
import { MessageBanner } from './MessageBanner';

/**
 * A form's outcome above its fields (A§8): the success text ('Recipient updated.', 'Password updated.'), which takes
 * focus when it appears (the pressed button is disabled again after a save), and the server's reasons of a refusal.
 * `error` is the mutation's error while it failed, else null.
 */
export function FormOutcome({ success, error }: { success: string | null; error: unknown }) {
  const successRef = useOutcomeFocus(success);
  return (
    <>
      <MessageBanner ref={successRef} kind="success" messages={success ?? []} />
      <MessageBanner kind="danger" messages={error ? errorMessagesOf(error) : []} />
    </>
  );
}

/**
 * A form's submit button, at the end of the row. `disabled` until a change where the specification says so (A§5
 * user info, recipient detail: Update is enabled only after a change); `loading` while the call runs.
 */
export function SubmitButton({
  children,
  disabled = false,
  loading = false,
}: {
  children: ReactNode;
  disabled?: boolean;
  loading?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button type="submit" disabled={disabled} loading={loading}>
        {children}
      </Button>
    </Group>
  );
}
