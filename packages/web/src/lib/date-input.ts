import type { Language } from '@ebt/core/languages';

// How a date field writes and reads a date in each language (components/DateField.tsx). The form's value is always
// the specification's 'YYYY-MM-DD' (B§9); a Spanish page shows and takes it day first, 'DD/MM/YYYY', as its dates are
// written everywhere else (Intl es-US, docs/i18n.md).

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** The text a date field shows for its value: a whole date in the language's order, anything else as typed. */
export function shownDateText(value: string, language: Language): string {
  const iso = ISO_DATE.exec(value);
  if (language !== 'es' || !iso) return value;
  const [, year, month, day] = iso;
  return `${day}/${month}/${year}`;
}

/**
 * The value for what a person typed: on a Spanish page a whole day-first date becomes 'YYYY-MM-DD' (a day or month
 * of one digit too); anything else stays as typed, still being written or for the form's rule to refuse.
 */
export function typedDateValue(text: string, language: Language): string {
  const dayFirst = language === 'es' ? DAY_FIRST.exec(text.trim()) : null;
  if (!dayFirst) return text;
  const [, day, month, year] = dayFirst;
  return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
}
