import { describe, expect, it } from 'vitest';
import { messagePlaceholders } from '../i18n/messages-es.js';
import { LANGUAGES } from '../languages/languages.js';
import { STATEMENT_TEXTS, type StatementTextKey } from './statement-texts.js';

/** The characters of WinAnsi (PDF 32000 annex D) past Latin-1's: what Helvetica can print besides ISO 8859-1. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (c: string) =>
  WIN_ANSI_EXTRAS.has(c) || (c >= ' ' && c <= '~') || (c.charCodeAt(0) >= 0xa0 && c.charCodeAt(0) <= 0xff);

const words = (language: (typeof LANGUAGES)[number]) => {
  const texts = STATEMENT_TEXTS[language];
  return [
    ...Object.values(texts.text),
    ...Object.values(texts.batchStatus),
    ...Object.values(texts.trxType),
    ...Object.values(texts.benefitKind),
  ];
};

describe("the statement's words", () => {
  it('has every text in Spanish with the placeholders of its English', () => {
    const { en, es } = STATEMENT_TEXTS;
    for (const key of Object.keys(en.text) as StatementTextKey[]) {
      expect(es.text[key]?.trim(), key).toBeTruthy();
      expect(messagePlaceholders(es.text[key]), key).toEqual(messagePlaceholders(en.text[key]));
    }
  });

  it('has a Spanish word for every batch status, transaction type and benefit kind the English names', () => {
    const { en, es } = STATEMENT_TEXTS;
    for (const table of ['batchStatus', 'trxType', 'benefitKind'] as const)
      expect(Object.keys(es[table]).sort(), table).toEqual(Object.keys(en[table]).sort());
  });

  it.each(LANGUAGES)('%s: prints only characters the standard Helvetica has (WinAnsi)', (language) => {
    const outside = words(language).flatMap((text) => [...text].filter((c) => !printable(c)));
    expect(outside).toEqual([]);
  });
});
