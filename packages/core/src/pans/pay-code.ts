// The pay code a recipient's phone shows at a sale (docs/transaction-engine.md "Pay codes"): a short-lived,
// single-use text signed by a key the phone made for one card, so the phone can make it without signal and a photo
// of it is worthless minutes later. Shared by the app (which makes it) and the engine (which checks it).
//
//   EBTPAY1.<device>.<issuedAt>.<nonce>.<signature>
//
// - device: the registered device's uuid, its 16 bytes in base64url (22 characters);
// - issuedAt: when the phone made it, whole seconds since 1970-01-01 UTC, in decimal;
// - nonce: 12 random bytes in base64url (16 characters): a code is spent once;
// - signature: ECDSA P-256 with SHA-256 over the ASCII text before it (`EBTPAY1.<device>.<issuedAt>.<nonce>`), as
//   WebCrypto makes it (r and s, 32 bytes each, IEEE P1363), in base64url (86 characters).

export const PAY_CODE_PREFIX = 'EBTPAY1';
/** How long a code is good for after the phone made it. */
export const PAY_CODE_VALID_SECONDS = 300;
/** How far ahead of the server's clock a phone's may run (a phone kept offline drifts). */
export const PAY_CODE_CLOCK_SKEW_SECONDS = 120;

const PATTERN = /^EBTPAY1\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{86})$/;

export interface PayCodeParts {
  deviceUuid: string;
  issuedAt: number;
  nonce: string;
  /** The text the signature covers. */
  signedText: string;
  /** The 64-byte P1363 signature. */
  signature: Uint8Array;
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = [(n >> 18) & 63, (n >> 12) & 63, (n >> 6) & 63, n & 63].map((c) => B64URL[c]);
    out += chars.slice(0, Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6))).join('');
  }
  return out;
}

export function fromBase64Url(text: string): Uint8Array {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of text) {
    const v = B64URL.indexOf(ch);
    if (v < 0) throw new Error('not base64url');
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

export function uuidToBase64Url(uuid: string): string {
  const hex = uuid.replace(/-/g, '');
  return toBase64Url(Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16))));
}

export function base64UrlToUuid(text: string): string {
  const hex = [...fromBase64Url(text)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The text a device signs for a new code. */
export function payCodeSignedText(deviceUuid: string, issuedAt: number, nonce: string): string {
  return `${PAY_CODE_PREFIX}.${uuidToBase64Url(deviceUuid)}.${issuedAt}.${nonce}`;
}

/** A whole code from its signed text and the signature. */
export function payCodeText(signedText: string, signature: Uint8Array): string {
  return `${signedText}.${toBase64Url(signature)}`;
}

/** The parts of a code, or null when it is not one (any other text, a wrong length, a bad character). */
export function parsePayCode(text: string): PayCodeParts | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [, device, issued, nonce, signature] = match;
  const deviceBytes = fromBase64Url(device!);
  const sig = fromBase64Url(signature!);
  if (deviceBytes.length !== 16 || sig.length !== 64) return null;
  return {
    deviceUuid: base64UrlToUuid(device!),
    issuedAt: Number(issued),
    nonce: nonce!,
    signedText: `${PAY_CODE_PREFIX}.${device}.${issued}.${nonce}`,
    signature: sig,
  };
}

/** Whether a code made at issuedAt is still good at `nowSeconds` (neither expired nor from too far ahead). */
export function payCodeFresh(issuedAt: number, nowSeconds: number): boolean {
  return issuedAt <= nowSeconds + PAY_CODE_CLOCK_SKEW_SECONDS && nowSeconds - issuedAt <= PAY_CODE_VALID_SECONDS;
}
