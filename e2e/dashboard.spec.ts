import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DASHBOARD_MESSAGES } from '@ebt/core/dashboard';
import { apiToken, bearer, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, signInAs } from './helpers';

// The dashboard (B§2, B§4 Dashboard; B§8 'No benefit data available.'; B§9 ranges; docs/dashboard.md). Figures come
// from the demo data; which program has data is read from the API, never hard-coded.

const RUN = Date.now().toString(36).slice(-5);

interface Row {
  programUuid: string;
  programName: string;
  agencyUuid: string | null;
  agencyName: string | null;
  fundingId: number | null;
}

async function dashRows(request: APIRequestContext, username: string) {
  const token = await apiToken(request, username);
  const answer = await request.get('/account-api/dash', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return { token, rows: (await answer.json()) as Row[] };
}

/** The demo programs the program admin sees, the first with issued benefits this year first. */
async function programsOf(request: APIRequestContext) {
  const { token, rows } = await dashRows(request, DEMO_USERS.progadmin);
  const programs = [...new Map(rows.map((r) => [r.programUuid, r.programName])).entries()];
  const withData: string[] = [];
  for (const [uuid, name] of programs) {
    const snap = await request.get('/account-api/dash/snapshot', {
      headers: bearer(token),
      params: { programUuid: uuid, dateRange: 'YTD' },
    });
    if (((await snap.json()) as { issued: number }).issued > 0) withData.push(name);
  }
  return { rows, programs: programs.map(([, name]) => name), withData };
}

const program = (page: Page) => page.getByRole('combobox', { name: 'Program', exact: true });
const agency = (page: Page) => page.getByRole('combobox', { name: 'Agency', exact: true });
const funding = (page: Page) => page.getByRole('combobox', { name: 'Funding Source', exact: true });
const retrieveButton = (page: Page) => page.getByRole('button', { name: 'Retrieve Data' });
const chart = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

const CHARTS = [
  'Program Funding Sources',
  'Issuance',
  'Redemption',
  'Redemption Amounts',
  'Redemption Counts',
  'Issuance Amounts',
  'Issuance Counts',
  'Recipient Redemption Counts',
  'Incentives Earned',
  'Top Redemption Merchants',
  'Merchant Participation',
];

test.describe('dashboard', () => {
  test('Retrieve Data waits for a program, then shows every pie, table and bar chart', async ({ page, request }) => {
    // Twelve charts, each with its own read, and axe twice over the whole page: more than the default 30 s when loaded.
    test.setTimeout(60_000);
    const { withData } = await programsOf(request);
    expect(withData.length).toBeGreaterThan(0);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/dash');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(retrieveButton(page)).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Date Range', exact: true })).toHaveValue('YTD');
    await expectAccessible(page);

    await program(page).selectOption({ label: withData[0]! });
    await expect(retrieveButton(page)).toBeEnabled();
    await retrieveButton(page).click();
    for (const title of CHARTS) await expect(chart(page, title)).toBeVisible();
    // The pies' summary tables, in USD with percentages; each bar chart's range follows the main range.
    const issuance = chart(page, 'Issuance');
    await expect(issuance.getByRole('rowheader', { name: 'Issued', exact: true })).toBeVisible();
    await expect(issuance.getByRole('row', { name: /^Issued \$[\d,]+\.\d\d [\d.]+%$/ })).toBeVisible();
    await expect(chart(page, 'Redemption').getByRole('row', { name: /^Redeemed \$/ })).toBeVisible();
    await expect(chart(page, 'Redemption Amounts').getByRole('combobox')).toHaveValue('YTD');
    await expect(chart(page, 'Redemption Amounts').getByRole('img', { name: /total/ })).toHaveAttribute(
      'aria-label',
      /total \$/,
    );
    await expect(
      chart(page, 'Merchant Participation').getByRole('rowheader', { name: 'With Redemptions' }),
    ).toBeVisible();
    // Settlement (decision 0074): settled and not yet settled with their shares, fees and balances, and the report.
    const settlement = chart(page, 'Settlement');
    await expect(settlement.getByRole('row', { name: /^Settled \$[\d,]+\.\d\d [\d.]+%$/ })).toBeVisible();
    await expect(settlement.getByRole('row', { name: /^Not Yet Settled \$/ })).toBeVisible();
    await expect(settlement.getByRole('row', { name: /^Redemption fees \$/ })).toBeVisible();
    await expect(settlement.getByRole('link', { name: 'Open the reconciliation' })).toHaveAttribute(
      'href',
      '/program/settlements/reconciliation',
    );
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("changing one chart's range reloads only that chart", async ({ page, request }) => {
    const { withData } = await programsOf(request);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/dash');
    await program(page).selectOption({ label: withData[0]! });
    await retrieveButton(page).click();
    await expect(chart(page, 'Redemption Amounts').getByRole('img', { name: /total/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);

    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/account-api/dash')) calls.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    await chart(page, 'Redemption Counts').getByRole('combobox').selectOption({ label: 'Last 30 Days' });
    await expect(chart(page, 'Redemption Counts').getByRole('combobox')).toHaveValue('30');
    await expect(chart(page, 'Redemption Counts').getByRole('status')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^\/account-api\/dash\/chart-data\?/);
    expect(calls[0]).toContain('dataType=2');
    expect(calls[0]).toContain('dateRange=30');
    await expect(chart(page, 'Redemption Amounts').getByRole('combobox')).toHaveValue('YTD');
  });

  test('changing the program resets agency and funding source and rebuilds their lists', async ({ page, request }) => {
    const { rows, programs } = await programsOf(request);
    test.skip(programs.length < 2, 'the demo program admin needs two programs');
    const [first, second] = programs as [string, string];
    const agenciesOf = (name: string) =>
      rows.filter((r) => r.programName === name && r.agencyName).map((r) => r.agencyName);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/dash');
    await program(page).selectOption({ label: first });
    const firstAgency = agenciesOf(first)[0]!;
    await agency(page).selectOption({ label: firstAgency });
    await funding(page).selectOption({ index: 1 });
    await program(page).selectOption({ label: second });
    await expect(agency(page)).toHaveValue('');
    await expect(funding(page)).toHaveValue('');
    await expect(agency(page).locator('option')).toHaveText(['All agencies', ...agenciesOf(second)] as string[]);
  });

  test("a program's agency without data shows 'No benefit data available.'", async ({ page, request }) => {
    const { token, rows } = await dashRows(request, DEMO_USERS.progadmin);
    const target = rows[0]!;
    // A new agency with no funding amount has issued and redeemed nothing.
    const added = await request.post('/account-api/agency', {
      headers: bearer(token),
      data: { agencyName: `Empty Agency ${RUN}`, agencyCode: `EMPTY${RUN}`, programUuid: target.programUuid },
    });
    expect(added.status(), await added.text()).toBe(200);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/dash');
    await program(page).selectOption({ label: target.programName });
    await agency(page).selectOption({ label: `Empty Agency ${RUN}` });
    await retrieveButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: DASHBOARD_MESSAGES.NO_BENEFIT_DATA })).toBeVisible();
    await expect(chart(page, 'Issuance')).toHaveCount(0);
    await expect(chart(page, 'Redemption Amounts')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a chart that fails to load shows a warning in that chart only', async ({ page, request }) => {
    const { withData } = await programsOf(request);
    await page.route(/\/account-api\/dash\/chart-data\?.*dataType=3/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"message":"boom"}' }),
    );
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/dash');
    await program(page).selectOption({ label: withData[0]! });
    await retrieveButton(page).click();
    await expect(chart(page, 'Issuance Amounts').getByRole('alert')).toBeVisible();
    await expect(chart(page, 'Issuance Counts').getByRole('img', { name: /total/ })).toBeVisible();
    await expect(chart(page, 'Redemption Amounts').getByRole('img', { name: /total/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('an agency admin sees only their agency', async ({ page, request }) => {
    const { rows } = await dashRows(request, DEMO_USERS.agencyadmin);
    const own = rows.filter((r) => r.agencyName);
    expect(own).toHaveLength(1);
    await signInAs(page, DEMO_USERS.agencyadmin, /\/program$/);
    await page.goto('/program/dash');
    await program(page).selectOption({ label: own[0]!.programName });
    await expect(agency(page).locator('option')).toHaveText(['All agencies', own[0]!.agencyName!]);
    await retrieveButton(page).click();
    await expect(chart(page, 'Issuance')).toBeVisible();
    await expect(chart(page, 'Merchant Participation')).toBeVisible();
    // Settlements are a program admin's: no settlement card for agency staff (decision 0074).
    await expect(chart(page, 'Settlement')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('works at phone width without sideways scroll', async ({ page, request }) => {
    const { withData } = await programsOf(request);
    await page.setViewportSize({ width: 360, height: 780 });
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/dash');
    await expect(retrieveButton(page)).toBeDisabled();
    await program(page).selectOption({ label: withData[0]! });
    await retrieveButton(page).click();
    await expect(chart(page, 'Top Redemption Merchants')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test('draws every bar chart at first paint, a year as weeks, and names cut to one line', async ({
    page,
    request,
  }) => {
    const { withData } = await programsOf(request);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/dash');
    await program(page).selectOption({ label: withData[0]! });
    await retrieveButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    // Every bar chart, those below the fold too, has its bars in the page without scrolling; Year To Date is a bar a
    // week (at most 53), not 300 bars a pixel wide.
    const bars = await page.evaluate(`Object.fromEntries([...document.querySelectorAll('section[data-chart]')]
      .filter((s) => s.querySelector('.recharts-wrapper'))
      .map((s) => [s.getAttribute('data-chart'), s.querySelectorAll('.recharts-bar-rectangle').length]))`);
    for (const title of ['Redemption Amounts', 'Redemption Counts', 'Issuance Amounts', 'Top Redemption Merchants']) {
      expect((bars as Record<string, number>)[title], title).toBeGreaterThan(0);
      expect((bars as Record<string, number>)[title], title).toBeLessThanOrEqual(60);
    }
    await expect(
      chart(page, 'Redemption Amounts').getByRole('columnheader', { name: 'Week', includeHidden: true }),
    ).toBeAttached();
    await expect(
      chart(page, 'Redemption Amounts')
        .getByRole('rowheader', { name: /^Week of \d{4}-\d{2}-\d{2}$/, includeHidden: true })
        .first(),
    ).toBeAttached();
    await page.screenshot({ path: test.info().outputPath('dashboard-first-paint.png'), fullPage: true });
    // A merchant's name longer than the axis has room for is cut with '…' and whole in its tooltip.
    const ticks = chart(page, 'Top Redemption Merchants').locator('.recharts-yAxis text');
    const count = await ticks.count();
    for (let i = 0; i < count; i++) {
      const full = await ticks.nth(i).locator('title').textContent();
      const shown = (await ticks.nth(i).textContent())!.slice(full!.length);
      expect(
        shown === full || (shown.endsWith('…') && full!.startsWith(shown.slice(0, -1))),
        `${shown} / ${full}`,
      ).toBe(true);
    }
  });
});
