import { describe, expect, it } from 'vitest';
import {
  base64UrlToUuid,
  fromBase64Url,
  parsePayCode,
  payCodeFresh,
  payCodeSignedText,
  payCodeText,
  toBase64Url,
  uuidToBase64Url,
} from './pay-code.js';

const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('pay code text', () => {
  it('round-trips base64url like the platform encoder', () => {
    for (const length of [0, 1, 2, 3, 12, 16, 64]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + 11) & 0xff);
      const text = toBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect([...fromBase64Url(text)]).toEqual([...bytes]);
    }
    expect(base64UrlToUuid(uuidToBase64Url(UUID))).toBe(UUID);
  });

  it('parses what the phone makes, and nothing else', () => {
    const signed = payCodeSignedText(UUID, 1_796_000_000, 'AAECAwQFBgcICQoL');
    const code = payCodeText(signed, new Uint8Array(64).fill(7));
    expect(code).toMatch(/^EBTPAY1\.[A-Za-z0-9_-]{22}\.1796000000\.AAECAwQFBgcICQoL\.[A-Za-z0-9_-]{86}$/);
    const parts = parsePayCode(code)!;
    expect(parts.deviceUuid).toBe(UUID);
    expect(parts.issuedAt).toBe(1_796_000_000);
    expect(parts.signedText).toBe(signed);
    expect(parts.signature).toHaveLength(64);
    for (const bad of ['', '9001000021000000013', code.slice(0, -1), code.replace('EBTPAY1', 'EBTPAY2'), `${code}x`]) {
      expect(parsePayCode(bad), bad).toBeNull();
    }
  });

  it('is fresh for five minutes, and from no further ahead than two', () => {
    expect(payCodeFresh(1000, 1000)).toBe(true);
    expect(payCodeFresh(1000, 1300)).toBe(true);
    expect(payCodeFresh(1000, 1301)).toBe(false);
    expect(payCodeFresh(1120, 1000)).toBe(true);
    expect(payCodeFresh(1121, 1000)).toBe(false);
  });
});
