import { DEFAULT_LANGUAGE } from '@ebt/core/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

/**
 * i18next with react-i18next (for `useTranslation` and `<Trans>` in any screen) and the English catalogue. Its own
 * chunk, loaded before the first render (lib/i18n/index.ts `startLanguage`), so the startup code every page parses
 * stays small (the /login budget, bench/bundle-size.ts). Spanish comes in a chunk of its own when chosen.
 */
export async function createI18n() {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'es'],
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
