import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/messages.js';
import { requiredText } from './fields.js';
import { isStorableText, text } from './text.js';

describe('isStorableText', () => {
  it('accepts ordinary text, accents and emoji (a surrogate pair)', () => {
    for (const value of ['', 'Jane', 'Zoë Ñúñez', '李', 'ok 😀', '\uD83D\uDE00', 'tab\tand\nnewline']) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('refuses a NUL character anywhere', () => {
    for (const value of ['\u0000', 'a\u0000', '\u0000a', 'a\u0000b']) expect(isStorableText(value)).toBe(false);
  });

  it('refuses a surrogate half without its partner, in any place', () => {
    for (const value of [
      '\ud800',
      '\ud800x',
      'x\ud800',
      '\udc00',
      'x\udfff',
      '\udc00\ud800',
      '\ud83d\ud83d\ude00x\ud800',
    ]) {
      expect(isStorableText(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('text', () => {
  it("answers 'Text contains characters that are not allowed.' and only that", () => {
    const result = text().trim().min(1).max(3).regex(/^a+$/, 'letters a only').safeParse('\u0000\u0000\u0000\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.TEXT_NOT_ALLOWED]);
    expect(MESSAGES.TEXT_NOT_ALLOWED).toBe('Text contains characters that are not allowed.');
  });

  it('keeps the given message for a value that is not text', () => {
    expect(text('Name is required.').safeParse(undefined).error?.issues[0]?.message).toBe('Name is required.');
    expect(text().safeParse(5).success).toBe(false);
  });

  it('lets the builders of fields.ts refuse what the database cannot hold', () => {
    expect(requiredText(10).safeParse('Ann\u0000').error?.issues[0]?.message).toBe(MESSAGES.TEXT_NOT_ALLOWED);
    expect(requiredText(10).safeParse('\ud800x').error?.issues[0]?.message).toBe(MESSAGES.TEXT_NOT_ALLOWED);
    expect(requiredText(10).parse(' Ann 😀 ')).toBe('Ann 😀');
  });
});
