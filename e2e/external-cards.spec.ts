import { expect, test, type Page } from '@playwright/test';
import { cardNumber, newRecipient, PASSWORD } from './card-helpers';
import {
  apiToken,
  bearer,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  mainNavigation,
  opened,
  signIn,
  signInAs,
} from './helpers';

// External EBT cards (A§2, A§4, A§5, A§7, A§8; B§2, B§5, B§7; docs/decisions/0038, 0039): a recipient
// attaches, edits and removes their cards; staff open a recipient's cards from the recipient detail. The recipient's
// story is told by a person of its own (added by staff and activated here), so recipient01's demo cards, which the
// accessibility walk opens, stay as they are.

const MESSAGES = {
  INVALID_NUMBER: 'Invalid EBT card number.',
  INVALID_NAME: 'Invalid EBT card name.',
  NAME_CONTAINS_PAN: 'The EBT card name cannot contain part of the card number.',
  TYPE_REQUIRED: 'At least one card type (SNAP or WIC) must be selected.',
  DUPLICATE: 'The PAN entered already exists in the system.',
  NO_CARDS: 'There are no EBT cards attached to your account.',
  NO_CARDS_FOR_ACCOUNT: 'There are no EBT cards attached to this account.',
  CONFIRM_DELETE: 'Are you sure you want to delete this PAN?',
};
/** A screen's outcome banner holding `text`. */
const outcome = (page: Page, text: string) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });
const cardForm = (page: Page, name: 'Add EBT card' | 'Edit EBT card') => page.getByRole('form', { name });
const cardsTable = (page: Page, name = 'Your EBT cards') => page.getByRole('table', { name });

/** Each text shows exactly once on the page (a field's message is not repeated in a banner). */
async function expectOnce(page: Page, ...texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: true })).toHaveCount(1);
}

test.describe('external EBT cards, the recipient', () => {
  test('attaches a card, edits its name and status, deletes it and sees the empty message', async ({
    page,
    request,
  }) => {
    const person = await newRecipient(request);
    await signIn(page, person.username, PASSWORD);
    await expect(page).toHaveURL(/\/recipient$/);
    await mainNavigation(page).getByRole('link', { name: 'EBT Cards' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'EBT Cards' })).toBeVisible();
    await expect(page.getByText(MESSAGES.NO_CARDS)).toBeVisible();
    await expectAccessible(page);

    // The form's rules, each message once, checked before anything is sent.
    await page.getByRole('link', { name: 'Add EBT Card' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add EBT Card' })).toBeVisible();
    const form = cardForm(page, 'Add EBT card');
    // One program: it is chosen already.
    await expect(form.getByRole('combobox', { name: 'Program', exact: true })).toHaveValue(person.programName);
    await form.getByRole('button', { name: 'Add Card' }).click();
    await expectOnce(page, MESSAGES.INVALID_NUMBER, MESSAGES.INVALID_NAME, MESSAGES.TYPE_REQUIRED);
    await expect(form.getByRole('textbox', { name: 'Card Number' })).toBeFocused();
    await expectAccessible(page);

    const pan = cardNumber();
    const number = form.getByRole('textbox', { name: 'Card Number' });
    const name = form.getByRole('textbox', { name: 'Card Name' });
    for (const wrong of [cardNumber(15), `${pan.slice(0, -1)}${(Number(pan.at(-1)) + 1) % 10}`]) {
      await number.fill(wrong);
      await form.getByRole('button', { name: 'Add Card' }).click();
      await expectOnce(page, MESSAGES.INVALID_NUMBER);
    }
    await number.fill(pan);
    await name.fill('x');
    await form.getByRole('button', { name: 'Add Card' }).click();
    await expectOnce(page, MESSAGES.INVALID_NAME);
    await name.fill(`Card${pan.slice(2, 6)}`);
    await form.getByRole('button', { name: 'Add Card' }).click();
    await expectOnce(page, MESSAGES.NAME_CONTAINS_PAN, MESSAGES.TYPE_REQUIRED);
    await expect(page.getByText(MESSAGES.INVALID_NUMBER)).toHaveCount(0);
    // Only the type wrong: focus goes to the first box (SNAP), where its message is.
    await name.fill('Grocery card');
    await form.getByRole('button', { name: 'Add Card' }).click();
    await expectOnce(page, MESSAGES.TYPE_REQUIRED);
    await expect(form.getByRole('checkbox', { name: 'SNAP' })).toBeFocused();

    // With the keyboard: the name, then Tab to the boxes, Space ticks SNAP, Enter sends.
    await name.fill('Grocery card');
    await form.getByRole('checkbox', { name: 'SNAP' }).focus();
    await page.keyboard.press('Space');
    await expect(form.getByRole('checkbox', { name: 'SNAP' })).toBeChecked();
    await name.focus();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'EBT Cards' })).toBeVisible();
    await expect(outcome(page, 'EBT card added.')).toBeFocused();
    const row = cardsTable(page).getByRole('row').filter({ hasText: 'Grocery card' });
    await expect(row).toContainText(`*${pan.slice(-4)}`);
    await expect(row).toContainText('SNAP');
    await expect(row).toContainText('Active');
    await expect(row).toContainText(person.programName);
    await expect(page.locator('body')).not.toContainText(pan.slice(0, -4));
    await expectAccessible(page);

    // The same number again in the same program: the server's 409, at the number.
    await page.getByRole('link', { name: 'Add EBT Card' }).click();
    await number.fill(pan);
    await name.fill('Second card');
    await form.getByRole('checkbox', { name: 'WIC' }).check();
    await form.getByRole('button', { name: 'Add Card' }).click();
    await expectOnce(page, MESSAGES.DUPLICATE);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to EBT cards' }).click();

    // Edit: the name, both types, inactive.
    await cardsTable(page).getByRole('button', { name: 'Edit card Grocery card' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit EBT Card' })).toBeVisible();
    await expect(page.getByText(`*${pan.slice(-4)}`)).toBeVisible();
    const edit = cardForm(page, 'Edit EBT card');
    await expect(edit.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await expectAccessible(page);
    // The name rule against the stored number is the server's: shown once, at the name.
    await edit.getByRole('textbox', { name: 'Card Name' }).fill(`n${pan.slice(5, 9)}`);
    await edit.getByRole('button', { name: 'Update Card' }).click();
    await expectOnce(page, MESSAGES.NAME_CONTAINS_PAN);
    await edit.getByRole('textbox', { name: 'Card Name' }).fill('Market card');
    await edit.getByRole('checkbox', { name: 'WIC' }).check();
    await edit.getByRole('checkbox', { name: 'Active' }).uncheck();
    await edit.getByRole('button', { name: 'Update Card' }).click();
    await expect(outcome(page, 'EBT card updated.')).toBeFocused();
    const edited = cardsTable(page).getByRole('row').filter({ hasText: 'Market card' });
    await expect(edited).toContainText('SNAP and WIC');
    await expect(edited).toContainText('Inactive');

    // Delete, after the question: the list is empty again.
    await cardsTable(page).getByRole('button', { name: 'Edit card Market card' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = await opened(page.getByRole('dialog'));
    await expect(confirm).toContainText(MESSAGES.CONFIRM_DELETE);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(outcome(page, 'EBT card deleted.')).toBeFocused();
    await expect(page.getByText(MESSAGES.NO_CARDS)).toBeVisible();
    await expectAccessible(page);

    // The outcome is shown once: not again on a reload, and Back does not return to the deleted card's screen.
    await page.reload();
    await expect(page.getByText(MESSAGES.NO_CARDS)).toBeVisible();
    await expect(outcome(page, 'EBT card deleted.')).toHaveCount(0);
    await page.goBack();
    await expect(page).not.toHaveURL(/\/recipient\/ebtcard\//);
    await expect(page.getByRole('heading', { level: 1, name: 'EBT card not found' })).toHaveCount(0);
    await expect(outcome(page, 'EBT card deleted.')).toHaveCount(0);
  });

  test('shows the list and the form at a phone’s width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/recipient/ebtcards');
    await expect(page.getByRole('heading', { level: 1, name: 'EBT Cards' })).toBeVisible();
    // recipient01 has a card in each of their programs (the demo data), shown masked.
    await expect(page.getByText(/^\*\d{4}$/).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Add EBT Card' }).click();
    await expect(cardForm(page, 'Add EBT card')).toBeVisible();
    // Two programs: the person chooses.
    await expect(cardForm(page, 'Add EBT card').getByRole('combobox', { name: 'Program', exact: true })).toHaveValue(
      '',
    );
    await cardForm(page, 'Add EBT card').getByRole('button', { name: 'Add Card' }).click();
    await expectOnce(page, 'Program is required.');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test('a card that is not theirs reads as not found', async ({ page, request }) => {
    // Another person's real card, attached through the API as that person.
    const other = await newRecipient(request);
    const token = await apiToken(request, other.username, PASSWORD);
    const programs = (await (
      await request.get('/account-api/account/currentuser/programs', { headers: bearer(token) })
    ).json()) as { programUuid: string }[];
    const theirs = await request.post('/account-api/external-pan', {
      headers: bearer(token),
      data: { pan: cardNumber(), name: 'Their card', programUuid: programs[0]!.programUuid, externalPanTypeId: 1 },
    });
    expect(theirs.status(), await theirs.text()).toBe(201);
    const { externalPanId } = (await theirs.json()) as { externalPanId: string };

    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto(`/recipient/ebtcard/${externalPanId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'EBT card not found' })).toBeVisible();
    await expect(page.getByText('The EBT card was not found.')).toBeVisible();
    await expect(page.getByText('Their card')).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('external EBT cards, staff', () => {
  test('the program admin opens a recipient’s cards from the recipient detail and goes back', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const found = await request.get('/account-api/account', {
      headers: bearer(token),
      params: { recipientIdentifier: '10000001' },
    });
    const account = ((await found.json()) as { data: { accountUuid: string; programId: number }[] }).data[0]!;
    const listed = await request.get(`/account-api/external-pan/all/${account.accountUuid}`, {
      headers: bearer(token),
    });
    expect(listed.status()).toBe(200);
    const cards = ((await listed.json()) as { data: { name: string; pan: string }[] }).data;
    expect(cards.length).toBeGreaterThan(0);

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    const detail = `/program/recipient/${account.accountUuid}/${account.programId}`;
    await page.goto(detail);
    await page.getByRole('link', { name: 'EBT cards' }).click();
    await expect(page).toHaveURL(`/program/recipient/ebtcards/${account.accountUuid}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Recipient EBT Cards' })).toBeVisible();
    const table = cardsTable(page, "The recipient's EBT cards");
    for (const header of ['Card Name', 'Card Number', 'Type', 'Status', 'Program'])
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(cards.length + 1);
    await expect(table.getByText(cards[0]!.pan)).toBeVisible();
    // Read-only: no row opens anything, nothing to add.
    await expect(table.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add EBT Card' })).toHaveCount(0);
    await expectAccessible(page);

    // Back to where the view was opened from, after paging or not.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(detail);

    // At a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/program/recipient/ebtcards/${account.accountUuid}`);
    await expect(page.getByText(cards[0]!.pan).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test('the administrator sees the empty message for a recipient without cards, and not found for an unknown one', async ({
    page,
    request,
  }) => {
    const person = await newRecipient(request);
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto(`/admin/recipient/ebtcards/${person.accountUuid}`);
    await expect(page.getByText(MESSAGES.NO_CARDS_FOR_ACCOUNT)).toBeVisible();
    await expect(page.getByText(/Account ID/)).toBeVisible();
    await expectAccessible(page);
    // Opened directly (no remembered origin, no earlier page of the app in this tab): Back goes to the recipient search.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/admin\/recipients$/);

    await page.goto('/admin/recipient/ebtcards/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('The recipient was not found.')).toBeVisible();
    await expectAccessible(page);
  });
});
