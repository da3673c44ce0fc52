import { describe, expect, it } from 'vitest';
import { ProgramBody } from './schemas.js';
import {
  duplicateFundingSourceName,
  isPanPrefix,
  isSecretConfigurationKey,
  maskedProgramConfiguration,
  newProgramConfiguration,
  parseProgramConfiguration,
  programDateMin,
  SECRET_MASK,
  splitProgramConfiguration,
} from './rules.js';

describe('admin program rules (B§5, B§9)', () => {
  it('takes dates from today when adding and from 2021-02-01 when editing', () => {
    expect(programDateMin('add', '2026-11-23')).toBe('2026-11-23');
    expect(programDateMin('edit', '2026-11-23')).toBe('2021-02-01');
  });

  it('finds a funding source name given twice, ignoring case and spaces', () => {
    expect(duplicateFundingSourceName(['USDA', 'State Funds'])).toBeNull();
    expect(duplicateFundingSourceName(['USDA', ' usda '])).toBe('usda');
  });

  it('takes bin and series as digits, nine in all, both or neither', () => {
    expect(isPanPrefix('', '')).toBe(true);
    expect(isPanPrefix('900100', '001')).toBe(true);
    expect(isPanPrefix('9001', '00001')).toBe(true);
    expect(isPanPrefix('900100', '01')).toBe(false);
    expect(isPanPrefix('900100001', '')).toBe(false);
    expect(isPanPrefix('90010A', '001')).toBe(false);
  });

  it('reads a configuration as a JSON object of text, number or true/false values', () => {
    expect(parseProgramConfiguration('')).toEqual({});
    expect(parseProgramConfiguration('{"a":"1","b":2,"c":true}')).toEqual({ a: '1', b: 2, c: true });
    expect(parseProgramConfiguration('a=1')).toBeNull();
    expect(parseProgramConfiguration('[1]')).toBeNull();
    expect(parseProgramConfiguration('{"a":{"b":1}}')).toBeNull();
    expect(parseProgramConfiguration('{"a":1e999}')).toBeNull();
    expect(parseProgramConfiguration('{"a":-1e999}')).toBeNull();
    expect(parseProgramConfiguration('{"a":1e9}')).toEqual({ a: 1e9 });
  });

  it('names secret entries by their key and keeps, clears or replaces them', () => {
    expect(['qrSigningKey', 'pinOffsetKey', 'apiSecret', 'adminPassword'].every(isSecretConfigurationKey)).toBe(true);
    expect(
      [
        'apiKeyId',
        'privateKeyPem',
        'clientSecretValue',
        'credentials',
        'signingKeys',
        'API_KEY',
        'accessTokenUrl',
        'dbPwdHint',
        'QRSIGNINGKEY',
      ].every(isSecretConfigurationKey),
    ).toBe(true);
    expect(
      ['issuerNumber', 'accountNumberLength', 'expirationDate', 'serviceCode1', 'serviceCode3', 'keyboardLayout'].some(
        isSecretConfigurationKey,
      ),
    ).toBe(false);
    const stored = { qrSigningKey: 'old-secret' };
    expect(
      splitProgramConfiguration({ issuerNumber: '1', qrSigningKey: SECRET_MASK, pinOffsetKey: '' }, stored),
    ).toEqual({
      open: { issuerNumber: '1', qrSigningKey: '', pinOffsetKey: '' },
      secrets: { qrSigningKey: 'old-secret' },
    });
    expect(splitProgramConfiguration({ qrSigningKey: 'new' }, stored).secrets).toEqual({ qrSigningKey: 'new' });
    expect(splitProgramConfiguration({ qrSigningKey: '' }, stored).secrets).toEqual({});
  });

  it('shows a set secret as the mask only', () => {
    const shown = maskedProgramConfiguration('{"issuerNumber":"1","qrSigningKey":""}', ['qrSigningKey']);
    expect(JSON.parse(shown!)).toEqual({ issuerNumber: '1', qrSigningKey: SECRET_MASK });
    expect(maskedProgramConfiguration(null, [])).toBeNull();
  });

  it("starts a new program's configuration from the default card settings with blank secrets", () => {
    expect(JSON.parse(newProgramConfiguration())).toMatchObject({
      issuerNumber: '',
      accountNumberLength: '9',
      serviceCode1: '101',
      qrSigningKey: '',
      pinOffsetKey: '',
    });
  });

  it('limits the configuration to 1000 characters and the short name to 20 (B§5)', () => {
    const base = {
      programName: 'P',
      shortName: 'S'.repeat(20),
      programStatusId: 0,
      contactEmail: 'a@example.com',
      contactPhone: '8605550100',
      contactAddress1: '1 Main',
      contactCity: 'Hartford',
      contactStateCode: 'CT',
      contactZip: '06103',
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      fundingSources: [{ fundingId: -1, name: 'USDA' }],
    };
    expect(ProgramBody.safeParse(base).success).toBe(true);
    expect(ProgramBody.safeParse({ ...base, shortName: 'S'.repeat(21) }).success).toBe(false);
    expect(ProgramBody.safeParse({ ...base, configuration: `{"a":"${'x'.repeat(992)}"}` }).success).toBe(true);
    expect(ProgramBody.safeParse({ ...base, configuration: `{"a":"${'x'.repeat(993)}"}` }).success).toBe(false);
  });
});
