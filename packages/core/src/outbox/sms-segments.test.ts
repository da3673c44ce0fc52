import { describe, expect, it } from 'vitest';
import { fitSms, smsSize } from './sms-segments.js';

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

describe('fitSms', () => {
  it('leaves a text within two parts as it is', () => {
    const text = 'Your benefit of $20.00 is available. ' + 'a'.repeat(200);
    expect(smsSize(text).segments).toBe(2);
    expect(fitSms(text)).toBe(text);
  });

  it('cuts a long GSM-7 text at a word boundary with "..." and keeps it GSM-7 within two parts', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const fitted = fitSms(words);
    expect(fitted.endsWith('...')).toBe(true);
    expect(smsSize(fitted)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    const kept = fitted.slice(0, -3);
    expect(words.startsWith(kept)).toBe(true);
    // The cut falls between two words: the next character of the original is a space.
    expect(words[kept.length]).toBe(' ');
    // As much as fits: one more word would not.
    const next = words.slice(0, words.indexOf(' ', kept.length + 1));
    expect(smsSize(next + '...').segments).toBe(3);
  });

  it('cuts a long Spanish (UCS-2) text with "…" within two parts', () => {
    const text = 'Beneficio disponible en su cuenta según el programa del mercado. '.repeat(5);
    const fitted = fitSms(text);
    expect(fitted.endsWith('…')).toBe(true);
    expect(smsSize(fitted)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(text.startsWith(fitted.slice(0, -1))).toBe(true);
    expect(text[fitted.length - 1]).toMatch(/\s/);
  });

  it('keeps the link and what follows it, cutting the words before it', () => {
    const link = 'https://portal.example/apply/farmer/status?hash=0i-h30yle2D3rqNRwgXjN9nI7MZ4f1coiuifWVVn_zs';
    const text = `MarketLink: necesitamos más información sobre su solicitud FA-000016. Complétela aquí: ${link}`;
    const fitted = fitSms(text);
    expect(smsSize(text).segments).toBe(3);
    expect(smsSize(fitted).segments).toBe(2);
    expect(fitted.endsWith(`… ${link}`)).toBe(true);
    const kept = fitted.slice(0, fitted.indexOf('…'));
    expect(text.startsWith(kept)).toBe(true);
    expect(text[kept.length]).toBe(' ');
  });

  it('cuts the end when the link itself leaves no room', () => {
    const text = `${'word '.repeat(10)}https://x.example/${'a'.repeat(400)}`;
    const fitted = fitSms(text);
    // The link is one word too long to keep: the words before it stay, whole.
    expect(fitted).toBe(`${'word '.repeat(10).trimEnd()}...`);
  });

  it('cuts inside a word that is longer than the room', () => {
    const fitted = fitSms('x'.repeat(400));
    expect(fitted).toBe('x'.repeat(303) + '...');
    expect(smsSize(fitted).segments).toBe(2);
  });
});
