import { spanishMessagePairs } from '@ebt/core/i18n';
import { expect, test, type Page } from '@playwright/test';
import { en } from '../packages/web/src/lib/i18n/en';
import { es } from '../packages/web/src/lib/i18n/es';
import { DEMO_PASSWORD, DEMO_USERS, expectAccessible } from './helpers';

// Spanish (issue 23 item 5, docs/i18n.md): a browser whose first language is Spanish gets the public and recipient
// pages in Spanish. On each page of the public flows (login error, forgot password, the application) and the recipient
// flows (home, searches, notifications, cards): the Spanish texts, no English text of the catalogues (those whose
// Spanish differs) and no English message that has a Spanish text, <html lang="es">, and axe.

test.use({ locale: 'es-US' });

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

/** The page's visible text has none of the English texts: long ones anywhere, short ones as a whole line. */
async function expectNoEnglish(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const shown = await page.locator('body').innerText();
  const lines = new Set(shown.split('\n').map((line) => line.trim()));
  const found = ENGLISH.filter((text) => (text.length >= 16 ? shown.includes(text) : lines.has(text)));
  expect(found, `English on ${page.url()}`).toEqual([]);
}

async function checkPage(page: Page) {
  await expectNoEnglish(page);
  await expectAccessible(page);
}

async function signInInSpanish(page: Page) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Nombre de usuario' }).fill(DEMO_USERS.recipient);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/recipient$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
}

test.describe('Spanish public pages', () => {
  test('the sign-in page and its error are in Spanish; the switch turns the page English and back', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page).toHaveTitle('Iniciar sesión · MarketLink');
    await checkPage(page);

    await page.getByRole('textbox', { name: 'Nombre de usuario' }).fill(DEMO_USERS.recipient);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('Wrong#Password1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText('La combinación de nombre de usuario y contraseña no es válida.');
    await checkPage(page);

    // An empty form: core's English field rules are shown in Spanish.
    await page.getByRole('textbox', { name: 'Nombre de usuario' }).fill('');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('textbox', { name: 'Nombre de usuario' })).toHaveAccessibleDescription(
      'El nombre de usuario es obligatorio.',
    );

    // The switch (header): English now, remembered on this device across a reload; then Spanish again.
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await checkPage(page);
  });

  test('forgot password is in Spanish, with the unknown-username message', async ({ page }) => {
    await page.goto('/forgotpass');
    await expect(page.getByRole('heading', { level: 1, name: 'Olvidé mi contraseña' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Paso 1 de 4: Ingrese su nombre de usuario');
    await checkPage(page);
    await page.getByRole('textbox', { name: 'Nombre de usuario' }).fill('nosuchuser42');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('No se encontró el nombre de usuario.')).toBeVisible();
    await checkPage(page);
  });

  test('the online application is in Spanish from details to thanks', async ({ page }) => {
    await page.goto('/apply/ct');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Paso 1 de 4: Sus datos');
    await checkPage(page);

    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveAccessibleDescription(
      'Este campo es obligatorio.',
    );
    await checkPage(page);

    const lastname = `Solicitante${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Margarita');
    await page.getByRole('textbox', { name: 'Apellido' }).fill(lastname);
    await page.getByRole('textbox', { name: 'Dirección, línea 1' }).fill('12 Orchard Lane');
    await page.getByRole('textbox', { name: 'Ciudad' }).fill('Hartford');
    await page.getByRole('textbox', { name: 'Código postal' }).fill('06105');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(`${lastname.toLowerCase()}@example.com`);
    await page.getByRole('textbox', { name: 'Teléfono móvil' }).fill('(860) 555-0142');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Revise su solicitud/ })).toBeVisible();
    await checkPage(page);

    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('region', { name: 'Declaración de derechos' })).toContainText(
      'Al enviar esta solicitud, certifico y entiendo que:',
    );
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(
      page.getByRole('checkbox', { name: 'Leí y acepto las declaraciones anteriores.' }),
    ).toHaveAccessibleDescription('Debe aceptar las declaraciones anteriores para enviar la solicitud.');
    await checkPage(page);
    await page.getByRole('checkbox', { name: 'Leí y acepto las declaraciones anteriores.' }).check();
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByText('Su solicitud fue enviada.')).toBeVisible();
    await expect(page.getByText(/Su número de referencia es \d+\./)).toBeVisible();
    await checkPage(page);
  });
});

test.describe('Spanish recipient pages', () => {
  test('home, benefits, transactions, merchants, notifications and cards are in Spanish', async ({ page }) => {
    await signInInSpanish(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Saldo total' })).toBeVisible();
    await expect(page.getByTestId('total-balance')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await checkPage(page);

    // A program's detail: its balance, facts, recent transactions and cards.
    await page
      .getByRole('button', { name: /abrir los detalles del programa/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Transacciones recientes' })).toBeVisible();
    await checkPage(page);

    await page.goto('/recipient/benefits');
    await expect(page.getByRole('heading', { level: 1, name: 'Beneficios' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Fecha inicial' }).fill('2020-08-01');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('columnheader', { name: 'Número de autorización' })).toBeVisible();
    await expect(page.getByText(/^Mostrando \d+–\d+ de \d+$/)).toBeVisible();
    // Dates as es-US writes them (day first).
    await expect(page.locator('tbody time').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await checkPage(page);

    await page.goto('/recipient/transactions');
    await expect(page.getByRole('heading', { level: 1, name: 'Transacciones' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Fecha inicial' }).fill('2020-08-01');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('columnheader', { name: 'Resultado' })).toBeVisible();
    await checkPage(page);

    await page.goto('/recipient/merchants');
    await expect(page.getByRole('heading', { level: 1, name: 'Comerciantes' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Nombre' }).fill('zz no such merchant zz');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText('No se encontraron comerciantes.')).toBeVisible();
    await checkPage(page);

    await page.goto('/recipient/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Preferencias' })).toBeVisible();
    await checkPage(page);

    await page.goto('/recipient/ebtcards');
    await expect(page.getByRole('heading', { level: 1, name: 'Tarjetas EBT' })).toBeVisible();
    await checkPage(page);
    await page.getByRole('link', { name: 'Agregar tarjeta EBT' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Agregar tarjeta EBT' })).toBeVisible();
    await page.getByRole('button', { name: 'Agregar tarjeta' }).click();
    await expect(page.getByRole('textbox', { name: 'Número de la tarjeta' })).toHaveAttribute('aria-invalid', 'true');
    await checkPage(page);
  });
});
