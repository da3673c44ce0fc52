import { spanishMessagePairs, spanishNoticeDate } from '@ebt/core/i18n';

/** A calendar date as a message value carries it (the specification's YYYY-MM-DD). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Turns an English message (a core constant, filled or not, as the API or a schema answers it) into its Spanish text
 * (core i18n, keyed by the constant's name). A text with `{placeholders}` is recognised by its fixed words, and its
 * values are carried into the Spanish. Unknown text (names, data) is returned as it came; a line of several known
 * messages is translated message by message.
 */
export function messageTranslator(pairs = spanishMessagePairs()): (text: string) => string {
  const exact = new Map<string, string>();
  const patterns: {
    pattern: RegExp;
    names: string[];
    es: string;
    fixed: number;
    words?: (typeof pairs)[number]['values'];
  }[] = [];
  for (const { en, es, values: words } of pairs) {
    if (!/\{\w+\}/.test(en)) {
      if (!exact.has(en)) exact.set(en, es);
      continue;
    }
    const names: string[] = [];
    const source = en
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return '(.+?)';
      })
      .join('');
    patterns.push({
      pattern: new RegExp(`^${source}$`, 's'),
      names,
      es,
      fixed: en.replace(/\{\w+\}/g, '').length,
      words,
    });
  }
  // The most specific first: 'Your benefit {a} expired on {d}.' would also match '... expired on {d} with {x} unspent.'
  patterns.sort((a, b) => b.fixed - a.fixed);

  const one = (text: string): string | undefined => {
    const known = exact.get(text);
    if (known !== undefined) return known;
    for (const { pattern, names, es, words } of patterns) {
      const match = pattern.exec(text);
      if (!match) continue;
      const values = new Map<string, string>();
      names.forEach((name, index) => {
        const value = match[index + 1] ?? '';
        // A word of ours (a card status) in Spanish; a calendar date day first, as the Spanish pages and e-mails
        // write it; other data (names, amounts) as it came.
        if (!values.has(name))
          values.set(name, words?.[name]?.[value] ?? (ISO_DATE.test(value) ? spanishNoticeDate(value) : value));
      });
      return es.replace(/\{(\w+)\}/g, (whole, name: string) => values.get(name) ?? whole);
    }
    return undefined;
  };

  // A line of several messages ('Unable to login at this time. Too many failed sign-in attempts. Try again in 30
  // minutes.'): each known message is found as a run of whole sentences, the longest first.
  const several = (sentences: string[]): string[] | undefined => {
    if (sentences.length === 0) return [];
    for (let end = sentences.length; end >= 1; end--) {
      const head = one(sentences.slice(0, end).join(' '));
      if (head === undefined) continue;
      const rest = several(sentences.slice(end));
      if (rest) return [head, ...rest];
    }
    return undefined;
  };

  return (text: string) => {
    const trimmed = text.trim();
    const whole = one(trimmed);
    if (whole !== undefined) return whole;
    const sentences = trimmed.split(/(?<=[.!?])\s+/);
    if (sentences.length < 2) return text;
    return several(sentences)?.join(' ') ?? text;
  };
}
