import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiToken,
  bearer,
  DEMO_PASSWORD,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  signInAs,
} from './helpers';
import { signInInSpanish } from './spanish-helpers';

// Card PINs (docs/security.md "Card PINs"): the recipient, on a phone, changes their card's PIN (a wrong password
// refused first); a program admin sees the PIN on the recipient's PANs page and clears it; the recipient is then asked
// after sign-in to set one, and sets it (a guessable one refused first). The story uses recipient01's Senior Farmers
// Market card and ends with the demo PIN on it again: the other specs, running beside this one, spend the SNAP card
// (0013) with the demo PIN, and find the notifications with one PIN notice at most.

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.PIN_SHOTS_DIR ?? 'test-results/card-pin';
/** The demo cards' PIN (README), which the story puts back. */
const DEMO_PIN = '4826';
/** The card the engine's specs spend: never touched here. */
const ENGINE_CARD_LAST4 = '0013';

interface Card {
  panId: number;
  last4: string;
  panStatusId: number;
  pinSet: boolean;
}

/** recipient01's Active card that no other spec spends, with a PIN (the demo one when it had none). */
async function storyCard(request: APIRequestContext) {
  const recipient = await apiToken(request, DEMO_USERS.recipient);
  const staff = await apiToken(request, DEMO_USERS.progadmin);
  const cards = (await (
    await request.get('/account-api/pans/currentuser', { headers: bearer(recipient) })
  ).json()) as Card[];
  const card = cards.find((c) => c.panStatusId === 0 && c.last4 !== ENGINE_CARD_LAST4);
  expect(card, 'recipient01 has a second Active card').toBeDefined();
  if (!card!.pinSet) {
    const set = await request.put(`/account-api/pans/currentuser/${card!.panId}/pin`, {
      headers: bearer(recipient),
      data: { pin: DEMO_PIN },
    });
    expect(set.status(), await set.text()).toBe(200);
  }
  const accounts = (await (
    await request.get('/account-api/account/currentuser', { headers: bearer(recipient) })
  ).json()) as { accountUuid: string; programId: number }[];
  for (const account of accounts) {
    const pans = await request.get('/account-api/pans', {
      headers: bearer(staff),
      params: { programId: account.programId, accountUuid: account.accountUuid },
    });
    if (pans.ok() && ((await pans.json()) as { panId: number }[]).some((p) => p.panId === card!.panId))
      return { card: card!, account };
  }
  throw new Error("the program admin cannot see recipient01's card");
}

/** A PIN no rule refuses for this card, other than the demo one. */
const otherPin = (last4: string) => (last4 === '5827' ? '6093' : '5827');

const cardSection = (page: Page, last4: string) => page.getByRole('region', { name: `Card ending in ${last4}` });

test.describe('card PINs', () => {
  test.use({ viewport: PHONE });

  test('the recipient changes their PIN on a phone; staff clear it; the recipient is asked for one and sets it', async ({
    page,
    request,
  }) => {
    const { card, account } = await storyCard(request);

    // Change it: a wrong password is refused at its field, the right one changes it.
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    const section = cardSection(page, card.last4);
    await expect(section.getByTestId('pin-state')).toContainText('PIN set on');
    await section.getByRole('button', { name: 'Change PIN' }).click();
    const change = page.getByRole('dialog', { name: `Change the PIN of your card ending in ${card.last4}` });
    await change.getByLabel('New PIN', { exact: false }).first().fill(otherPin(card.last4));
    await change.getByLabel('Enter the PIN again', { exact: false }).first().fill(otherPin(card.last4));
    const password = change.getByLabel('Your password', { exact: false }).first();
    await password.fill('Wrong#Pass9');
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/pin-change-form-en.png`, fullPage: false });
    await change.getByRole('button', { name: 'Save PIN' }).click();
    await expect(change.getByText('The current password is incorrect.')).toBeVisible();
    await expect(password).toBeFocused();
    await password.fill(DEMO_PASSWORD);
    await change.getByRole('button', { name: 'Save PIN' }).click();
    await expect(change).toBeHidden();
    await expect(page.getByText('Your PIN is changed.')).toBeVisible();
    // Every card has a PIN: nothing to ask.
    await expect(page.getByTestId('pin-prompt')).toHaveCount(0);

    // Staff see the PIN on the recipient's PANs page and clear it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto(`/program/pans/${account.accountUuid}/${account.programId}`);
    await expect(page.getByRole('heading', { name: 'Recipient PANs', level: 1 })).toBeVisible();
    const clear = page.getByRole('button', { name: `Clear PIN: PAN ending in ${card.last4}` });
    await expect(clear).toBeVisible();
    await expectAccessible(page);
    await clear.click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('The recipient must set a new PIN in the portal before paying');
    await confirm.getByRole('button', { name: 'Clear PIN' }).click();
    await expect(
      page.getByText("The card's PIN has been cleared. The recipient must set a new one before paying."),
    ).toBeVisible();
    await expect(clear).toBeHidden();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/staff-pans-cleared.png`, fullPage: true });

    // The recipient: asked once after sign-in, with the card showing no PIN.
    await page.setViewportSize(PHONE);
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    const prompt = page.getByTestId('pin-prompt');
    await expect(prompt).toContainText('Set a PIN for your card');
    await expect(prompt).toContainText(`Your card ending in ${card.last4} has no PIN yet.`);
    await expect(cardSection(page, card.last4).getByText('No PIN yet')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await prompt.getByRole('button', { name: 'Set PIN now' }).click();
    const dialog = page.getByRole('dialog', { name: `Set the PIN of your card ending in ${card.last4}` });
    await expect(dialog).toBeVisible();

    // A guessable PIN, with the keyboard alone: refused at the field, which takes the focus.
    const newPin = dialog.getByLabel('New PIN', { exact: false }).first();
    await expect(newPin).toBeFocused();
    await expect(newPin).toHaveAttribute('inputmode', 'numeric');
    await expect(newPin).toHaveAttribute('autocomplete', 'off');
    await expect(newPin).toHaveAttribute('type', 'password');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab'); // the show/hide toggle of the first field is not a Tab stop in Mantine
    const again = dialog.getByLabel('Enter the PIN again', { exact: false }).first();
    if (!(await again.evaluate((el) => el === el.ownerDocument.activeElement))) await again.focus();
    await page.keyboard.type('1234');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Choose a PIN that is harder to guess', { exact: false })).toBeVisible();
    await expect(newPin).toHaveAttribute('aria-invalid', 'true');
    await expect(newPin).toBeFocused();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/pin-form-error-en.png`, fullPage: false });

    // Letters are not kept: digits only. The demo PIN again, as the story found the card.
    await newPin.fill('');
    await newPin.pressSequentially('5a8');
    await expect(newPin).toHaveValue('58');
    await newPin.fill(DEMO_PIN);
    await again.fill(DEMO_PIN);
    await dialog.getByRole('button', { name: 'Save PIN' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Your PIN is set.')).toBeVisible();
    await expect(cardSection(page, card.last4).getByTestId('pin-state')).toContainText('PIN set on');
    await expect(prompt).toBeHidden();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/card-pin-set-en.png`, fullPage: true });

    // Once per sign-in: a reload does not ask again.
    await page.reload();
    await expect(cardSection(page, card.last4).getByTestId('pin-state')).toContainText('PIN set on');
    await expect(page.getByTestId('pin-prompt')).toHaveCount(0);
  });
});

test.describe('card PINs in Spanish', () => {
  test.use({ viewport: PHONE, locale: 'es-US' });

  test('the PIN form speaks Spanish and passes axe on a phone', async ({ page, request }) => {
    const { card } = await storyCard(request);
    await signInInSpanish(page);
    const section = page.getByRole('region', { name: `Tarjeta que termina en ${card.last4}` });
    await expect(section.getByTestId('pin-state')).toContainText('PIN establecido el');
    await section.getByRole('button', { name: 'Cambiar PIN' }).click();
    const dialog = page.getByRole('dialog', { name: `Cambiar el PIN de su tarjeta que termina en ${card.last4}` });
    await dialog.getByLabel('PIN nuevo', { exact: false }).first().fill('0000');
    await dialog.getByLabel('Ingrese el PIN otra vez', { exact: false }).first().fill('0001');
    await dialog.getByRole('button', { name: 'Guardar PIN' }).click();
    await expect(dialog.getByText('Elija un PIN más difícil de adivinar', { exact: false })).toBeVisible();
    await expect(dialog.getByText('Los dos PIN no coinciden.')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/pin-form-error-es.png`, fullPage: false });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/card-pin-es.png`, fullPage: true });
  });
});
