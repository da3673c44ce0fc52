// A small memory for what `Intl` wrote: formatting a date or an amount for a locale costs microseconds a call, and
// the same few dozen values come back thousands of times (a benefit file's notices). Bounded: a table that reaches
// its limit is emptied and starts again, so no input can make it grow without end.

const LIMIT = 4096;

/** The table of one locale in `tables`, made on first use. */
export function remembered<K, V>(tables: Map<string, Map<K, V>>, locale: string): Map<K, V> {
  let table = tables.get(locale);
  if (!table) {
    table = new Map<K, V>();
    tables.set(locale, table);
  }
  return table;
}

export function remember<K, V>(table: Map<K, V>, key: K, value: V): void {
  if (table.size >= LIMIT) table.clear();
  table.set(key, value);
}
