import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_ENCRYPTION_KEY_FILE, loadConfig } from './config.js';
import { decrypt, encrypt } from './platform/crypto.js';

// The encryption keys of the configuration (decision 0022): DATA_ENCRYPTION_KEY seals, DATA_ENCRYPTION_PREVIOUS_KEYS
// still read, and without a key outside production a random development key is made once in DATA_DIR, which start-up
// offers to the database (platform/encryption-keys.test.ts, decision 0098).

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'ebt-config-'));

describe('encryption keys', () => {
  it('takes DATA_ENCRYPTION_KEY and the comma-separated previous keys, hex or base64', () => {
    const key = randomBytes(32);
    const old1 = randomBytes(32);
    const old2 = randomBytes(32);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATA_ENCRYPTION_KEY: key.toString('hex'),
      DATA_ENCRYPTION_PREVIOUS_KEYS: ` ${old1.toString('hex')}, ${old2.toString('base64')} `,
    });
    expect(config.encryptionKey.equals(key)).toBe(true);
    expect(config.previousEncryptionKeys.map((k) => k.toString('hex'))).toEqual(
      [old1, old2].map((k) => k.toString('hex')),
    );
    expect(config.developmentKeyFile).toBeUndefined();
  });

  it('takes the comma-separated PAN_HMAC_PREVIOUS_KEYS (none by default) and refuses one of the wrong length', () => {
    const old = randomBytes(32);
    const config = loadConfig({ DATA_DIR: dataDir(), PAN_HMAC_PREVIOUS_KEYS: ` ${old.toString('base64')} ` });
    expect(config.previousHmacKeys.map((k) => k.toString('hex'))).toEqual([old.toString('hex')]);
    expect(loadConfig({ DATA_DIR: dataDir() }).previousHmacKeys).toEqual([]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAN_HMAC_PREVIOUS_KEYS: 'abcd' })).toThrow(
      'each of PAN_HMAC_PREVIOUS_KEYS must be 32 bytes',
    );
  });

  it('refuses a DEFAULT_TIME_ZONE that names no IANA zone, and takes one that does', () => {
    expect(() => loadConfig({ DEFAULT_TIME_ZONE: 'Mars/Olympus' })).toThrow(/DEFAULT_TIME_ZONE/);
    expect(loadConfig({ DEFAULT_TIME_ZONE: 'America/Chicago' }).defaultTimeZone).toBe('America/Chicago');
    expect(loadConfig({}).defaultTimeZone).toBe('America/New_York');
  });

  it('refuses a previous key of the wrong length', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        DATA_ENCRYPTION_PREVIOUS_KEYS: 'abcd',
      }),
    ).toThrow('each of DATA_ENCRYPTION_PREVIOUS_KEYS must be 32 bytes');
  });

  it('refuses to start in production without DATA_ENCRYPTION_KEY, and writes no key file', () => {
    const dir = dataDir();
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, PAN_HMAC_KEY: randomBytes(32).toString('hex') }),
    ).toThrow('DATA_ENCRYPTION_KEY must be set when NODE_ENV=production');
    expect(() => statSync(path.join(dir, DEV_ENCRYPTION_KEY_FILE))).toThrow();
  });

  it('without the variable in development makes a random key once in DATA_DIR, mode 0600, and names the file', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, DEV_ENCRYPTION_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(first.encryptionKey.toString('hex'));
    expect(first.developmentKeyFile).toEqual({ path: file, created: true });

    const second = loadConfig({ DATA_DIR: dir });
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect(second.developmentKeyFile).toEqual({ path: file, created: false });
    // What the first start sealed, the second reads.
    expect(decrypt(encrypt('000111222333', first.encryptionKey), { current: second.encryptionKey, previous: [] })).toBe(
      '000111222333',
    );
  });

  it('keeps the fixed development key of earlier builds readable', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    const fixed = Buffer.from('ebt-portal-development-aes-key-do-not-use-in-prod!').subarray(0, 32);
    const ring = { current: config.encryptionKey, previous: config.previousEncryptionKeys };
    expect(decrypt(encrypt('123456789', fixed).split(':')[2]!, ring)).toBe('123456789');
  });
});

describe('GEOCODER_URL (decision 0114)', () => {
  it('is off unless set, takes an http(s) base URL, and refuses anything else', () => {
    expect(loadConfig({}).geocoderUrl).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: ' off ' }).geocoderUrl).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: 'https://nominatim.openstreetmap.org/' }).geocoderUrl).toBe(
      'https://nominatim.openstreetmap.org',
    );
    expect(loadConfig({ GEOCODER_URL: 'http://127.0.0.1:8080/nominatim' }).geocoderUrl).toBe(
      'http://127.0.0.1:8080/nominatim',
    );
    for (const bad of [
      'nominatim.example',
      'ftp://geo.example',
      'https://geo.example/?key=1',
      'https://u:p@geo.example',
    ])
      expect(() => loadConfig({ GEOCODER_URL: bad })).toThrow(/GEOCODER_URL/);
  });
});

describe('METRICS_PORT, METRICS_HOST and DRAIN_SECONDS (decision 0118)', () => {
  it('serves no metrics unless METRICS_PORT is set, and then on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: 'off' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: ' ' }).metricsPort).toBeUndefined();
    const config = loadConfig({ METRICS_PORT: '9464' });
    expect(config.metricsPort).toBe(9464);
    expect(config.metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.3.7' }).metricsHost).toBe('10.0.3.7');
  });

  it('refuses a METRICS_PORT that is no port, or the public port itself', () => {
    for (const bad of ['metrics', '-1', '65536', '94.64'])
      expect(() => loadConfig({ METRICS_PORT: bad })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
  });

  it('drains 5 seconds at SIGTERM in production and none elsewhere, unless DRAIN_SECONDS says', () => {
    const production = { NODE_ENV: 'production', ...productionKeys() };
    expect(loadConfig(production).drainMs).toBe(5000);
    expect(loadConfig({ ...production, DRAIN_SECONDS: '0' }).drainMs).toBe(0);
    expect(loadConfig({}).drainMs).toBe(0);
    expect(loadConfig({ DRAIN_SECONDS: '12.5' }).drainMs).toBe(12_500);
    for (const bad of ['-1', 'soon', '301']) expect(() => loadConfig({ DRAIN_SECONDS: bad })).toThrow(/DRAIN_SECONDS/);
  });
});

/** The keys production refuses to start without. */
function productionKeys() {
  const key = () => randomBytes(32).toString('hex');
  return { DATA_ENCRYPTION_KEY: key(), PAN_HMAC_KEY: key(), PIN_HMAC_KEY: key() };
}
