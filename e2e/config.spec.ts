import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, expectAccessible, expectNoSidewaysScroll, opened, signInAs } from './helpers';

// The configuration screens (B§2 "Admin configuration", B§4 "Configuration value", B§5, B§8; docs/decisions/0031)
// and the admin test screen (A§7, B§2 testing). Each story adds its own key, so no other spec's values move.

/** Today plus `days` as YYYY-MM-DD (UTC; the stories keep days of margin from the server's New York today). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const uniqueKey = (name: string) => `e2e.${name}.${Date.now().toString(36)}`;
const history = (page: Page) => page.getByRole('table', { name: /^Values of / });
const valueForm = (page: Page) => page.getByRole('form', { name: /^(Add a Value|Update the Value of )/ });

test.describe('configuration', () => {
  test('adds a key, adds a future value, updates it and deletes it', async ({ page }) => {
    const key = uniqueKey('story');
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/configurations');
    await expect(page.getByRole('heading', { level: 1, name: 'Configurations' })).toBeVisible();
    for (const header of ['Key', 'Value', 'Effective Date', 'Updated in UTC'])
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'New Config Key' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Config Key' })).toBeVisible();
    // B§5: a malformed date is refused at its field.
    await page.getByRole('textbox', { name: 'Key' }).fill(key);
    await page.getByRole('textbox', { name: 'Value' }).fill('first');
    await page.getByRole('textbox', { name: 'Effective Date' }).fill('2026-13-01');
    await page.getByRole('button', { name: 'Add Key' }).click();
    await expect(page.getByText('Enter a date as YYYY-MM-DD.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Effective Date' }).fill(dayFromToday(1));
    await page.getByRole('button', { name: 'Add Key' }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Configuration Key: ${key}` })).toBeVisible();
    await expect(page.getByText('New configuration key and value added.')).toBeVisible();

    // A value for later.
    const later = dayFromToday(40);
    await valueForm(page).getByRole('textbox', { name: 'Value' }).fill('second');
    await valueForm(page).getByRole('textbox', { name: 'Effective Date' }).fill(later);
    await valueForm(page).getByRole('button', { name: 'Add Value' }).click();
    await expect(page.getByText('New configuration value added.')).toBeVisible();
    await expect(history(page).getByRole('rowheader', { name: 'second', exact: true })).toBeVisible();

    // A second value the same day is the server's 409, shown as it says.
    await valueForm(page).getByRole('textbox', { name: 'Value' }).fill('again');
    await valueForm(page).getByRole('textbox', { name: 'Effective Date' }).fill(later);
    await valueForm(page).getByRole('button', { name: 'Add Value' }).click();
    await expect(page.getByText('The key already has a value with this effective date.').first()).toBeVisible();

    // Update it: a new value and a new date.
    const moved = dayFromToday(50);
    await history(page)
      .getByRole('button', { name: `Update the value of ${later}` })
      .click();
    await expect(valueForm(page).getByRole('textbox', { name: 'Value' })).toHaveValue('second');
    await valueForm(page).getByRole('textbox', { name: 'Value' }).fill('second, revised');
    await valueForm(page).getByRole('textbox', { name: 'Effective Date' }).fill(moved);
    await valueForm(page).getByRole('button', { name: 'Update Value' }).click();
    await expect(page.getByText('Configuration value updated.')).toBeVisible();
    await expect(history(page).getByRole('rowheader', { name: 'second, revised' })).toBeVisible();
    await expectAccessible(page);

    // Delete it, after the question.
    await history(page)
      .getByRole('button', { name: `Delete the value of ${moved}` })
      .click();
    const confirm = await opened(page.getByRole('dialog'));
    await expect(confirm).toContainText('Are you sure you want to delete this entry?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Configuration value deleted.')).toBeVisible();
    await expect(history(page).getByRole('rowheader', { name: 'second, revised' })).toHaveCount(0);

    // The list shows the key once saved.
    await page.getByRole('link', { name: 'Back to configurations' }).click();
    await expect(page.getByRole('button', { name: `Open configuration key ${key}` })).toBeVisible();
  });

  test('copies a value in force into the form; only future values offer Update and Delete', async ({ page }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/configurations');
    await page.getByRole('button', { name: 'Open configuration key benefit.expungeDays' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Configuration Key: benefit.expungeDays' })).toBeVisible();
    const past = history(page)
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Copy the value of / }) });
    await expect(past.first()).toBeVisible();
    await expect(past.first().getByRole('button', { name: /^(Update|Delete) / })).toHaveCount(0);
    const value = (await past.first().getByRole('rowheader').innerText()).trim();
    await past
      .first()
      .getByRole('button', { name: /^Copy the value of / })
      .click();
    await expect(valueForm(page).getByRole('textbox', { name: 'Value' })).toHaveValue(value);
    await expect(valueForm(page).getByRole('textbox', { name: 'Value' })).toBeFocused();
    await expect(valueForm(page).getByRole('heading', { name: 'Add a Value' })).toBeVisible();
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/configurations');
    await expect(page.getByRole('button', { name: /^Open configuration key / }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/admin/configuration/benefit.expungeDays');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(history(page)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

test.describe('the admin test screen', () => {
  test("posts an empty body to the application test call and shows the server's answer", async ({ page }) => {
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/testing');
    await expect(page.getByRole('heading', { level: 1, name: 'Application Testing' })).toBeVisible();
    const answer = page.waitForResponse(
      (res) => res.url().endsWith('/account-api/application/1/1') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Run Test' }).click();
    const res = await answer;
    expect(res.request().postData() ?? '').toBe('');
    const body = (await res.json()) as { applicationId: number; programId: number; accepting: boolean };
    expect(body).toMatchObject({ applicationId: 1, programId: 1 });
    await expect(page.getByRole('heading', { name: 'Answer' })).toBeVisible();
    await expect(page.getByLabel('Answer of the server')).toContainText('"applicationId": 1');
    await expectAccessible(page);
  });
});
