import { describe, expect, it } from 'vitest';
import {
  basicAuthorization,
  forgetPhoneCredential,
  loadPhoneCredential,
  newTraceNumber,
  savePhoneCredential,
  terminalDateTime,
} from './phone-terminal';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const MERCHANT = '00000000-0000-4000-8000-000000000001';

describe('the phone credential', () => {
  it('is kept per merchant and forgotten', () => {
    const store = memoryStore();
    const credential = { merchantUuid: MERCHANT, terminalId: 'AB12CD34EF56', secret: 's3cret', name: 'Phone' };
    savePhoneCredential(credential, store);
    expect(loadPhoneCredential(MERCHANT, store)).toEqual(credential);
    expect(loadPhoneCredential('00000000-0000-4000-8000-000000000002', store)).toBeNull();
    forgetPhoneCredential(MERCHANT, store);
    expect(loadPhoneCredential(MERCHANT, store)).toBeNull();
  });

  it('answers null for a kept value that is not a credential', () => {
    const store = memoryStore();
    store.setItem(`marketlink.terminal.${MERCHANT}`, '{"merchantUuid":"x"}');
    expect(loadPhoneCredential(MERCHANT, store)).toBeNull();
    store.setItem(`marketlink.terminal.${MERCHANT}`, 'not json');
    expect(loadPhoneCredential(MERCHANT, store)).toBeNull();
  });

  it('makes the HTTP Basic header the engine reads', () => {
    const header = basicAuthorization({
      terminalId: 'DEM0TERM0001',
      secret: 'demo-terminal-secret-not-for-production',
    });
    expect(header).toBe(
      `Basic ${Buffer.from('DEM0TERM0001:demo-terminal-secret-not-for-production').toString('base64')}`,
    );
  });
});

describe('what every engine call carries', () => {
  it('writes the local time with its offset', () => {
    const text = terminalDateTime(new Date('2026-12-05T15:04:05Z'));
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(new Date(text).toISOString()).toBe('2026-12-05T15:04:05.000Z');
  });

  it('makes trace numbers the engine takes, different each call', () => {
    const a = newTraceNumber();
    const b = newTraceNumber();
    expect(a).toMatch(/^[0-9A-Z]{1,20}$/);
    expect(a).not.toBe(b);
  });
});
