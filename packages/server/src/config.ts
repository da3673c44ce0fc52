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
  encryptionKey: Buffer;
  /** Where the built web app lives; the server serves it with an SPA fallback when it exists. */
  webDistDir: string;
  /** Program time zone used for "today" when a program has none (resolutions §26). */
  defaultTimeZone: string;
  /** Public base URL used in activation and reset links sent by e-mail. */
  publicUrl: string;
  smtpUrl: string | undefined;
  /** Sender address of e-mails delivered through SMTP. */
  mailFrom: string;
  /** Run the scheduled jobs (benefit expiry and such) in this instance. */
  jobsEnabled: boolean;
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');

// Development-only keys: deterministic so a restart can still read what it encrypted. Refused in production.
const DEV_HMAC_KEY = 'ebt-portal-development-hmac-key-do-not-use-in-prod!';
const DEV_ENCRYPTION_KEY = 'ebt-portal-development-aes-key-do-not-use-in-prod!';

function keyFrom(value: string | undefined, devDefault: string, name: string, production: boolean): Buffer {
  if (!value) {
    if (production) throw new Error(`${name} must be set when NODE_ENV=production`);
    return Buffer.from(devDefault).subarray(0, 32);
  }
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, given as 64 hex characters or base64`);
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port number: ${env.PORT}`);
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? 'data');
  return {
    nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    logLevel: env.LOG_LEVEL ?? 'info',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    seed: env.SEED === 'none' ? 'none' : 'demo',
    hmacKey: keyFrom(env.PAN_HMAC_KEY, DEV_HMAC_KEY, 'PAN_HMAC_KEY', production),
    encryptionKey: keyFrom(env.DATA_ENCRYPTION_KEY, DEV_ENCRYPTION_KEY, 'DATA_ENCRYPTION_KEY', production),
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'packages/web/dist'),
    defaultTimeZone: env.DEFAULT_TIME_ZONE ?? 'America/New_York',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'MarketLink <no-reply@marketlink.example>',
    jobsEnabled: env.JOBS !== 'off',
  };
}
