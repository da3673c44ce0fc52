import { Dialog } from '../../../components/Dialog';
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
    <Dialog opened={opened} onClose={onClose} title="Find recipient" onClosed={onClosed}>
      <RecipientPicker onPick={onPick} programUuid={programUuid} />
    </Dialog>
  );
}
