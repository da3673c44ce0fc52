import { describe, expect, it } from 'vitest';
import * as c from './index.js';

// Pins the numbers of A§9 and B§9 that server, web and tests share.
describe('constants', () => {
  it('keeps the specification numbers', () => {
    expect(c.INACTIVITY_TIMEOUT_MS).toBe(20 * 60 * 1000);
    expect(c.INACTIVITY_CHECK_MS).toBe(1000);
    expect(c.RECIPIENT_SEARCH_PAGE_SIZE).toBe(2000);
    expect(c.LIST_PAGE_SIZE).toBe(10);
    expect(c.NOTIFICATIONS_PAGE_SIZE).toBe(5);
    expect(c.EXPIRING_SOON_DAYS).toBe(14);
    expect(c.FILE_SIZE_LIMIT_BYTES).toBe(1024 * 1024);
    expect(c.MAX_BENEFIT_AMOUNT).toBe('9999.99');
    expect(c.MAX_BENEFIT_AMOUNT_CENTS).toBe(999_999);
    expect(c.PAN_LENGTH).toBe(19);
    expect(c.MAX_PAGE_SIZE).toBe(2000);
    expect(c.BULK_PAN_DIALOG_THRESHOLD).toBe(400);
    expect(c.SESSION_IDLE_MS).toBe(c.INACTIVITY_TIMEOUT_MS);
    // Several keep-alive calls fit in one idle window, so one lost call does not end an active session.
    expect(c.SESSION_KEEPALIVE_MS * 3).toBeLessThan(c.SESSION_IDLE_MS);
    expect(c.MIN_DATES.recipientSearch).toBe('2020-08-01');
  });

  it('gives a new program the card settings of B§9 with blank secrets, within the configuration limit', () => {
    const text = c.defaultProgramConfiguration('900100');
    expect(JSON.parse(text)).toEqual({
      issuerNumber: '900100',
      accountNumberLength: '9',
      expirationDate: '4Y',
      serviceCode1: '101',
      serviceCode2: '120',
      serviceCode3: '201',
      qrSigningKey: '',
      pinOffsetKey: '',
    });
    expect(text.length).toBeLessThanOrEqual(c.PROGRAM_CONFIGURATION_MAX);
  });
});
