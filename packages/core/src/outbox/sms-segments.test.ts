import { describe, expect, it } from 'vitest';
import { smsSize } from './sms-segments.js';

describe('smsSize', () => {
  it('counts plain English as GSM-7, 160 septets in one part and 153 per part after', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSize('a'.repeat(306))).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
  });

  it('counts the extension table (€, brackets) as two septets', () => {
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize('[' + 'a'.repeat(159))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
  });

  it('keeps GSM-7 for the Spanish letters the alphabet has (ñ, é, ¿, ¡) and switches to UCS-2 for á, í, ó, ú', () => {
    expect(smsSize('¿Señor? ¡Sí, él!').encoding).toBe('UCS-2'); // í is not in the alphabet
    expect(smsSize('¿Señor? ¡Él está!').encoding).toBe('UCS-2'); // á is not either
    expect(smsSize('¿Señor? ¡Él!').encoding).toBe('GSM-7');
    expect(smsSize('Beneficio disponible: $20.00. Código 123456. ' + 'x'.repeat(25))).toEqual({
      encoding: 'UCS-2',
      units: 70,
      segments: 1,
    });
    expect(smsSize('ó'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSize('ó'.repeat(134)).segments).toBe(2);
    expect(smsSize('ó'.repeat(135)).segments).toBe(3);
  });

  it('counts an emoji as two UCS-2 units', () => {
    expect(smsSize('🙂')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
  });
});
