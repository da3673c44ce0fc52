import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { whenOverlaysMounted } from '../lib/overlays';
import { messageText, translate, useI18n } from '../lib/i18n';

/** Mantine's modal close button has no name of its own (axe: button-name). */
const CLOSE_BUTTON_PROPS = { 'aria-label': 'Close dialog' };
/** Mantine's filled red (red-6) carries white text at 3.3:1; red-9 passes WCAG AA (5.1:1). */
const DANGER_COLOR = 'red.9';

export interface ConfirmActionOptions {
  /** The dialog's heading; 'Please confirm' when not given. */
  title?: string;
  /** The question, word for word from the specification ('Are you sure you want to void this benefit?'). */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action (void, delete, remove): a red confirm button, and Cancel takes the first focus. */
  danger?: boolean;
  /** Runs after the dialog has closed; the screen shows its own progress and outcome. */
  onConfirm: () => void;
  onCancel?: () => void;
}

/**
 * Asks before an action (A§4, A§8, B§8 confirmations) in a modal dialog: Cancel and the confirm button, Escape and
 * the close button cancel. Opens through the ModalsProvider of app/overlays.tsx, once it is there.
 *
 *   confirmAction({ message: MESSAGES.CONFIRM_VOID_BENEFIT, confirmLabel: 'Void', danger: true, onConfirm: voidIt });
 */
export function confirmAction({
  title = translate('kit.pleaseConfirm'),
  message,
  confirmLabel = translate('common.yes'),
  cancelLabel = translate('common.cancel'),
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmActionOptions): void {
  whenOverlaysMounted(() =>
    modals.openConfirmModal({
      title,
      centered: true,
      closeButtonProps: { 'aria-label': translate('kit.closeDialog') },
      children: typeof message === 'string' ? <Text>{messageText(message)}</Text> : message,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      // Focus lands on the harmless choice for a destructive action, on the confirm button otherwise.
      confirmProps: { color: danger ? DANGER_COLOR : undefined, 'data-autofocus': danger ? undefined : true },
      cancelProps: { variant: 'default', 'data-autofocus': danger ? true : undefined },
      onConfirm,
      onCancel,
    }),
  );
}

export interface NoticeOptions {
  title: string;
  message: ReactNode;
  okLabel?: string;
  onClose?: () => void;
}

/**
 * A dialog that only informs, closed with OK: 'Last Issuance Date' (A§5), 'You must select an input file.' (B§5),
 * the PAN generation warnings and the large bulk-generation success (B§4, B§8, resolution 18).
 */
export function showNotice(options: NoticeOptions): void {
  whenOverlaysMounted(() => openNotice(options));
}

function openNotice({ title, message, okLabel = 'OK', onClose }: NoticeOptions): void {
  const modalId = modals.open({
    title,
    centered: true,
    closeButtonProps: CLOSE_BUTTON_PROPS,
    onClose,
    children: (
      <Stack gap="lg">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end">
          <Button data-autofocus onClick={() => modals.close(modalId)}>
            {okLabel}
          </Button>
        </Group>
      </Stack>
    ),
  });
}

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
