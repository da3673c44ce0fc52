import { expect, test } from '@playwright/test';
import { addRecipientAndSendActivation, DEMO_USERS, linkPathIn } from './helpers';
import { checkPage, signInInSpanish } from './spanish-helpers';

// Spanish (docs/i18n.md): a browser whose first language is Spanish gets the public and recipient
// pages in Spanish. On each page of the public flows (login error, forgot password, the application) and the recipient
// flows (home, searches, notifications, cards): the Spanish texts, no English text of the catalogues (those whose
// Spanish differs) and no English message that has a Spanish text, <html lang="es">, and axe.

test.use({ locale: 'es-US' });

const MINUTE = 60_000;

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
    // Typed day first, as a Spanish page writes dates (DD/MM/AAAA).
    await page.getByRole('textbox', { name: 'Fecha inicial' }).fill('01/08/2020');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('columnheader', { name: 'Número de autorización' })).toBeVisible();
    await expect(page.getByText(/^Mostrando \d+–\d+ de \d+$/)).toBeVisible();
    // Dates as es-US writes them (day first).
    await expect(page.locator('tbody time').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    await checkPage(page);

    await page.goto('/recipient/transactions');
    await expect(page.getByRole('heading', { level: 1, name: 'Transacciones' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Fecha inicial' }).fill('01/08/2020');
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
    // The notices themselves in Spanish, as their e-mails said them: none in English.
    const notices = page.getByTestId('notification');
    // Other specs add notices of their own (a phone removed from the card): any order, the benefits' ones among them.
    await expect(notices.filter({ hasText: /(beneficio|incentivo|compra)/ }).first()).toBeVisible();
    await expect(notices.filter({ hasText: /\b(Your|benefit|purchase|available)\b/ })).toHaveCount(0);
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

test.describe('Spanish activation page', () => {
  test("/validate is in Spanish: a missing link, then a new recipient's link and its field errors", async ({
    page,
    request,
  }) => {
    await page.goto('/validate');
    await expect(page.getByRole('heading', { level: 1, name: 'Activación de la cuenta' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('El enlace de activación no es válido.');
    await checkPage(page);

    // Staff add a person and send the activation e-mail (as recovery.spec.ts does); the person opens it in Spanish.
    const { message } = await addRecipientAndSendActivation(request, {
      firstname: 'Lucía',
      lastname: 'Ortega',
      address1: '12 Elm Street',
      city: 'Hartford',
      zipcode: '06103',
      mobilePhone: '8605550177',
      emailPrefix: 'nueva.participante',
    });

    await page.goto(linkPathIn(message.body, 'validate'));
    await expect(page.getByText(/^Hola, Lucía\. Elija una contraseña/)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Mensaje de texto (SMS)' })).toBeVisible();
    await checkPage(page);
    await page.getByRole('button', { name: 'Activar la cuenta' }).click();
    await expect(page.getByRole('textbox', { name: 'Contraseña', exact: true })).toHaveAttribute(
      'data-invalid',
      'true',
    );
    await expect(page.getByRole('textbox', { name: 'Respuesta' })).toHaveAttribute('aria-invalid', 'true');
    await checkPage(page);
  });
});

test.describe('Spanish recipient account, locator, time-out warning and offline home', () => {
  test('the account page is in Spanish, with its field errors', async ({ page }) => {
    await signInInSpanish(page);
    await page.goto('/recipient/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Cuenta' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Datos del usuario' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Pregunta de seguridad' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nombre de usuario' })).toHaveAccessibleDescription(
      'El nombre de usuario no se puede cambiar.',
    );
    await checkPage(page);
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    // Mantine marks a password field invalid with data-invalid (and ties the error to it).
    await expect(page.getByRole('textbox', { name: 'Contraseña actual' })).toHaveAttribute('data-invalid', 'true');
    await page.getByRole('button', { name: 'Guardar la pregunta de seguridad' }).click();
    await expect(page.getByRole('textbox', { name: 'Respuesta' })).toHaveAttribute('aria-invalid', 'true');
    await checkPage(page);
  });

  test('the merchant locator is in Spanish: the first view, an empty, an unknown and a street search', async ({
    page,
    context,
  }) => {
    await context.clearPermissions();
    await signInInSpanish(page);
    await page.goto('/recipient/merchantlocator');
    await expect(page.getByRole('heading', { level: 1, name: 'Buscar comerciantes' })).toBeVisible();
    await expect(page.getByText('No se puede determinar la ubicación actual.')).toBeVisible();
    // Without a position the first view is the recipient's own ZIP code (decision 0114).
    await expect(
      page.getByText(/^Comerciantes cerca de su código postal, .+\. Comerciantes a menos de \d+ millas\.$/),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Comerciantes cercanos' })).toBeVisible();
    await checkPage(page);

    const search = page.getByRole('search', { name: 'Buscar comerciantes cerca de un lugar' });
    await search.getByRole('button', { name: 'Buscar' }).click();
    await expect(search.getByRole('textbox', { name: 'Ubicación' })).toHaveAccessibleDescription(
      /Ingrese una ciudad, un código postal o Ciudad, ST\./,
    );
    await search.getByRole('textbox', { name: 'Ubicación' }).fill('Qqxzv Nowhere');
    await search.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText('No se encontró la ubicación.')).toBeVisible();
    await checkPage(page);
    // This server has no street geocoder: a street address is refused in Spanish.
    await search.getByRole('textbox', { name: 'Ubicación' }).fill('100 Congress Ave, Austin, TX 78701');
    await search.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText(/^Aquí solo se pueden buscar códigos postales y nombres de ciudades\./)).toBeVisible();
    await checkPage(page);
  });

  test('the time-out warning is in Spanish on recipient pages and English on staff pages', async ({ page }) => {
    // Mantine's dialog transitions run on timers the driven clock would hold: reduced motion skips them.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await signInInSpanish(page);
    await page.clock.runFor(18 * MINUTE + 1_000);
    const dialog = page.getByRole('dialog', { name: '¿Sigue ahí?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('su sesión se cerrará en 2 minutos');
    await expect(dialog.getByRole('button', { name: 'Mantener la sesión iniciada' })).toBeFocused();
    await checkPage(page);
    await dialog.getByRole('button', { name: 'Mantener la sesión iniciada' }).click();
    await expect(dialog).toHaveCount(0);

    // A staff user on a Spanish browser: the staff pages, and so their warning, stay English.
    await page.goto('/logout');
    await signInInSpanish(page, DEMO_USERS.agencyuser, /\/program$/);
    await page.clock.runFor(18 * MINUTE + 1_000);
    await expect(page.getByRole('dialog', { name: 'Are you still there?' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('the offline home of the installed app is in Spanish', async ({ page, context }) => {
    await signInInSpanish(page);
    await expect
      .poll(() => page.evaluate<string | undefined>('navigator.serviceWorker.ready.then((r) => r.active?.state)'), {
        timeout: 15_000,
      })
      .toBe('activated');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Saldos por programa' }).getByRole('article').first()).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('No actualizado')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^No tiene conexión\. Estos saldos/)).toBeVisible();
    await expect(page.getByTestId('offline-read-at')).toContainText(/Leídos el \d{2}\/\d{2}\/\d{4}/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
    await checkPage(page);
    await context.setOffline(false);
  });
});
