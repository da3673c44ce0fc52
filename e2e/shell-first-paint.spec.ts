import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, signInAs, signInThroughForm } from './helpers';

// The signed-in shell's first paint: the navigation appears with its links, not as an empty band that fills in a
// moment later (lib: app/navigation/lazy-nav.tsx). A MutationObserver, installed before any script of the page, notes
// how many links the navigation held the first time it was in the document; it runs before the browser paints.

const NAVIGATION = '#portal-navigation, header nav';

async function watchNavigation(page: Page) {
  // A script string: the specs are compiled without the DOM's types.
  await page.addInitScript(`
    new MutationObserver((records, observer) => {
      const nav = document.querySelector(${JSON.stringify(NAVIGATION)});
      if (!nav) return;
      window.navigationFirstLinks = nav.querySelectorAll('a').length;
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  `);
}

const firstLinks = (page: Page) => page.evaluate<number | undefined>('window.navigationFirstLinks');

test('a staff portal draws its side navigation with its links at once', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await watchNavigation(page);
  await signInThroughForm(page, DEMO_USERS.sysadmin, /\/admin$/);
  expect(await firstLinks(page)).toBeGreaterThan(3);
});

test('the recipient portal draws its header navigation with its links at once', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await watchNavigation(page);
  await signInThroughForm(page, DEMO_USERS.recipient, /\/recipient$/);
  expect(await firstLinks(page)).toBeGreaterThan(3);
});

test('the upload pages name their sample file without a space before the full stop', async ({ page }) => {
  await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
  await page.goto('/program/benefit/file');
  await expect(page.getByText('Use the columns of the sample file.')).toBeVisible();
});
