import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decrypt, encrypt, keyId, seal, sealedByOldKey } from './crypto.js';

// Sealed values carry the id of the key that sealed them (decision 0022), so keys can rotate: the current key
// seals, previous keys still read, and values sealed before key ids still open.

const current = randomBytes(32);
const previous = randomBytes(32);

/** A value as builds before key ids wrote it: bare base64 of iv + tag + ciphertext. */
function legacy(value: string, key: Buffer): string {
  return encrypt(value, key).split(':')[2]!;
}

describe('key ids', () => {
  it('names a key by the first 8 hex digits of its SHA-256', () => {
    expect(keyId(Buffer.alloc(32))).toBe('66687aad');
    expect(keyId(current)).toMatch(/^[0-9a-f]{8}$/);
    expect(keyId(current)).not.toBe(keyId(previous));
  });

  it('writes v1:<keyId>:<base64> and never the clear value', () => {
    const sealed = encrypt('000111222333', current);
    expect(sealed).toMatch(new RegExp(`^v1:${keyId(current)}:[A-Za-z0-9+/]+=*$`));
    expect(sealed).not.toContain('000111222333');
    expect(decrypt(sealed, current)).toBe('000111222333');
  });

  it('seal answers the hash, the key-id ciphertext and the last four', () => {
    const sealed = seal('021000021', { hmacKey: randomBytes(32), encryptionKey: current });
    expect(sealed.encrypted.startsWith(`v1:${keyId(current)}:`)).toBe(true);
    expect(sealed.last4).toBe('0021');
    expect(sealed.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('decrypt with a keyring', () => {
  const ring = { current, previous: [previous] };

  it('opens a value sealed by a previous key, by its id', () => {
    expect(decrypt(encrypt('123456789', previous), ring)).toBe('123456789');
    expect(decrypt(encrypt('123456789', current), ring)).toBe('123456789');
  });

  it('opens a value written before key ids with whichever key of the ring sealed it', () => {
    expect(decrypt(legacy('4111111111111111', previous), ring)).toBe('4111111111111111');
    expect(decrypt(legacy('4111111111111111', current), current)).toBe('4111111111111111');
  });

  it('refuses a value whose key is not in the ring', () => {
    expect(() => decrypt(encrypt('123456789', randomBytes(32)), ring)).toThrow(/no key with id [0-9a-f]{8}/);
    expect(() => decrypt(legacy('123456789', randomBytes(32)), ring)).toThrow('no configured key can read this value');
  });

  it('refuses a tampered ciphertext', () => {
    const sealed = encrypt('123456789', current);
    const raw = Buffer.from(sealed.split(':')[2]!, 'base64');
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(() => decrypt(`v1:${keyId(current)}:${raw.toString('base64')}`, ring)).toThrow();
  });

  it('tells values a rotation still has to seal again', () => {
    expect(sealedByOldKey(encrypt('1', previous), current)).toBe(true);
    expect(sealedByOldKey(legacy('1', current), current)).toBe(true);
    expect(sealedByOldKey(encrypt('1', current), current)).toBe(false);
  });
});
