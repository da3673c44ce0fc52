// This phone as a terminal of a merchant (docs/farmer-app.md): the credential the engine knows it by (a terminal id
// and its secret, shown once when a farmer user registers the phone) and what every engine call carries besides the
// sale (a trace number, the phone's local time with its offset). The credential stays on the device, one per merchant
// the user sells for, across sign-outs: a registered phone is the stall's card reader, and the engine refuses it at
// once when it is revoked. It never reaches a log or the server other than as HTTP Basic on the engine's calls.

const PREFIX = 'marketlink.terminal.';

export interface PhoneCredential {
  merchantUuid: string;
  /** The terminal id (12 characters of Crockford's base32). */
  terminalId: string;
  secret: string;
  /** The name the phone was registered with, as staff and the farmer see it. */
  name: string;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function store(given?: KeyValueStore): KeyValueStore | null {
  if (given) return given;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The phone's credential for the merchant, or null when this phone is not registered for it. */
export function loadPhoneCredential(merchantUuid: string, given?: KeyValueStore): PhoneCredential | null {
  try {
    const raw = store(given)?.getItem(PREFIX + merchantUuid);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PhoneCredential>;
    if (
      parsed.merchantUuid !== merchantUuid ||
      typeof parsed.terminalId !== 'string' ||
      !/^[0-9A-HJKMNP-TV-Z]{12}$/.test(parsed.terminalId) ||
      typeof parsed.secret !== 'string' ||
      parsed.secret === '' ||
      typeof parsed.name !== 'string'
    )
      return null;
    return parsed as PhoneCredential;
  } catch {
    return null;
  }
}

export function savePhoneCredential(credential: PhoneCredential, given?: KeyValueStore): void {
  store(given)?.setItem(PREFIX + credential.merchantUuid, JSON.stringify(credential));
}

/** Forgets the credential (the phone was revoked, or the farmer removed it). */
export function forgetPhoneCredential(merchantUuid: string, given?: KeyValueStore): void {
  store(given)?.removeItem(PREFIX + merchantUuid);
}

/** The HTTP Basic Authorization header of the engine's calls: terminal id and secret. */
export function basicAuthorization(credential: Pick<PhoneCredential, 'terminalId' | 'secret'>): string {
  const bytes = new TextEncoder().encode(`${credential.terminalId}:${credential.secret}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/**
 * The phone's local date and time with its offset (`2026-12-05T10:15:00-05:00`), as the engine takes
 * `terminalDateTime`: the trace number's day is the date as written.
 */
export function terminalDateTime(now: Date = new Date()): string {
  const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');
  const offset = -now.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` +
    `T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/**
 * A trace number for one engine call: unique for the terminal and day (the engine answers a repeat as the first, so
 * a retry of the same call reuses its number). Time to the millisecond in base 36 and random digits: 14 characters.
 */
export function newTraceNumber(now: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36).padStart(7, '0').slice(-6);
  return `${now.toString(36).toUpperCase()}${random.toUpperCase()}`.slice(0, 20);
}
