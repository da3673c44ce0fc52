import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Card numbers, bank account numbers and tax ids at rest (architecture.md "Card numbers and secrets"):
 * a keyed hash for look-ups and uniqueness, an AES-256-GCM ciphertext to show them to privileged users, and
 * the last four for masked display. Clear text is never stored.
 */
export interface SealedValue {
  /** HMAC-SHA-256 of the normalised value, hex: equality look-ups and unique indexes use this. */
  hash: string;
  /** base64 of iv (12 bytes) + auth tag (16 bytes) + ciphertext. */
  encrypted: string;
  last4: string;
}

export function keyedHash(value: string, hmacKey: Buffer): string {
  return createHmac('sha256', hmacKey).update(value).digest('hex');
}

export function encrypt(value: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

export function decrypt(sealed: string, key: Buffer): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export function seal(value: string, keys: { hmacKey: Buffer; encryptionKey: Buffer }): SealedValue {
  return {
    hash: keyedHash(value, keys.hmacKey),
    encrypted: encrypt(value, keys.encryptionKey),
    last4: value.slice(-4),
  };
}

/** 256 bits from the CSPRNG, URL-safe: session tokens, activation and reset link tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are random enough that a fast hash suffices; the database only ever sees this digest. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
