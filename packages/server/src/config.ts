import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Configuration read once from the environment. Every variable is listed in the README.
 * Secrets have development defaults so `npm start` works on a laptop; production refuses them.
 */
export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  logLevel: string;
  /** postgres://... when set; otherwise the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** 'demo' loads the demo data into an empty database at start; 'none' leaves it empty. */
  seed: 'demo' | 'none';
  /** 32-byte keys (hex or base64) for the HMAC look-up hash and AES-256-GCM encryption of card and bank numbers. */
  hmacKey: Buffer;
  /**
   * PAN keys before PAN_HMAC_KEY (PAN_HMAC_PREVIOUS_KEYS, comma-separated), kept while `npm run keys -- rehash-pans`
   * moves the stored card number hashes to the current key: a card is looked up by its hash under each of them
   * (platform/crypto.ts `lookupHashes`), and none of them ever hashes a new number.
   */
  previousHmacKeys: Buffer[];
  encryptionKey: Buffer;
  /**
   * The key of card PINs' keyed hashes (PIN_HMAC_KEY, 32 bytes), and earlier ones still accepted to check a PIN
   * (PIN_HMAC_PREVIOUS_KEYS, comma-separated): docs/security.md "Card PINs". Never stored in the database.
   */
  pinKeys: { current: Buffer; previous: Buffer[] };
  /** Keys that sealed values before the current one (DATA_ENCRYPTION_PREVIOUS_KEYS): read, never used to seal. */
  previousEncryptionKeys: Buffer[];
  /**
   * Set when DATA_ENCRYPTION_KEY is not (never in production): encryptionKey is then this DATA_DIR file's key, which
   * start-up (platform/encryption-keys.ts) offers to the database and trades for the database's development key, so
   * instances on one database seal alike (decision 0098). Scripts and tests that build the app without that start-up
   * seal with the file's key.
   */
  developmentKeyFile: { path: string; created: boolean } | undefined;
  /** Where the built web app lives; the server serves it with an SPA fallback when it exists. */
  webDistDir: string;
  /** Program time zone used for "today" when a program has none (resolutions §26). */
  defaultTimeZone: string;
  /** Public base URL used in activation and reset links sent by e-mail. */
  publicUrl: string;
  smtpUrl: string | undefined;
  /** Sender address of e-mails delivered through SMTP. */
  mailFrom: string;
  /** The text message provider (SMS_URL, a Twilio-compatible REST API); unset: texts stay in the outbox. */
  sms: SmsSettings | undefined;
  /** Run the scheduled jobs (benefit expiry and such) in this instance. */
  jobsEnabled: boolean;
  /** Map tile URL template ({z}/{x}/{y}) the web app's maps load; put in index.html by platform/web.ts. */
  mapTileUrl: string;
  /**
   * GEOCODER_URL: the base of a Nominatim-compatible street geocoder (decision 0114), e.g.
   * https://nominatim.openstreetmap.org; undefined (the default) leaves street addresses unsearched and merchants at
   * their ZIP's centroid.
   */
  geocoderUrl: string | undefined;
  /**
   * METRICS_PORT: the port of the Prometheus metrics listener (platform/metrics.ts), a listener apart from PORT so a
   * load balancer that forwards PORT never exposes it; undefined (unset or 'off', the default) serves no metrics.
   */
  metricsPort: number | undefined;
  /** METRICS_HOST: the interface the metrics listener binds; 127.0.0.1 (this host only) unless set. */
  metricsHost: string;
  /**
   * DRAIN_SECONDS, in milliseconds: how long a SIGTERM'd instance answers not-ready at /readyz while still serving, so
   * the load balancer stops sending it requests before it closes (main.ts). 5 s in production, 0 elsewhere.
   */
  drainMs: number;
}

/** GEOCODER_URL: an http(s) base URL without query or fragment, refused at start otherwise; blank or 'off' is off. */
function geocoderUrlSetting(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text || text === 'off') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`GEOCODER_URL must be an http(s) URL such as https://nominatim.openstreetmap.org: ${text}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username)
    throw new Error(`GEOCODER_URL must be an http(s) URL without query, fragment or credentials: ${url.origin}`);
  return url.href.replace(/\/+$/, '');
}

/** METRICS_PORT: off when unset, blank or 'off'; else a port number other than PORT (0: any free port, for tests). */
function metricsPortSetting(value: string | undefined, port: number): number | undefined {
  const text = value?.trim();
  if (!text || text === 'off') return undefined;
  const metricsPort = Number(text);
  if (!/^\d+$/.test(text) || metricsPort > 65535) throw new Error(`METRICS_PORT is not a port number: ${text}`);
  // One port for both would put the metrics where the load balancer sends the public.
  if (metricsPort !== 0 && metricsPort === port) throw new Error(`METRICS_PORT must differ from PORT (${port})`);
  return metricsPort;
}

/** DRAIN_SECONDS, in milliseconds: a number of seconds from 0 to 300 (decimals allowed). */
function drainSetting(value: string | undefined, production: boolean): number {
  const text = value?.trim();
  if (!text) return production ? 5000 : 0;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds > 300)
    throw new Error(`DRAIN_SECONDS must be a number of seconds from 0 to 300: ${text}`);
  return Math.round(seconds * 1000);
}

/** A Twilio-compatible text message provider, from SMS_URL (decision 0112). */
export interface SmsSettings {
  /** The API's origin and path prefix, without a trailing slash ('https://api.twilio.com'). */
  baseUrl: string;
  accountSid: string;
  /** Signs our requests (basic auth) and the provider's webhook calls (X-Twilio-Signature). */
  authToken: string;
  /** The sending number in E.164, or the messaging service that picks one: exactly one of them. */
  from?: string;
  messagingServiceSid?: string;
}

/**
 * SMS_URL: `https://AccountSid:AuthToken@api.twilio.com?from=%2B15125550100` (or `?messagingServiceSid=MG…` instead of
 * `from`). Any base URL speaking the same API works (another provider's, or a test's fake on 127.0.0.1). Refused at
 * start when a part is missing, so a typo does not leave every text queued.
 */
export function parseSmsUrl(value: string): SmsSettings {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMS_URL must be a URL such as https://AccountSid:AuthToken@api.twilio.com?from=%2B15125550100');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('SMS_URL must be an http(s) URL');
  const accountSid = decodeURIComponent(url.username);
  const authToken = decodeURIComponent(url.password);
  if (!accountSid || !authToken) throw new Error('SMS_URL must carry AccountSid:AuthToken before the host');
  const from = url.searchParams.get('from') ?? undefined;
  const messagingServiceSid = url.searchParams.get('messagingServiceSid') ?? undefined;
  if (!from === !messagingServiceSid)
    throw new Error('SMS_URL must name exactly one of from=+1… (E.164) or messagingServiceSid=…');
  if (from && !/^\+[1-9]\d{6,14}$/.test(from))
    throw new Error('SMS_URL from= must be a phone number in E.164 (%2B15125550100 for +15125550100)');
  const baseUrl = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  return {
    baseUrl,
    accountSid,
    authToken,
    ...(from ? { from } : {}),
    ...(messagingServiceSid ? { messagingServiceSid } : {}),
  };
}

/** DEFAULT_TIME_ZONE, refused at start when it names no IANA zone (every 'today' of the portal depends on it). */
function timeZoneSetting(value: string | undefined): string {
  const zone = value?.trim() || 'America/New_York';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new Error(`DEFAULT_TIME_ZONE must be an IANA time zone such as America/New_York: ${zone}`);
  }
  return zone;
}

/** OpenStreetMap's standard tiles: the default when MAP_TILE_URL is not set. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');

// Development-only keys: deterministic so a restart can still read what it encrypted. Refused in production.
// The encryption one is no longer used to seal (the database's development key is, decision 0098); it stays as a
// previous key so values sealed with it by earlier builds can still be read.
const DEV_HMAC_KEY = 'ebt-portal-development-hmac-key-do-not-use-in-prod!';
const DEV_ENCRYPTION_KEY = 'ebt-portal-development-aes-key-do-not-use-in-prod!';
const DEV_PIN_KEY = 'ebt-portal-development-pin-key-do-not-use-in-prod!!';

function keyFrom(value: string | undefined, devDefault: string, name: string, production: boolean): Buffer {
  if (!value) {
    if (production) throw new Error(`${name} must be set when NODE_ENV=production`);
    return Buffer.from(devDefault).subarray(0, 32);
  }
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, given as 64 hex characters or base64`);
  return key;
}

/** A comma-separated list of keys (each 32 bytes, hex or base64); blank is none. */
function keyList(value: string | undefined, name: string): Buffer[] {
  return (value ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => keyFrom(k, '', `each of ${name}`, true));
}

/** Where a server started without DATA_ENCRYPTION_KEY (outside production) keeps the key it made for itself. */
export const DEV_ENCRYPTION_KEY_FILE = 'dev-encryption.key';

/**
 * Without DATA_ENCRYPTION_KEY outside production: a random key made once in DATA_DIR (mode 0600) and read back on
 * every later start, so a laptop's bank numbers are not sealed with a key anyone can read in this repository.
 * Written to a temporary file and then linked into place: link fails when the file exists, so of two processes
 * starting together the first one's key wins and neither can read a half-written file. Start-up offers it to the
 * database, whose first development key seals for every instance on it (platform/encryption-keys.ts, decision 0098).
 */
function developmentEncryptionKey(dataDir: string): { key: Buffer; created: boolean; file: string } {
  const file = path.join(dataDir, DEV_ENCRYPTION_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  let created = false;
  if (!existsSync(file)) {
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, randomBytes(32).toString('hex'), { mode: 0o600 });
    chmodSync(temporary, 0o600); // the umask may have taken bits off the mode given
    try {
      linkSync(temporary, file);
      created = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(temporary);
    }
  }
  return { key: keyFrom(readFileSync(file, 'utf8').trim(), '', DEV_ENCRYPTION_KEY_FILE, true), created, file };
}

function encryptionKeys(env: NodeJS.ProcessEnv, dataDir: string, production: boolean) {
  const previous = (env.DATA_ENCRYPTION_PREVIOUS_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => keyFrom(k, '', 'each of DATA_ENCRYPTION_PREVIOUS_KEYS', true));
  if (env.DATA_ENCRYPTION_KEY || production) {
    const current = keyFrom(env.DATA_ENCRYPTION_KEY, '', 'DATA_ENCRYPTION_KEY', production);
    return { current, previous, developmentKeyFile: undefined };
  }
  const dev = developmentEncryptionKey(dataDir);
  // The fixed development key of earlier builds stays readable, so an existing development database still opens.
  return {
    current: dev.key,
    previous: [...previous, Buffer.from(DEV_ENCRYPTION_KEY).subarray(0, 32)],
    developmentKeyFile: { path: dev.file, created: dev.created },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port number: ${env.PORT}`);
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? 'data');
  const encryption = encryptionKeys(env, dataDir, production);
  return {
    nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    logLevel: env.LOG_LEVEL ?? 'info',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    seed: env.SEED === 'none' ? 'none' : 'demo',
    hmacKey: keyFrom(env.PAN_HMAC_KEY, DEV_HMAC_KEY, 'PAN_HMAC_KEY', production),
    previousHmacKeys: keyList(env.PAN_HMAC_PREVIOUS_KEYS, 'PAN_HMAC_PREVIOUS_KEYS'),
    pinKeys: {
      current: keyFrom(env.PIN_HMAC_KEY, DEV_PIN_KEY, 'PIN_HMAC_KEY', production),
      previous: (env.PIN_HMAC_PREVIOUS_KEYS ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
        .map((k) => keyFrom(k, '', 'each of PIN_HMAC_PREVIOUS_KEYS', true)),
    },
    encryptionKey: encryption.current,
    previousEncryptionKeys: encryption.previous,
    developmentKeyFile: encryption.developmentKeyFile,
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'packages/web/dist'),
    defaultTimeZone: timeZoneSetting(env.DEFAULT_TIME_ZONE),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'MarketLink <no-reply@marketlink.example>',
    sms: env.SMS_URL ? parseSmsUrl(env.SMS_URL) : undefined,
    jobsEnabled: env.JOBS !== 'off',
    mapTileUrl: env.MAP_TILE_URL || DEFAULT_MAP_TILE_URL,
    geocoderUrl: geocoderUrlSetting(env.GEOCODER_URL),
    metricsPort: metricsPortSetting(env.METRICS_PORT, port),
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    drainMs: drainSetting(env.DRAIN_SECONDS, production),
  };
}
