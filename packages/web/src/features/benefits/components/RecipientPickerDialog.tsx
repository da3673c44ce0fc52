import { Modal } from '@mantine/core';
import { RecipientPicker, type PickedRecipient } from '../../recipients';

export type { PickedRecipient };

/**
 * The Issue Benefit page's recipient picker (A§2 "form plus recipient picker"): the recipients area's search in its
 * picker mode inside a dialog, limited to the form's program when one is chosen; a clicked row is handed back.
 */
export function RecipientPickerDialog({
  opened,
  onClose,
  programUuid,
  onPick,
  onClosed,
}: {
  opened: boolean;
  onClose: () => void;
  programUuid?: string;
  onPick: (row: PickedRecipient) => void;
  /** After the closing transition, when the dialog has given focus back to the button that opened it. */
  onClosed?: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Find recipient"
      size="xl"
      onExitTransitionEnd={onClosed}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <RecipientPicker onPick={onPick} programUuid={programUuid} />
    </Modal>
  );
}
