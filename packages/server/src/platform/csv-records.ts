// The common shape of a CSV upload read without csv-parse (decision 0078): one line ending throughout, and every cell
// either free of quotes or quoted whole ("...", with "" for a quote) on one line. csv-parse takes 0.1-0.2 s of a
// 1 MB file's import, in front of everything else; this reads such a file in a fraction of that. Anything else (a
// line break inside quotes, a quote inside an unquoted cell, spaces around a quoted cell, mixed or bare-CR line
// endings) answers null and csv-parse reads the file as before. csv-records.test.ts holds both to the same records.

const QUOTE = 34;

/**
 * The records of `text` as csv-parse gives them with the options of file-import.ts readCsv (trim, relaxed column
 * count, empty lines kept), cut at `limit` records; cells trimmed as `String.prototype.trim` does. Null: not this
 * shape, let csv-parse read it.
 */
export function simpleCsvRecords(text: string, delimiter: string, limit: number): string[][] | null {
  let lines: string[];
  if (text.includes('\r')) {
    lines = text.split('\r\n');
    if (lines.some((line) => line.includes('\r') || line.includes('\n'))) return null;
  } else lines = text.split('\n');
  // A final line ending ends the last record; it does not start another. A last line of nothing but spaces is
  // dropped by csv-parse, by its own idea of a space: leave that rare file to it.
  const last = lines[lines.length - 1]!;
  if (last === '') lines.pop();
  else if (last.trim() === '') return null;
  const records: string[][] = [];
  for (const line of lines) {
    if (records.length === limit) break;
    const record = simpleCsvLine(line, delimiter);
    if (!record) return null;
    records.push(record);
  }
  return records;
}

function simpleCsvLine(line: string, delimiter: string): string[] | null {
  if (!line.includes('"')) return line.split(delimiter).map((cell) => cell.trim());
  const cells: string[] = [];
  let at = 0;
  for (;;) {
    if (line.charCodeAt(at) === QUOTE) {
      // A quoted cell: up to the quote that is not doubled, which must end the cell.
      let value = '';
      let from = at + 1;
      for (;;) {
        const close = line.indexOf('"', from);
        if (close < 0) return null;
        value += line.slice(from, close);
        if (line.charCodeAt(close + 1) === QUOTE) {
          value += '"';
          from = close + 2;
          continue;
        }
        at = close + 1;
        break;
      }
      cells.push(value.trim());
      if (at === line.length) return cells;
      if (!line.startsWith(delimiter, at)) return null;
      at += delimiter.length;
    } else {
      const end = line.indexOf(delimiter, at);
      const cell = end < 0 ? line.slice(at) : line.slice(at, end);
      if (cell.includes('"')) return null;
      cells.push(cell.trim());
      if (end < 0) return cells;
      at = end + delimiter.length;
    }
  }
}
