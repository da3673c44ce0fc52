import { parse as parseCsv } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simpleCsvRecords } from './csv-records.js';

// The fast reader must give exactly what csv-parse gives (with readCsv's options, cells then trimmed as cellText
// trims them) whenever it answers at all; when the text is not its shape it must answer null.

const csvParse = (text: string, delimiter: string, limit: number) =>
  (
    parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      to: limit,
    }) as string[][]
  ).map((record) => record.map((cell) => cell.trim()));

const delimiters = fc.constantFrom(',', ';', '\t');

/** Any text made of the pieces that matter to CSV: separators, quotes, line endings, spaces, letters. */
const anyText = fc
  .array(fc.constantFrom('a', 'b1', ' ', '\t', ',', ';', '"', '""', '\r\n', '\n', '\r', 'é', '\u00a0'), {
    maxLength: 40,
  })
  .map((pieces) => pieces.join(''));

/** Well-formed files of the common shape: cells with or without quotes, one line ending. */
const simpleFile = fc
  .record({
    delimiter: delimiters,
    ending: fc.constantFrom('\n', '\r\n'),
    finalEnding: fc.boolean(),
    rows: fc.array(
      fc.array(
        fc.record({
          text: fc
            .array(fc.constantFrom('x', '7', ' ', ',', ';', '\t', '"', '$1,250.50', 'José'), { maxLength: 6 })
            .map((p) => p.join('')),
          quoted: fc.boolean(),
        }),
        { maxLength: 6 },
      ),
      { maxLength: 12 },
    ),
  })
  .map(({ delimiter, ending, finalEnding, rows }) => {
    const line = (cells: { text: string; quoted: boolean }[]) =>
      cells
        .map(({ text, quoted }) => {
          // Unquoted cells may not hold a quote, the separator or a space at an end that a quote would keep.
          const plain = !quoted && !text.includes('"') && !text.includes(delimiter);
          return plain ? text : `"${text.replaceAll('"', '""')}"`;
        })
        .join(delimiter);
    return { delimiter, text: rows.map(line).join(ending) + (finalEnding && rows.length ? ending : '') };
  });

describe('simpleCsvRecords', () => {
  it('reads a file of the common shape as csv-parse does', () => {
    fc.assert(
      fc.property(simpleFile, fc.integer({ min: 1, max: 15 }), ({ delimiter, text }, limit) => {
        // A last line of only spaces with no line ending is left to csv-parse (see csv-records.ts).
        fc.pre(!/(^|\n)[ \t]+$/.test(text));
        const records = simpleCsvRecords(text, delimiter, limit);
        expect(records).not.toBeNull();
        expect(records).toEqual(csvParse(text, delimiter, limit));
      }),
      { numRuns: 2000 },
    );
  });

  it('answers what csv-parse answers, or null, for any text', () => {
    fc.assert(
      fc.property(anyText, delimiters, fc.integer({ min: 1, max: 15 }), (text, delimiter, limit) => {
        const records = simpleCsvRecords(text, delimiter, limit);
        if (records !== null) expect(records).toEqual(csvParse(text, delimiter, limit));
      }),
      { numRuns: 5000 },
    );
  });

  it('leaves line breaks inside quotes, stray quotes and mixed line endings to csv-parse', () => {
    expect(simpleCsvRecords('a,"b\nc"\n', ',', 10)).toBeNull();
    expect(simpleCsvRecords('a,b"c\n', ',', 10)).toBeNull();
    expect(simpleCsvRecords('a, "b"\n', ',', 10)).toBeNull();
    expect(simpleCsvRecords('a\r\nb\nc\r\n', ',', 10)).toBeNull();
    expect(simpleCsvRecords('a\rb\r', ',', 10)).toBeNull();
  });

  it('keeps blank lines as records, so row numbers stay those the spreadsheet shows', () => {
    expect(simpleCsvRecords('h1,h2\r\n\r\n 1 ,"two, three"\r\n', ',', 10)).toEqual([
      ['h1', 'h2'],
      [''],
      ['1', 'two, three'],
    ]);
  });
});
