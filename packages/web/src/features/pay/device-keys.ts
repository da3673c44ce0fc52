import { PAY_CODE_VALID_SECONDS, payCodeSignedText, payCodeText, toBase64Url } from '@ebt/core/pans';

// The phone's pay-code keys (decision 0108): one ECDSA P-256 key pair per card and phone, made by WebCrypto with the
// private key non-extractable (no script, ours included, can read it out), kept in IndexedDB (CryptoKey objects are
// structured-cloneable) with the uuid the server gave the phone. A code is made and signed here, with no network.
// Signing out keeps them, as a wallet keeps its cards: the phone stays registered to the card (a new key at every
// sign-in would fill the card's five phones with dead ones), they hold no personal data and sign nothing without the
// Pay screen's kept cards (signing out removes those; closing the app keeps them), and a code still needs the PIN. They go when the phone is removed from the
// card (here or by staff, or by a lost or stolen report: the server then answers 404 and the key is forgotten).

/** The IndexedDB database of the phone's pay-code keys. */
const PAY_KEYS_DATABASE = 'ebt.recipient.payKeys';

const STORE = 'devices';

/** A phone's registration for one card, as this phone keeps it. */
export interface PayDevice {
  /** `${userUuid}:${panId}`. */
  id: string;
  userUuid: string;
  panId: number;
  deviceUuid: string;
  keyPair: CryptoKeyPair;
}

/** One pay code, with when it was made and when it stops working (unix seconds). */
export interface PayCode {
  text: string;
  issuedAt: number;
  expiresAt: number;
  nonce: string;
}

/** Whether this browser can keep keys and sign codes: WebCrypto (a secure page) and IndexedDB. */
export function canMakePayCodes(): boolean {
  return typeof crypto !== 'undefined' && crypto.subtle !== undefined && typeof indexedDB !== 'undefined';
}

/** Opens the database for one piece of work; the caller closes it. */
function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(PAY_KEYS_DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
    request.onsuccess = () => {
      const db = request.result;
      // Site data cleared in another tab deletes the database: let it.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
    request.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB aborted'));
    });
  } finally {
    db.close();
  }
}

/**
 * This phone's registration for the card: the signed-in user's, or, offline (the user cannot be read), the one kept
 * for the card whoever signed in last.
 */
export async function findPayDevice(panId: number, userUuid: string | null): Promise<PayDevice | null> {
  const all = (await withStore('readonly', (store) => store.getAll())) as PayDevice[];
  return all.find((d) => d.panId === panId && (userUuid === null || d.userUuid === userUuid)) ?? null;
}

export async function savePayDevice(device: PayDevice): Promise<void> {
  await withStore('readwrite', (store) => store.put(device));
}

export async function forgetPayDevice(device: Pick<PayDevice, 'id'>): Promise<void> {
  await withStore('readwrite', (store) => store.delete(device.id));
}

/** A new key pair for a card: the private key cannot leave WebCrypto. */
export function newKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
}

/** The public key as the server takes it: SubjectPublicKeyInfo (DER) in base64url. */
export async function publicKeyText(keyPair: CryptoKeyPair): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.exportKey('spki', keyPair.publicKey)));
}

/**
 * A fresh pay code: now (whole seconds), 12 random bytes, signed with the card's key on this phone
 * (`EBTPAY1.<device>.<issuedAt>.<nonce>.<signature>`, core pans/pay-code.ts).
 */
export async function makePayCode(
  device: Pick<PayDevice, 'deviceUuid' | 'keyPair'>,
  now = Date.now(),
): Promise<PayCode> {
  const issuedAt = Math.floor(now / 1000);
  const nonce = toBase64Url(crypto.getRandomValues(new Uint8Array(12)));
  const signed = payCodeSignedText(device.deviceUuid, issuedAt, nonce);
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    device.keyPair.privateKey,
    new TextEncoder().encode(signed),
  );
  return {
    text: payCodeText(signed, new Uint8Array(signature)),
    issuedAt,
    expiresAt: issuedAt + PAY_CODE_VALID_SECONDS,
    nonce,
  };
}
