/**
 * The card devices' messages (decision 0108): the phones registered to make pay codes for a card. All ours: the
 * specification has no pay codes. The recipient sees them, so each has its Spanish (i18n/messages-es.ts).
 */
export const CARD_DEVICE_MESSAGES = {
  /** A card that is not the caller's, not Active, or not in the staff member's scope (404, like a missing one). */
  CARD_NOT_FOUND: 'The card was not found.',
  /** A device of another card, removed already, or never registered. */
  DEVICE_NOT_FOUND: 'The phone was not found.',
  /** Not an ECDSA P-256 public key in SubjectPublicKeyInfo form, base64url. */
  INVALID_PUBLIC_KEY: 'The phone sent a key that cannot be used. Try again.',
  NAME_REQUIRED: 'Give the phone a name.',
  NAME_TOO_LONG: "The phone's name must be at most {max} characters.",
  /** At most CARD_DEVICE_LIMIT active phones a card. */
  TOO_MANY_DEVICES: 'This card already has {max} phones that can pay. Remove one of them to add this phone.',
  DEVICE_REMOVED: 'The phone was removed. It can no longer make pay codes for this card.',
  /** The recipient's inbox, when staff removed a phone. */
  NOTICE_SUBJECT: 'A phone was removed from your card',
  NOTICE_REMOVED:
    'Your program removed the phone "{name}" from your card ending in {last4} ({program}). It can no longer make pay codes for the card.',
} as const;
