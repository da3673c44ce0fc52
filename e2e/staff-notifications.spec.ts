import { expect, test } from '@playwright/test';
import { apiToken, bearer, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, signInAs } from './helpers';

// A staff user's own notifications (decision 0043): the header's bell with the unread count, the list, marking one
// and all read. progadmin01 has demo notifications (seed/activity.ts seedStaffNotifications); the story puts one
// unread notification back through the API count it reads first, so it does not depend on another spec's order.

test.describe('staff notifications', () => {
  test('the bell says how many are unread; the list marks one and then all read', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const unreadNow = async () =>
      (await (await request.get('/account-api/staff-notifications?pageSize=1', { headers: bearer(token) })).json())
        .unreadCount as number;
    const before = await unreadNow();
    test.skip(before === 0, 'the demo notifications of progadmin01 were all read by an earlier run');

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    const bell = page.getByRole('link', { name: `Notifications, ${before} unread` });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/program\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Your notifications' });
    await expect(table.getByText(/has issued 91% of its funding amount/)).toBeVisible();
    await expectAccessible(page);

    await table
      .getByRole('button', { name: /^Mark as read:/ })
      .first()
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Notification marked as read.' })).toBeFocused();
    expect(await unreadNow()).toBe(before - 1);

    if (before > 1) {
      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'All notifications marked as read.' })).toBeFocused();
    }
    await expect(page.getByText('No unread notifications')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();
    expect(await unreadNow()).toBe(0);
  });

  test('an agency user without notifications sees the empty message, on a phone too', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
    await page.getByRole('link', { name: /^Notifications, / }).click();
    await expect(page.getByRole('alert')).toHaveText('You have no notifications.');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
