import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, bearer, DEMO_USERS, signInAs } from './helpers';

// Checks of the kit's accessibility rules that axe cannot make; docs/accessibility.md.

test.describe('maps', () => {
  test('a map re-measures itself when its frame shrinks, and its pins are named buttons', async ({ page }) => {
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/recipient/merchantlocator');
    const map = page.getByRole('region', { name: /^Map of/ });
    await expect(map).toBeVisible();
    const pins = map.getByRole('button');
    await expect(pins.first()).toBeVisible();
    // Every pin has a name (its title), so Tab reaches a named control.
    for (const name of await pins.evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''))) {
      expect(name.trim()).not.toBe('');
    }
    const pane = map.locator('.leaflet-map-pane');
    const before = await pane.evaluate((el) => (el as unknown as { style: { transform: string } }).style.transform);
    // Leaflet follows a window resize by itself (trackResize); a frame that shrinks without one (the layout around
    // it changing) is what MapView's ResizeObserver catches. Leaflet keeps the centre after invalidateSize: its pane
    // moves by half the width lost. Without it, it stays.
    await map.evaluate((el) => {
      (el as unknown as { style: { width: string } }).style.width = '300px';
    });
    await expect
      .poll(() => pane.evaluate((el) => (el as unknown as { style: { transform: string } }).style.transform))
      .not.toBe(before);
  });
});

/**
 * Elements of the main region that cut their text: overflow hidden or clip with content wider or taller than the box.
 * Visually hidden text (a tiny clipped box, read by screen readers) is meant to be cut and is left out. A string expression:
 * the root tsconfig has no DOM types for a function run in the page.
 */
const CLIPPED = `[...document.querySelectorAll('main *')]
  .filter((el) => {
    const style = getComputedStyle(el);
    const cuts = (value) => value === 'hidden' || value === 'clip';
    if (!cuts(style.overflowX) && !cuts(style.overflowY)) return false;
    if (!el.checkVisibility() || el.clientWidth <= 2 || el.clientHeight <= 2) return false;
    if (style.clip !== 'auto' || style.clipPath !== 'none') return false;
    if (!(el.textContent || '').trim()) return false;
    return (cuts(style.overflowX) && el.scrollWidth > el.clientWidth + 1) ||
      (cuts(style.overflowY) && el.scrollHeight > el.clientHeight + 1);
  })
  .map((el) => el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ': ' + (el.textContent || '').trim().slice(0, 60))`;

/** The outermost elements that reach past the viewport's right edge (their parent does not): what to fix. */
const SPILLING = `[...document.querySelectorAll('body *')]
  .filter((el) => el.checkVisibility() && el.getBoundingClientRect().right > window.innerWidth + 1 &&
    el.parentElement && el.parentElement.getBoundingClientRect().right <= window.innerWidth + 1)
  .slice(0, 5)
  .map((el) => el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' ' + Math.round(el.getBoundingClientRect().right) + 'px: ' + (el.textContent || '').trim().slice(0, 40))`;

/** WCAG 1.4.10: at 320 CSS px the page does not scroll sideways (a table may, inside its own frame). */
async function expectReflow(page: Page, where: string): Promise<void> {
  await page.setViewportSize({ width: 320, height: 640 });
  // Some of the layout follows the width in script (a table becomes cards, the shell folds) a render later: give it
  // the time a person would see it take, then measure.
  const measure = () => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  await expect
    .poll(measure, { timeout: 3_000 })
    .toBeLessThanOrEqual(0)
    .catch(() => undefined);
  const overflow = await measure();
  const spilling = overflow > 0 ? (await page.evaluate<string[]>(SPILLING)).join('\n  ') : '';
  expect(
    overflow,
    `${where} at 320 px: the page scrolls sideways by ${overflow} px:\n  ${spilling}`,
  ).toBeLessThanOrEqual(0);
}

/** WCAG 1.4.4: with the text at 200 % (the root font size, which Mantine's rem sizes follow) no text is cut off. */
async function expectTextResize(page: Page, where: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(`document.documentElement.style.fontSize = '200%'`);
  // Let layout settle (Mantine measures some boxes after a resize).
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  expect(await page.evaluate<string[]>(CLIPPED), `${where} at 200 % text: text cut off`).toEqual([]);
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, `${where} at 200 % text: the page scrolls sideways`).toBeLessThanOrEqual(0);
  await page.evaluate(`document.documentElement.style.fontSize = ''`);
}

/** Both checks on the page as it is now. */
async function expectReflowAndResize(page: Page, where: string): Promise<void> {
  await expectReflow(page, where);
  await expectTextResize(page, where);
}

test.describe('reflow at 320 px and text at 200 %', () => {
  test('the sign-in page and the recipient home', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectReflowAndResize(page, '/login');

    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await expect(page.getByRole('region', { name: 'Balances by program' }).getByRole('article').first()).toBeVisible();
    await expectReflowAndResize(page, '/recipient');
  });

  test('a staff search with results, a recipient file and the issue form', async ({ page }) => {
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/recipients');
    const search = page.getByRole('search', { name: 'Recipient search criteria' });
    await search.getByRole('textbox', { name: 'Mobile phone' }).fill('860');
    await search.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('table', { name: 'Recipients found' });
    await expect(results.getByRole('row').nth(1)).toBeVisible();
    await expectReflowAndResize(page, '/program/recipients with results');

    await results
      .getByRole('button', { name: /^Open recipient / })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Recipient / })).toBeVisible();
    await expectReflowAndResize(page, 'a recipient file');

    await page.goto('/program/benefit/add?recipientId=10000001');
    await expect(page.getByRole('heading', { level: 1, name: 'Issue Benefit' })).toBeVisible();
    await page.getByRole('button', { name: 'Issue Benefit' }).click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await expectReflowAndResize(page, 'the issue form with its errors');
  });
});

/** A program of the program admin with benefits issued this year, so the dashboard draws its pies and bars. */
async function programWithIssuance(request: APIRequestContext): Promise<string> {
  const token = await apiToken(request, DEMO_USERS.progadmin);
  const rows = (await (await request.get('/account-api/dash', { headers: bearer(token) })).json()) as {
    programUuid: string;
    programName: string;
  }[];
  for (const { programUuid, programName } of rows) {
    const snapshot = await request.get('/account-api/dash/snapshot', {
      headers: bearer(token),
      params: { programUuid, dateRange: 'YTD' },
    });
    if (((await snapshot.json()) as { issued: number }).issued > 0) return programName;
  }
  throw new Error('no demo program with benefits issued this year');
}

test.describe('reduced motion', () => {
  /** Every chart drawing on the dashboard once the data is shown, with the animation its frame says it was given. */
  async function chartAnimations(page: Page, programName: string): Promise<string[]> {
    await page.goto('/program/dash');
    await page.getByRole('combobox', { name: 'Program', exact: true }).selectOption({ label: programName });
    await page.getByRole('button', { name: 'Retrieve Data' }).click();
    const drawings = page.locator('main [role="img"][data-animation-ms]');
    await expect(drawings.first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    return drawings.evaluateAll((els) => els.map((el) => el.getAttribute('data-animation-ms') ?? ''));
  }

  test("the dashboard's charts animate for 600 ms, and not at all when the system asks for reduced motion", async ({
    page,
    request,
  }) => {
    const programName = await programWithIssuance(request);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    const normal = await chartAnimations(page, programName);
    expect(normal.length).toBeGreaterThan(2);
    expect(new Set(normal)).toEqual(new Set(['600']));

    await page.emulateMedia({ reducedMotion: 'reduce' });
    const reduced = await chartAnimations(page, programName);
    expect(reduced.length).toBe(normal.length);
    expect(new Set(reduced)).toEqual(new Set(['0']));
  });
});
