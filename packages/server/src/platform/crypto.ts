import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Card numbers, bank account numbers and tax ids at rest (architecture.md "Card numbers and secrets"):
 * a keyed hash for look-ups and uniqueness, an AES-256-GCM ciphertext to show them to privileged users, and
 * the last four for masked display. Clear text is never stored.
 */
export interface SealedValue {
  /** HMAC-SHA-256 of the normalised value, hex: equality look-ups and unique indexes use this. */
  hash: string;
  /** `v1:<keyId>:` + base64 of iv (12 bytes) + auth tag (16 bytes) + ciphertext. */
  encrypted: string;
  last4: string;
}

export function keyedHash(value: string, hmacKey: Buffer): string {
  return createHmac('sha256', hmacKey).update(value).digest('hex');
}

/** The PAN key and the ones before it that stored hashes may still be under (PAN_HMAC_PREVIOUS_KEYS). */
export interface HmacKeys {
  hmacKey: Buffer;
  previousHmacKeys: readonly Buffer[];
}

/**
 * The hashes a stored card number may have: under the current PAN key first, then under each previous one. While a
 * PAN key rotation runs (`npm run keys -- rehash-pans`, platform/reseal.ts) a row's hash is under the old key until
 * it is recomputed, so a look-up by number asks for any of them in one statement (`pan_hash = any(...)`, the same
 * unique index); outside a rotation this is the one hash.
 */
export function lookupHashes(value: string, keys: HmacKeys): string[] {
  return [keys.hmacKey, ...keys.previousHmacKeys].map((key) => keyedHash(value, key));
}

/**
 * The keys that can read sealed values: the current one (which seals) and the ones before it, kept until every
 * value they sealed has been sealed again (DATA_ENCRYPTION_PREVIOUS_KEYS; decision 0022).
 */
export interface Keyring {
  current: Buffer;
  previous: readonly Buffer[];
}

/** Sealed values written since key ids: `v1:<keyId>:<base64 of iv + tag + ciphertext>`. */
const VERSIONED = /^v1:([0-9a-f]{8}):([A-Za-z0-9+/=]+)$/;

/** A key's public name: the first 8 hex digits of its SHA-256. Says which key sealed a value, reveals nothing of it. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function encrypt(value: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return `v1:${keyId(key)}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}

function open(raw: Buffer, key: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * The clear value of a sealed one. A value with a key id is opened by that key alone; a value written before key
 * ids (bare base64) is tried with each key of the ring, newest first: GCM's tag refuses a wrong key, so the first
 * that opens it is the one that sealed it. Throws when no key of the ring can.
 */
export function decrypt(sealed: string, keys: Buffer | Keyring): string {
  const ring = Buffer.isBuffer(keys) ? [keys] : [keys.current, ...keys.previous];
  const versioned = VERSIONED.exec(sealed);
  if (versioned) {
    const key = ring.find((k) => keyId(k) === versioned[1]);
    if (!key) throw new Error(`no key with id ${versioned[1]} is configured to read this value`);
    return open(Buffer.from(versioned[2]!, 'base64'), key);
  }
  const raw = Buffer.from(sealed, 'base64');
  for (const key of ring) {
    try {
      return open(raw, key);
    } catch {
      // Not this key: try the next one.
    }
  }
  throw new Error('no configured key can read this value');
}

/** Whether a sealed value was sealed by another key than the current one (so a re-encryption job would redo it). */
export function sealedByOldKey(sealed: string, current: Buffer): boolean {
  return VERSIONED.exec(sealed)?.[1] !== keyId(current);
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
