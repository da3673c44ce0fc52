import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { DANGER_COLOR } from './confirm-action';

export interface ConfirmDialogProps {
  opened: boolean;
  /** Cancel, Escape, the close button and a click outside; ignored while `loading`. */
  onClose: () => void;
  /** The screen runs the action and closes the dialog itself (on success), so a failure can stay inside it. */
  onConfirm: () => void;
  title: string;
  message: ReactNode;
  /** Extra content between the message and the buttons: a checkbox, a select, an error banner. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  /** The action is running: the confirm button spins and the dialog cannot be dismissed. */
  loading?: boolean;
  /** E.g. until 'Yes, I really want to move the recipient.' is ticked (A§5 Move recipient). */
  confirmDisabled?: boolean;
}

/**
 * A confirmation with content of its own, controlled by the screen (A§4 Activate with the 'send activation email'
 * box, A§5 Move recipient). For a plain question use `confirmAction`.
 */
export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title,
  message,
  children,
  confirmLabel: givenConfirmLabel,
  cancelLabel: givenCancelLabel,
  danger = false,
  loading = false,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const { t, m } = useI18n();
  const confirmLabel = givenConfirmLabel ?? t('common.yes');
  const cancelLabel = givenCancelLabel ?? t('common.cancel');
  const close = () => {
    if (!loading) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      withCloseButton={!loading}
      closeButtonProps={{ 'aria-label': t('kit.closeDialog') }}
    >
      <Stack gap="lg">
        {typeof message === 'string' ? <Text>{m(message)}</Text> : message}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={loading} data-autofocus={danger || undefined}>
            {cancelLabel}
          </Button>
          <Button
            color={danger ? DANGER_COLOR : undefined}
            onClick={onConfirm}
            loading={loading}
            disabled={confirmDisabled}
            // A disabled button cannot take focus; the screen may mark its checkbox with data-autofocus instead.
            data-autofocus={danger || confirmDisabled ? undefined : true}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
