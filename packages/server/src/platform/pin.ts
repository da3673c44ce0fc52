import { createHmac, timingSafeEqual } from 'node:crypto';
import { keyId } from './crypto.js';

/**
 * Card PINs at rest (docs/security.md "Card PINs"). A PIN has 10,000 values, so no hash of it alone survives a copy of
 * the database: anyone could try them all. It is kept as an HMAC-SHA-256 under PIN_HMAC_KEY, a key the database does
 * not hold, over the card's id and the four digits (two cards with the same PIN hash apart), written
 * `<keyId>:<hex>` so a rotated key's hashes still check while PIN_HMAC_PREVIOUS_KEYS lists it. One HMAC is a few
 * microseconds: a purchase checks it on the engine's hot path (a memory-hard hash would not fit 200 purchases a
 * second on two cores, and buys nothing here: the search space is the PIN's, not the hash's).
 */
export interface PinKeys {
  current: Buffer;
  previous: readonly Buffer[];
}

const STORED = /^([0-9a-f]{8}):([0-9a-f]{64})$/;

function digest(panId: number, pin: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(`${panId}:${pin}`).digest();
}

/** What `pans.pin_hash` holds for this card and PIN, under the current key. */
export function pinHash(panId: number, pin: string, keys: PinKeys): string {
  return `${keyId(keys.current)}:${digest(panId, pin, keys.current).toString('hex')}`;
}

/**
 * Whether `pin` is the card's PIN, compared in constant time. False when the stored hash is missing, malformed, or
 * made under a key no longer configured (the holder then sets a new PIN).
 */
export function pinMatches(stored: string | null | undefined, panId: number, pin: string, keys: PinKeys): boolean {
  const match = stored ? STORED.exec(stored) : null;
  if (!match) return false;
  const key = [keys.current, ...keys.previous].find((k) => keyId(k) === match[1]);
  if (!key) return false;
  return timingSafeEqual(digest(panId, pin, key), Buffer.from(match[2]!, 'hex'));
}

/** Whether a stored hash was made under an earlier key (a PIN change re-hashes it under the current one). */
export function pinHashedByOldKey(stored: string, keys: PinKeys): boolean {
  return !stored.startsWith(`${keyId(keys.current)}:`);
}
