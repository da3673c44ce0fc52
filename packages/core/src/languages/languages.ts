/**
 * The languages of the public and recipient pages (docs/i18n.md, decision 0060). English is the specification's and
 * the fallback; staff pages stay English.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The `Intl` locale of each language: US English and US Spanish (dates, numbers, USD amounts). */
export const LANGUAGE_LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-US' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's languages ('es-MX', 'en-US', ...) the portal speaks; English when none. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
