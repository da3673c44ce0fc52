import { PAN_MASK_VISIBLE_DIGITS } from '../constants/limits.js';
import { EXTERNAL_PAN_STATUS_LABEL, EXTERNAL_PAN_TYPE_LABEL } from '../enums/statuses.js';
import { isExternalCardPan } from '../validation/cards.js';

// The external card rules of A§5/B§5 that are not a single field's, and the duplicate rule
// (docs/decisions/0038-external-card-rules.md, 0039-external-card-ownership.md). The web form and the server both
// call these; the field rules themselves (16-19 digits with Luhn, 2-35 characters) are validation/fields.ts's.

/** B§9: the masked form, '*' and the last four digits: the only form of an external PAN that leaves the server. */
export const MASKED_EXTERNAL_PAN = new RegExp(`^\\*\\d{${PAN_MASK_VISIBLE_DIGITS}}$`);

export function isMaskedExternalPan(value: string): boolean {
  return MASKED_EXTERNAL_PAN.test(value);
}

/** What a PUT may send as `pan`: nothing, the masked form, or a full number (16-19 digits passing Luhn). */
export function isUpdatePanEntry(value: string): boolean {
  return value === '' || isMaskedExternalPan(value) || isExternalCardPan(value);
}

/**
 * What a PUT's `pan` asks for (decision 0039): the client only ever holds the masked number, so an absent or empty
 * pan, or the masked form of the stored card, keeps the card number; a full number replaces it. A masked form of
 * another card's last four is neither ('invalid').
 */
export function panChangeOf(sent: string | null | undefined, storedLast4: string): 'keep' | 'replace' | 'invalid' {
  const value = sent?.trim() ?? '';
  if (value === '') return 'keep';
  if (isMaskedExternalPan(value)) return value.slice(1) === storedLast4 ? 'keep' : 'invalid';
  return isExternalCardPan(value) ? 'replace' : 'invalid';
}

/** A card of this number already attached somewhere: which account and program it is on. */
export interface AttachedCard {
  accountId: number;
  programId: number;
  /** The card being edited itself, which never counts against its own save. */
  externalCardId: number;
}

/**
 * Issue 18's duplicate rule (decision 0039): a card number may be attached by one person only, once to each of that
 * person's programs. `attached` are the cards of the same number (the keyed hash) anywhere; `ownAccountIds` the
 * saving recipient's accounts; `programId` where the card goes; `editing` the card being changed, if any.
 * 'other-person' and 'same-program' both answer 409 'The PAN entered already exists in the system.'.
 */
export function externalCardDuplicate(
  attached: readonly AttachedCard[],
  ownAccountIds: readonly number[],
  programId: number,
  editing: number | null = null,
): 'other-person' | 'same-program' | null {
  const others = attached.filter((card) => card.externalCardId !== editing);
  if (others.some((card) => !ownAccountIds.includes(card.accountId))) return 'other-person';
  if (others.some((card) => card.programId === programId)) return 'same-program';
  return null;
}

/** B§3: `descr` of a card type (1 SNAP, 2 WIC, 3 both). */
export function externalPanTypeDescr(typeId: number): string {
  return EXTERNAL_PAN_TYPE_LABEL[typeId as keyof typeof EXTERNAL_PAN_TYPE_LABEL] ?? String(typeId);
}

/** B§3: `descr` of a card status (1 active, 2 inactive). */
export function externalPanStatusDescr(statusId: number): string {
  return EXTERNAL_PAN_STATUS_LABEL[statusId as keyof typeof EXTERNAL_PAN_STATUS_LABEL] ?? String(statusId);
}
