// The dialogs opened by a call (a question, a notice), through the ModalsProvider of app/overlays.tsx: nothing here
// renders a Modal, so a screen that only asks (the recipient home's card controls) does not load Modal, its scroll
// area and focus handling with its first paint; they come with the overlays. ConfirmDialog.tsx is the controlled one.
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { whenOverlaysMounted } from '../lib/overlays';
import { messageText, translate } from '../lib/i18n';

/** Mantine's modal close button has no name of its own (axe: button-name). */
const CLOSE_BUTTON_PROPS = { 'aria-label': 'Close dialog' };
/** Mantine's filled red (red-6) carries white text at 3.3:1; red-9 passes WCAG AA (5.1:1). */
export const DANGER_COLOR = 'red.9';

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
