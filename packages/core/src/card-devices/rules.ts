// The card devices' rules (decision 0108): how many phones a card may have, and the limits of what a phone sends.

/** The most phones that may make pay codes for one card at once: a household's few, not a shared key. */
export const CARD_DEVICE_LIMIT = 5;

/** The longest name of a phone (card_devices.name). */
export const CARD_DEVICE_NAME_MAX = 60;

/**
 * The longest public key accepted, in base64url: a P-256 SubjectPublicKeyInfo is 91 bytes (122 characters); the cap
 * leaves room for an encoding with explicit curve parameters, which the server refuses anyway.
 */
export const CARD_DEVICE_KEY_MAX = 400;

/** Whether a card with `activeCount` phones may take one more. */
export function canAddCardDevice(activeCount: number): boolean {
  return activeCount < CARD_DEVICE_LIMIT;
}
