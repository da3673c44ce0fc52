import type {
  DuplicateField,
  FarmerApplicationDuplicate,
  FarmerApplicationEvent,
  FarmerApplicationStatus,
} from '@ebt/core/farmer-applications';
import { WARNING_BADGE_COLOR } from '../../components/badge-colors';

// The words the staff review shows for the application's codes (docs/i18n.md: staff pages stay English). Each badge
// colour keeps 4.5:1 with the white text of a filled badge.

export const STATUS_LABEL: Readonly<Record<FarmerApplicationStatus, string>> = {
  submitted: 'Submitted',
  'more-info': 'More information needed',
  approved: 'Approved',
  refused: 'Refused',
};

export const STATUS_COLOR: Readonly<Record<FarmerApplicationStatus, string>> = {
  submitted: 'blue.9',
  'more-info': WARNING_BADGE_COLOR,
  approved: 'brand.7',
  refused: 'red.9',
};

/** The status filter's options: every status, after 'All statuses' (the empty value). */
export const STATUS_OPTIONS: readonly { value: FarmerApplicationStatus; label: string }[] = (
  Object.keys(STATUS_LABEL) as FarmerApplicationStatus[]
).map((value) => ({ value, label: STATUS_LABEL[value] }));

export const EVENT_LABEL: Readonly<Record<FarmerApplicationEvent['action'], string>> = {
  submitted: 'Submitted by the farmer',
  'more-info': 'More information asked',
  resubmitted: 'Completed by the farmer',
  approved: 'Approved',
  refused: 'Refused',
};

export const DUPLICATE_FIELD_LABEL: Readonly<Record<DuplicateField, string>> = {
  taxId: 'tax ID',
  bankAccount: 'bank account',
  email: 'e-mail',
  address: 'farm address',
};

/** What a duplicate is: 'Merchant M123' or 'Application FA-000012 (Refused)'. */
export function duplicateKindText(duplicate: FarmerApplicationDuplicate): string {
  if (duplicate.kind === 'merchant') return duplicate.reference ? `Merchant ${duplicate.reference}` : 'Merchant';
  const reference = duplicate.reference ? `Application ${duplicate.reference}` : 'Application';
  return duplicate.status ? `${reference} (${STATUS_LABEL[duplicate.status]})` : reference;
}

/** A yes/no answer as read ('Yes', 'No'); a text answer as given; a blank one as not answered. */
export function answerText(kind: 'yes-no' | 'text', value: string): string {
  if (kind === 'yes-no') return value === 'yes' ? 'Yes' : value === 'no' ? 'No' : '';
  return value;
}

/** The text the queue shows when nothing matches (ours: the specification has no farmer application). */
export const NO_APPLICATIONS_FOUND = 'No farmer applications found.';

/** The queue's count: '1 application', '57 applications', 'More than 1,000 applications'. */
export function countText(total: number, capped: boolean): string {
  const shown = total.toLocaleString('en-US');
  if (capped) return `More than ${shown} applications`;
  return total === 1 ? '1 application' : `${shown} applications`;
}
