import { describe, expect, it } from 'vitest';
import { configKeyPath, truncatedValue, utcText, validateConfigForm } from './config-form';

describe('the configuration form', () => {
  const check = validateConfigForm('2026-11-23');

  it('takes a key, a value and a date of today or later', () => {
    expect(check({ configKey: 'a.b', configValue: '1', effectiveDate: '2026-11-23' })).toEqual({});
  });

  it('names each broken rule of B§5 at its field', () => {
    expect(check({ configKey: '', configValue: '', effectiveDate: '' })).toEqual({
      configKey: 'Key is required.',
      configValue: 'Value is required.',
      effectiveDate: 'Effective Date is required.',
    });
    expect(check({ configKey: 'k'.repeat(256), configValue: 'v'.repeat(256), effectiveDate: '2026-1-1' })).toEqual({
      configKey: 'Must be at most 255 characters.',
      configValue: 'Must be at most 255 characters.',
      effectiveDate: 'Enter a date as YYYY-MM-DD.',
    });
    expect(check({ configKey: 'a', configValue: 'b', effectiveDate: '2026-11-22' }).effectiveDate).toBe(
      'The effective date cannot be in the past.',
    );
  });

  it('shows instants in UTC, long values cut short, and keys safely in paths', () => {
    expect(utcText('2026-11-23T15:04:05.123Z')).toBe('2026-11-23 15:04:05');
    expect(truncatedValue('x'.repeat(50))).toHaveLength(40);
    expect(truncatedValue('short')).toBe('short');
    expect(configKeyPath('a/b c')).toBe('/admin/configuration/a%2Fb%20c');
  });
});
