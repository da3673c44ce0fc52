import { spanishMessagePairs } from '@ebt/core/i18n';
import { expect, type Page } from '@playwright/test';
import { en } from '../packages/web/src/lib/i18n/en';
import { es } from '../packages/web/src/lib/i18n/es';
import { DEMO_PASSWORD, DEMO_USERS, expectAccessible } from './helpers';

// What the Spanish stories share (spanish.spec.ts and the accessibility walk in Spanish): the English that must not
// show on a Spanish page, and signing in on a Spanish page. A spec chooses Spanish as a browser does:
// test.use({ locale: 'es-US' }).

/** English texts that must not show on a Spanish page: catalogue texts and messages whose Spanish differs. */
const ENGLISH: string[] = (() => {
  const texts = new Set<string>();
  for (const [group, entries] of Object.entries(en)) {
    const spanish = (es as Record<string, Record<string, string>>)[group]!;
    for (const [key, text] of Object.entries(entries as Record<string, string>)) {
      if (spanish[key] === text) continue;
      // The fixed words of a text with placeholders or markup: its longest run without them.
      const fixed = text
        .split(/\{\{\w+\}\}|<\/?\w+>/)
        .map((part) => part.trim())
        .sort((a, b) => b.length - a.length)[0];
      if (fixed && fixed.length >= 3) texts.add(fixed);
    }
  }
  for (const { en: english } of spanishMessagePairs()) {
    const fixed = english
      .split(/\{\w+\}/)
      .map((part) => part.trim())
      .sort((a, b) => b.length - a.length)[0];
    if (fixed && fixed.length >= 8) texts.add(fixed);
  }
  return [...texts];
})();

/**
 * English words Spanish text never has: a line with two of them is an English sentence written in a screen rather
 * than taken from a catalogue, which the catalogue comparison cannot see.
 */
const ENGLISH_WORDS = new Set(['the', 'your', 'you', 'with', 'this', 'are', 'is', 'of', 'and', 'to', 'for', 'was']);

/**
 * Stored data shown as stored (docs/i18n.md, limits): the demo application's description (applications.descr).
 */
const STORED_ENGLISH = [/^The Senior Farmers Market Nutrition Program gives/, /^Complete the form below\./];

function englishSentences(shown: string): string[] {
  return shown
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => {
      const words = new Set(line.toLowerCase().match(/[a-z]+/g) ?? []);
      return [...ENGLISH_WORDS].filter((word) => words.has(word)).length >= 2;
    })
    .filter((line) => !STORED_ENGLISH.some((stored) => stored.test(line)));
}

/**
 * The English the page shows: catalogue and message texts (long ones anywhere, short ones as a whole line) and
 * sentences written in English in a screen; and <html lang> when it is not es.
 */
export async function englishOn(page: Page): Promise<string[]> {
  const lang = await page.locator('html').getAttribute('lang');
  const shown = await page.locator('body').innerText();
  const lines = new Set(shown.split('\n').map((line) => line.trim()));
  const found = ENGLISH.filter((text) => (text.length >= 16 ? shown.includes(text) : lines.has(text)));
  found.push(...englishSentences(shown).filter((line) => !found.some((text) => line.includes(text))));
  return lang === 'es' ? found : [`<html lang="${lang}">`, ...found];
}

/** The page's visible text has none of the English texts, and <html lang="es">. */
async function expectNoEnglish(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await englishOn(page), `English on ${page.url()}`).toEqual([]);
}

export async function checkPage(page: Page) {
  await expectNoEnglish(page);
  await expectAccessible(page);
}

export async function signInInSpanish(page: Page, username: string = DEMO_USERS.recipient, landing = /\/recipient$/) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Nombre de usuario' }).fill(username);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(landing);
  if (username === DEMO_USERS.recipient)
    await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
}
