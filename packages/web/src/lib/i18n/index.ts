import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_LOCALE, pickLanguage, type Language } from '@ebt/core/languages';
import type { i18n as I18n, TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';

// The language of the public and recipient pages (docs/i18n.md, decision 0060). i18next, react-i18next and the
// English catalogue load in one chunk before the first render (setup.ts); Spanish is its own chunk (es.ts), loaded
// when chosen. This file is in the startup code: it holds no catalogue and imports neither library.

const STORAGE_KEY = 'marketlink.language';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The language the person chose on this device, if any. */
export function rememberedLanguage(): Language | null {
  const value = storage()?.getItem(STORAGE_KEY);
  return isLanguage(value) ? value : null;
}

/** At start: the language chosen on this device, else the first of the browser's languages the portal speaks. */
export function initialLanguage(): Language {
  return rememberedLanguage() ?? pickLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** The language the person chose (device, user); the staff pages show English whatever it is. */
let chosen: Language = DEFAULT_LANGUAGE;
/** Whether the page shown is a staff page (English only). */
let staffPage = false;
let translateMessage: (text: string) => string = (text) => text;

let instance: I18n | null = null;
let version = 0;
const listeners = new Set<() => void>();

function followDocument(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

/** Loads a language's catalogue (Spanish: its chunk, with the Spanish of the messages) and shows it. */
async function show(language: Language): Promise<void> {
  const i18n = instance;
  if (!i18n) return;
  if (language === 'es' && !i18n.hasResourceBundle('es', 'translation')) {
    const module = await import('./es');
    i18n.addResourceBundle('es', 'translation', module.es, true, true);
    translateMessage = module.translateMessage;
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  followDocument(language);
  changed();
}

function shownLanguage(): Language {
  return staffPage ? DEFAULT_LANGUAGE : chosen;
}

/** Starts in the language of this device or browser; the first render waits for its catalogue (Spanish only). */
export async function startLanguage(): Promise<void> {
  chosen = initialLanguage();
  try {
    const { createI18n } = await import('./setup');
    instance = await createI18n();
    await show(chosen);
  } catch (error) {
    // Without the catalogues the screens show their keys: still usable enough to reload.
    console.error('The language could not be loaded', error);
  }
}

/** The person picked a language: shown now and remembered on this device (the caller keeps it on the user). */
export async function chooseLanguage(language: Language): Promise<void> {
  chosen = language;
  storage()?.setItem(STORAGE_KEY, language);
  await show(shownLanguage());
}

/** A signed-in user's kept language applies when this device remembers none. */
export function adoptUserLanguage(language: Language | null | undefined): void {
  if (!language || rememberedLanguage() || language === chosen) return;
  void chooseLanguage(language);
}

/** Staff pages stay English; public and recipient pages show the chosen language. */
export function setStaffPage(staff: boolean): void {
  if (staff === staffPage) return;
  staffPage = staff;
  void show(shownLanguage());
}

export function currentLanguage(): Language {
  return isLanguage(instance?.language) ? instance.language : DEFAULT_LANGUAGE;
}

/** `t` outside React (a confirmation opened from an event handler). */
export const translate = ((...args: Parameters<TFunction>) =>
  instance ? instance.t(...args) : args[0]) as unknown as TFunction;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The message text to show: on a Spanish page, the Spanish of a message of ours found by its key (a constant of core,
 * a text filled by `ruleMessage` or `dataMessage`, or one the server sent with its `messageKey`); other text as it is.
 */
export function messageText(text: string): string {
  return currentLanguage() === 'es' ? translateMessage(text) : text;
}

/**
 * `t` for the page's texts, `m` for messages (the API's and core's English texts) and `locale` for `Intl`
 * ('en-US' or 'es-US').
 */
export function useI18n() {
  const shown = useSyncExternalStore(subscribe, () => version);
  return useMemo(() => {
    const language = currentLanguage();
    // A new `t` with each change of language, so memoised children see the change (as react-i18next's does).
    const t = ((...args: Parameters<TFunction>) => translate(...args)) as unknown as TFunction;
    return { t, m: messageText, language, locale: LANGUAGE_LOCALE[language] };
    // `shown` changes with the language: it is what makes a new `t`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
}

/** Translates a form's field errors (from core's schemas, in English) for the page's language. */
export function localizedErrors<T extends Record<string, unknown>>(errors: T): T {
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, typeof error === 'string' ? messageText(error) : error]),
  ) as T;
}

/** A form's input props with the field's error in the page's language (kit field groups, forms). */
export function localizedInputProps<A extends unknown[], P extends { error?: unknown }>(
  inputProps: (...args: A) => P,
): (...args: A) => P {
  return (...args) => {
    const props = inputProps(...args);
    return typeof props.error === 'string' ? { ...props, error: messageText(props.error) } : props;
  };
}
