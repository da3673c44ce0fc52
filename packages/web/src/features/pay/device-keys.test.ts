import { createPublicKey, verify } from 'node:crypto';
import { fromBase64Url, parsePayCode, PAY_CODE_VALID_SECONDS } from '@ebt/core/pans';
import { describe, expect, it } from 'vitest';
import { makePayCode, newKeyPair, publicKeyText } from './device-keys';

// The phone's side of a pay code (decision 0108): the code parses, and its signature verifies with the public key the
// phone registers, by node's own ECDSA (what the engine uses), not by the WebCrypto that made it.

const DEVICE = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

describe('makePayCode', () => {
  it('makes a code that parses and verifies with the registered public key', async () => {
    const keyPair = await newKeyPair();
    const now = Date.UTC(2026, 11, 6, 12, 0, 0);
    const code = await makePayCode({ deviceUuid: DEVICE, keyPair }, now);
    const parts = parsePayCode(code.text)!;
    expect(parts).toMatchObject({ deviceUuid: DEVICE, issuedAt: now / 1000, nonce: code.nonce });
    expect(code.expiresAt - code.issuedAt).toBe(PAY_CODE_VALID_SECONDS);
    const key = createPublicKey({
      key: Buffer.from(fromBase64Url(await publicKeyText(keyPair))),
      format: 'der',
      type: 'spki',
    });
    expect(key.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const good = verify(
      'sha256',
      Buffer.from(parts.signedText),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(parts.signature),
    );
    expect(good).toBe(true);
  });

  it('makes a new nonce every time', async () => {
    const keyPair = await newKeyPair();
    const a = await makePayCode({ deviceUuid: DEVICE, keyPair });
    const b = await makePayCode({ deviceUuid: DEVICE, keyPair });
    expect(a.nonce).not.toBe(b.nonce);
  });

  it('keeps the private key inside WebCrypto', async () => {
    const keyPair = await newKeyPair();
    expect(keyPair.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', keyPair.privateKey)).rejects.toThrow();
  });
});
