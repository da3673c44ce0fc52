import { createElement } from 'react';
import { RecipientSearchPanel, type PickedRecipient } from './search/RecipientSearchPanel';

// What other features may use of the recipients area (a plain .ts file, so the path is `recipients/index.ts`).

export { RecipientAddForm, type AddRecipientFormValues, type RecipientAddFormProps } from './add/RecipientAddForm';
export type { PickedRecipient } from './search/RecipientSearchPanel';

export interface RecipientPickerProps {
  /** Called with the chosen recipient (a row click); the caller copies its Account ID. */
  onPick: (row: PickedRecipient) => void;
  /** Limits the search to one program (the issue form's chosen program). */
  programUuid?: string;
}

/**
 * The search-only recipient picker (A§2 "a search-only picker mode exists in which a row click copies the account
 * ID instead"): the recipient search without exports or links, handing the clicked row to `onPick`.
 */
export function RecipientPicker({ onPick, programUuid }: RecipientPickerProps) {
  return createElement(RecipientSearchPanel, { mode: 'pick', onPick, programUuid });
}
