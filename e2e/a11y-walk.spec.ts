import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accessibilityViolations, apiToken, bearer, DEMO_USERS, signInAs } from './helpers';
import { englishOn, signInInSpanish } from './spanish-helpers';
import { type RouteArea, webRoutes } from './web-routes';

// The accessibility walk (testing.md "Accessibility"): every route of every area of the router, placeholders
// and not-found pages included, visited as the demo user of that area, with axe's WCAG 2.1 A and AA rules. A screen
// with a path parameter needs a visit below (the demo data's ids); a route without one fails the walk. Each visit also
// checks the headings (one h1, no level skipped) and, per area, that no two routes share a document title.

const ROUTES = webRoutes();

/** Who signs in for each area (../shared/docs/runtime-contract.md), and where their sign-in lands. */
const SIGNED_IN_AS: Record<Exclude<RouteArea, 'public'>, { username: string; landing: RegExp }> = {
  recipient: { username: DEMO_USERS.recipient, landing: /\/recipient$/ },
  merchant: { username: DEMO_USERS.farmer, landing: /\/merchant$/ },
  program: { username: DEMO_USERS.progadmin, landing: /\/program$/ },
  admin: { username: DEMO_USERS.sysadmin, landing: /\/admin$/ },
};

/** The demo data's ids the screens with parameters open on, read through the API as the program admin. */
interface Seeds {
  accountUuid: string;
  programId: number;
  recipientIdentifier: string;
  benefitUuid: string;
  merchantUuid: string;
  /** A purchase with benefits affected and a place on the map (the transaction detail's fullest case). */
  trxUuid: string;
  /** A staff user (agencyuser01) and a recipient user (recipient01) with its first program. */
  staffUserUuid: string;
  recipientUser: { userUuid: string; programUuid: string };
  /** The demo agency of agencyadmin01 and agencyuser01. */
  agencyUuid: string;
  /** A demo incentive. */
  incentiveUuid: string;
  /** One of recipient01's external EBT cards (the demo data gives each of its accounts one). */
  recipientCardId: string;
  /** One of recipient01's Active program cards (the Pay screen, decision 0108). */
  recipientPanId: number;
  /** recipient01's newest transaction with a merchant, and that merchant (the recipient portal). */
  recipientTrxUuid: string;
  recipientMerchantUuid: string;
  /** A settlement batch of the program admin's programs: the newest, or one closed now when none is. */
  batchUuid: string;
  /** A batch that paid merchants (the demo history's) and a merchant it paid (its transactions, decision 0068). */
  paidBatchUuid: string;
  batchMerchantUuid: string;
}

/** The demo farmer application (packages/server/src/seed/farmer-applications.ts). */
const DEMO_APPLICATION_UUID = '0b6f4c2a-8d1e-4f7a-9c3b-5e2d1a0f4646';

/** The account with the demo benefits the benefit specs use too. */
const SEEDED_ACCOUNT_ID = '10000001';

/** How each built screen with a parameter is visited. Placeholders take any id; they show no data. */
const VISITS: Record<string, (seeds: Seeds) => string> = {
  '/program/recipient/:id/:progId': (s) => `/program/recipient/${s.accountUuid}/${s.programId}`,
  '/admin/recipient/:id/:progId': (s) => `/admin/recipient/${s.accountUuid}/${s.programId}`,
  '/program/benefits/:recipientId': (s) => `/program/benefits/${s.recipientIdentifier}`,
  '/admin/benefits/:recipientId': (s) => `/admin/benefits/${s.recipientIdentifier}`,
  '/program/benefit/:id': (s) => `/program/benefit/${s.benefitUuid}`,
  '/admin/benefit/:id': (s) => `/admin/benefit/${s.benefitUuid}`,
  '/program/merchant/:id': (s) => `/program/merchant/${s.merchantUuid}`,
  '/admin/merchant/:id': (s) => `/admin/merchant/${s.merchantUuid}`,
  '/program/transaction/:id': (s) => `/program/transaction/${s.trxUuid}`,
  '/admin/transaction/:id': (s) => `/admin/transaction/${s.trxUuid}`,
  '/program/user/:id': (s) => `/program/user/${s.staffUserUuid}`,
  '/admin/user/:id': (s) => `/admin/user/${s.staffUserUuid}`,
  '/program/user/:id/:progId': (s) => `/program/user/${s.recipientUser.userUuid}/${s.recipientUser.programUuid}`,
  '/admin/user/:id/:progId': (s) => `/admin/user/${s.recipientUser.userUuid}/${s.recipientUser.programUuid}`,
  '/program/agency/:id': (s) => `/program/agency/${s.agencyUuid}`,
  '/admin/agency/:id': (s) => `/admin/agency/${s.agencyUuid}`,
  // PANs: the demo recipient's PANs page.
  '/program/pans/:id/:progId': (s) => `/program/pans/${s.accountUuid}/${s.programId}`,
  '/admin/pans/:id/:progId': (s) => `/admin/pans/${s.accountUuid}/${s.programId}`,
  // Role 6 (Agency User) is a demo role that always exists (B§9 role ids).
  '/admin/roles/:roleId': () => '/admin/roles/6',
  // Settlement: a batch of the program admin's programs.
  '/program/settlement/:id': (s) => `/program/settlement/${s.batchUuid}`,
  '/admin/settlement/:id': (s) => `/admin/settlement/${s.batchUuid}`,
  '/program/settlement/:id/merchant/:merchantId': (s) =>
    `/program/settlement/${s.paidBatchUuid}/merchant/${s.batchMerchantUuid}`,
  '/admin/settlement/:id/merchant/:merchantId': (s) =>
    `/admin/settlement/${s.paidBatchUuid}/merchant/${s.batchMerchantUuid}`,
  // Admin programs and configuration: a demo program, and a key the demo data always has.
  '/admin/program/:id': (s) => `/admin/program/${s.recipientUser.programUuid}`,
  // Farmer applications: a demo program's settings, and the demo application waiting for staff (its dialogs too).
  '/admin/program/:id/farmer-application': (s) => `/admin/program/${s.recipientUser.programUuid}/farmer-application`,
  '/program/farmer-applications/:applicationUuid': () => `/program/farmer-applications/${DEMO_APPLICATION_UUID}`,
  '/admin/farmer-applications/:applicationUuid': () => `/admin/farmer-applications/${DEMO_APPLICATION_UUID}`,
  '/admin/configuration/:id': () => '/admin/configuration/benefit.expungeDays',
  // Incentives: the seeded account's enrolments, and a demo incentive.
  '/program/recipient/incentives/:id/:progId': (s) => `/program/recipient/incentives/${s.accountUuid}/${s.programId}`,
  '/admin/recipient/incentives/:id/:progId': (s) => `/admin/recipient/incentives/${s.accountUuid}/${s.programId}`,
  '/admin/incentive/:id': (s) => `/admin/incentive/${s.incentiveUuid}`,
  // External EBT cards: recipient01's card, and the staff view of the seeded account's cards.
  '/recipient/ebtcard/:id': (s) => `/recipient/ebtcard/${s.recipientCardId}`,
  '/program/recipient/ebtcards/:id': (s) => `/program/recipient/ebtcards/${s.accountUuid}`,
  '/admin/recipient/ebtcards/:id': (s) => `/admin/recipient/ebtcards/${s.accountUuid}`,
  // The recipient portal: recipient01's program, transaction and a merchant of its programs.
  '/recipient/program/:id': (s) => `/recipient/program/${s.recipientUser.programUuid}`,
  '/recipient/transaction/:id': (s) => `/recipient/transaction/${s.recipientTrxUuid}`,
  '/recipient/merchant/:id': (s) => `/recipient/merchant/${s.recipientMerchantUuid}`,
  // Pay codes (decision 0108): the Pay screen of one of recipient01's cards.
  '/recipient/pay/:panId': (s) => `/recipient/pay/${s.recipientPanId}`,
};

async function readSeeds(request: APIRequestContext): Promise<Seeds> {
  const token = await apiToken(request, DEMO_USERS.progadmin);
  const accounts = await request.get('/account-api/account', {
    headers: bearer(token),
    params: { recipientIdentifier: SEEDED_ACCOUNT_ID },
  });
  expect(accounts.status(), await accounts.text()).toBe(200);
  const account = ((await accounts.json()) as { data: { accountUuid: string; programId: number }[] }).data[0]!;
  const found = await request.get('/benefit-api/benefit', {
    headers: bearer(token),
    params: { accountId: SEEDED_ACCOUNT_ID },
  });
  expect(found.status(), await found.text()).toBe(200);
  const benefit = ((await found.json()) as { data: { benefitUuid: string }[] }).data[0];
  expect(benefit, `a demo benefit of account ${SEEDED_ACCOUNT_ID}`).toBeDefined();
  // A merchant of the account's program, which the program admin (and the platform admin) can open.
  const merchants = await request.get('/merchant-api/merchants', {
    headers: bearer(token),
    params: { programId: String(account.programId) },
  });
  expect(merchants.status(), await merchants.text()).toBe(200);
  const merchant = ((await merchants.json()) as { data: { merchantUuid: string }[] }).data[0];
  expect(merchant, `a demo merchant of program ${account.programId}`).toBeDefined();
  // An approved purchase of the account (type 1, response 1): benefits affected, a merchant and its place.
  const trxs = await request.get('/transaction-api/transactions', {
    headers: bearer(token),
    params: { recipientIdentifier: SEEDED_ACCOUNT_ID, trxTypeId: '1', respCodeId: '1' },
  });
  expect(trxs.status(), await trxs.text()).toBe(200);
  const trx = ((await trxs.json()) as { data: { trxUuid: string }[] }).data[0];
  expect(trx, `a demo purchase of account ${SEEDED_ACCOUNT_ID}`).toBeDefined();
  // Users the program admin (and the platform admin) can open, by the demo usernames.
  const userOf = async (username: string) => {
    const found = await request.get('/user-api/users', { headers: bearer(token), params: { username } });
    expect(found.status(), await found.text()).toBe(200);
    const row = ((await found.json()) as { data: { userUuid: string; programs: { programUuid: string }[] }[] }).data[0];
    expect(row, `demo user ${username}`).toBeDefined();
    return row!;
  };
  const staffUser = await userOf(DEMO_USERS.agencyuser);
  const recipientUser = await userOf(DEMO_USERS.recipient);
  const agencies = await request.get('/account-api/agency', {
    headers: bearer(await apiToken(request, DEMO_USERS.agencyadmin)),
  });
  expect(agencies.status(), await agencies.text()).toBe(200);
  const agency = ((await agencies.json()) as { agencyUuid: string }[])[0];
  expect(agency, 'the demo agency of agencyadmin01').toBeDefined();
  const cards = await request.get('/account-api/external-pan/all', {
    headers: bearer(await apiToken(request, DEMO_USERS.recipient)),
  });
  expect(cards.status(), await cards.text()).toBe(200);
  const card = ((await cards.json()) as { data: { externalPanId: string }[] }).data[0];
  expect(card, 'a demo external card of recipient01').toBeDefined();
  const own = await recipientSeeds(request);
  const programCards = await request.get('/account-api/pans/currentuser', {
    headers: bearer(await apiToken(request, DEMO_USERS.recipient)),
  });
  const programCard = ((await programCards.json()) as { panId: number; panStatusId: number }[]).find(
    (c) => c.panStatusId === 0,
  );
  expect(programCard, 'an Active program card of recipient01').toBeDefined();
  const incentives = await request.get('/account-api/incentive', { headers: bearer(token) });
  expect(incentives.status(), await incentives.text()).toBe(200);
  const incentive = ((await incentives.json()) as { incentiveUuid: string }[])[0];
  expect(incentive, 'a demo incentive').toBeDefined();
  const batchUuid = await settlementBatch(request, token);
  const line = await merchantLine(request, token);
  return {
    ...own,
    batchUuid,
    batchMerchantUuid: line.merchantUuid,
    paidBatchUuid: line.batchUuid,
    incentiveUuid: incentive!.incentiveUuid,
    recipientCardId: card!.externalPanId,
    recipientPanId: programCard!.panId,
    agencyUuid: agency!.agencyUuid,
    staffUserUuid: staffUser.userUuid,
    recipientUser: { userUuid: recipientUser.userUuid, programUuid: recipientUser.programs[0]!.programUuid },
    accountUuid: account.accountUuid,
    programId: account.programId,
    recipientIdentifier: SEEDED_ACCOUNT_ID,
    benefitUuid: benefit!.benefitUuid,
    merchantUuid: merchant!.merchantUuid,
    trxUuid: trx!.trxUuid,
  };
}

/** The program admin's newest settlement batch; when there is none, one closed now for their first program. */
async function settlementBatch(request: APIRequestContext, token: string): Promise<string> {
  const list = await request.get('/settlement-api/batches', { headers: bearer(token) });
  expect(list.status(), await list.text()).toBe(200);
  const newest = ((await list.json()) as { data: { batchUuid: string }[] }).data[0];
  if (newest) return newest.batchUuid;
  const programs = await request.get('/account-api/account/programs', { headers: bearer(token) });
  const program = ((await programs.json()) as { programUuid: string }[])[0]!;
  const closed = await request.post('/settlement-api/batches/close', {
    headers: bearer(token),
    data: { programUuid: program.programUuid },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  const batch = ((await closed.json()) as { batch: { batchUuid: string } | null }).batch;
  expect(batch, 'a settlement batch of the demo history').not.toBeNull();
  return batch!.batchUuid;
}

/** The newest of the program admin's batches that paid a merchant, and the first merchant it paid (the seed's batch). */
async function merchantLine(request: APIRequestContext, token: string) {
  const list = await request.get('/settlement-api/batches', { headers: bearer(token) });
  const batches = ((await list.json()) as { data: { batchUuid: string; merchantCount: number }[] }).data;
  const paid = batches.find((b) => b.merchantCount > 0);
  expect(paid, 'a settlement batch that paid merchants (demo data)').toBeDefined();
  const batch = await request.get(`/settlement-api/batches/${paid!.batchUuid}`, { headers: bearer(token) });
  const line = ((await batch.json()) as { lines: { merchantUuid: string }[] }).lines[0]!;
  return { batchUuid: paid!.batchUuid, merchantUuid: line.merchantUuid };
}

/** recipient01's own transaction with a merchant, read as recipient01. */
async function recipientSeeds(request: APIRequestContext) {
  const token = await apiToken(request, DEMO_USERS.recipient);
  const trxs = await request.get('/transaction-api/transactions', {
    headers: bearer(token),
    params: { startDate: '2020-08-01T00:00:00Z', trxTypeId: '1', respCodeId: '1', pageSize: '20' },
  });
  expect(trxs.status(), await trxs.text()).toBe(200);
  const rows = ((await trxs.json()) as { data: { trxUuid: string; merchantName: string | null }[] }).data;
  const trx = rows.find((r) => r.merchantName !== null);
  expect(trx, 'a demo purchase of recipient01 at a merchant').toBeDefined();
  const detail = await request.get(`/transaction-api/transactions/${trx!.trxUuid}`, { headers: bearer(token) });
  const merchant = ((await detail.json()) as { merchant: { merchantUuid: string } | null }).merchant;
  expect(merchant, 'the merchant of that purchase').not.toBeNull();
  return { recipientTrxUuid: trx!.trxUuid, recipientMerchantUuid: merchant!.merchantUuid };
}

/** The URL that visits a route, or null when a built screen's parameters have no visit above. */
function urlOf(route: (typeof ROUTES)[number], seeds: Seeds): string | null {
  if (route.pattern.endsWith('/*')) return route.pattern.replace(/\*$/, 'no-such-page');
  if (!route.pattern.includes(':')) return route.pattern;
  const visit = VISITS[route.pattern];
  if (visit) return visit(seeds);
  return route.placeholder ? route.pattern.replace(/:[A-Za-z]+/g, '1') : null;
}

/** Opens a URL in the signed-in (or signed-out) page and answers axe's findings once its heading shows. */
async function visit(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first(), `${url} shows its heading`).toBeVisible();
  return [...(await headingFindings(page)), ...(await accessibilityViolations(page))];
}

/**
 * The page's rendered headings (h1-h6 and role="heading"), in document order, as levels. A heading hidden from
 * everyone (display none, a closed drawer) does not count; a visually hidden one does, as a screen reader reads it.
 */
const HEADING_LEVELS = `[...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')]
  .filter((el) => el.checkVisibility() && !el.closest('[aria-hidden="true"]'))
  .map((el) => Number(el.getAttribute('aria-level') || el.tagName.slice(1)))`;

/**
 * WCAG 1.3.1 and 2.4.6 as the kit means them (axe checks neither: its heading-order rule is a best practice, not an
 * AA tag): exactly one h1, and no level skipped on the way down (an h2 followed by an h4).
 */
async function headingFindings(page: Page): Promise<string[]> {
  const levels = await page.evaluate<number[]>(HEADING_LEVELS);
  const findings: string[] = [];
  const h1s = levels.filter((level) => level === 1).length;
  if (h1s !== 1) findings.push(`headings: ${h1s} h1 (one expected); levels ${levels.join(' ')}`);
  levels.forEach((level, i) => {
    const before = i === 0 ? 1 : levels[i - 1]!;
    if (level > before + 1) findings.push(`headings: an h${level} follows an h${before}; levels ${levels.join(' ')}`);
  });
  return findings;
}

/** Paths that are another path's screen under a second name (A§2): they share its title. */
const SAME_SCREEN = new Set(['/', '/recipient/home', '/program/home', '/admin/home']);

/**
 * WCAG 2.4.2: each route of an area has a title of its own. Two routes of one area with the same title are a
 * finding; the same screen in two areas (/program/x and /admin/x) may share it, and a detail page's title carries
 * its record (so two records of one route differ, and the pattern is what is compared).
 */
function titleFindings(titles: Map<string, string>): string[] {
  const byTitle = new Map<string, string[]>();
  for (const [pattern, title] of titles) {
    if (SAME_SCREEN.has(pattern)) continue;
    byTitle.set(title, [...(byTitle.get(title) ?? []), pattern]);
  }
  const findings: string[] = [];
  for (const [title, patterns] of byTitle) {
    if (title.trim() === '' || title === 'MarketLink') findings.push(`${patterns.join(', ')}: no title of its own`);
    else if (patterns.length > 1) findings.push(`${patterns.join(', ')}: share the title '${title}'`);
  }
  return findings;
}

/**
 * Buttons that open a dialog, a drawer or a menu on some screen. A probe clicks each visible one in
 * the page's main region, runs axe on what opened, and closes it with Escape. Writes are refused while probing (the
 * routes below), so a button that acts at once changes no demo data.
 */
const OPENERS =
  /^(Find recipient|Change Agency|Activate|Inactivate|Disable|Delete|Remove|Void|Process|Add|Issue a terminal|Revoke|Report lost|Lock|Unlock|Edit|New|Generate|Print|Enrol|Change)/i;

/** While probing, the API answers reads only: a POST, PUT, PATCH or DELETE fails as a network error would. */
async function refuseWrites(page: Page): Promise<void> {
  await page.route(/-api\//, (route) =>
    route.request().method() === 'GET' ? route.continue() : route.abort('blockedbyclient'),
  );
}

/** Where the focus is: a string expression (the root tsconfig has no DOM types for a function run in the page). */
const FOCUS_ON_ERROR = `(() => {
  const active = document.activeElement;
  return !!active && (active.getAttribute('aria-invalid') === 'true' || !!active.closest('[aria-invalid="true"]'));
})()`;

/**
 * Every blank form of the page submitted empty (a form with any filled field, an edit form, is left alone): axe on
 * its error state, and the focus on the first field in error (testing.md).
 */
async function probeForms(page: Page, url: string, findings: string[]): Promise<number> {
  const forms = page.locator('main form');
  let probed = 0;
  for (let i = 0; i < (await forms.count()); i += 1) {
    const form = forms.nth(i);
    if (!(await form.isVisible())) continue;
    const submit = form.locator('button[type="submit"]:not([disabled]):not([aria-disabled="true"])').first();
    if ((await submit.count()) === 0 || !(await submit.isVisible())) continue;
    const filled = await form
      .locator('input[type="text"], input[type="email"], input[type="tel"], input:not([type]), textarea')
      .evaluateAll((inputs) => inputs.some((el) => (el as unknown as { value: string }).value.trim() !== ''));
    if (filled) continue;
    await submit.click();
    await page.waitForTimeout(300);
    // A form may answer with a dialog (a notice: no file chosen), whose code loads at that first use: axe reads it
    // once drawn opaque, as for the openers' dialogs (mid-fade, its colours are a blend with the overlay). The code
    // may still be loading at the first look (no dialog yet, so nothing moving): the state must hold a moment later
    // too. With two browser workers in CI, a look before the dialog mounted once let axe read its button mid-fade.
    await expect
      .poll(
        async () => {
          const first = await page.evaluate<string>(DIALOGS_STATE);
          await page.waitForTimeout(500);
          return first === (await page.evaluate<string>(DIALOGS_STATE)) && first.endsWith(' settled');
        },
        { message: `${url}: form ${i + 1}'s dialog settles` },
      )
      .toBe(true);
    probed += 1;
    const invalid = await form.locator('[aria-invalid="true"]').count();
    if (invalid > 0 && !(await page.evaluate<boolean>(FOCUS_ON_ERROR)))
      findings.push(`${url}: form ${i + 1} submitted empty shows errors but the focus is not on the first one`);
    const violations = await accessibilityViolations(page);
    if (violations.length > 0) findings.push(`${url} (form ${i + 1} submitted empty):\n  ${violations.join('\n  ')}`);
  }
  return probed;
}

/**
 * Whether every open dialog is drawn fully opaque, with no finite CSS transition or animation still running. A fade
 * may not have started when the dialog first counts as visible (Mantine starts it on the next frame), so waiting
 * for the running animations alone is not enough: the dialog and its ancestors must have reached opacity 1.
 */
const DIALOGS_SETTLED = `(() => {
  const running = document.getAnimations()
    .some((a) => a.playState === 'running' && a.effect && Number.isFinite(a.effect.getComputedTiming().endTime));
  if (running) return false;
  return [...document.querySelectorAll('[role="dialog"]')].every((dialog) => {
    for (let node = dialog; node; node = node.parentElement)
      if (parseFloat(getComputedStyle(node).opacity) < 1) return false;
    return true;
  });
})()`;

/** How many dialogs are open and whether they are settled (DIALOGS_SETTLED): '1 settled', '0 settled', '1 moving'. */
const DIALOGS_STATE = `(() => document.querySelectorAll('[role="dialog"]').length + (${DIALOGS_SETTLED} ? ' settled' : ' moving'))()`;

/**
 * Opens each route the probes visit (not the sign-out, not a placeholder, only those with a visit), waits for its
 * heading, then runs `probe` on it: the English and the Spanish walks share this loop.
 */
async function eachProbedRoute(
  page: Page,
  routes: readonly (typeof ROUTES)[number][],
  seeds: Seeds,
  probe: (url: string) => Promise<void>,
): Promise<void> {
  for (const route of routes) {
    if (route.pattern === '/logout' || route.placeholder) continue;
    const url = urlOf(route, seeds);
    if (url === null) continue;
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first(), `${url} shows its heading`).toBeVisible();
    await probe(url);
  }
}

/** Opens each dialog of the page's main region in turn (OPENERS), runs axe on it and closes it. */
async function probeDialogs(page: Page, url: string, findings: string[]): Promise<number> {
  const buttons = page.locator('main').getByRole('button', { name: OPENERS });
  const names = new Set<string>();
  for (let i = 0; i < (await buttons.count()); i += 1) {
    const button = buttons.nth(i);
    if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
    const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
    if (names.has(name) || names.size >= 6) continue;
    names.add(name);
    await button.click();
    const dialog = page.getByRole('dialog');
    try {
      await dialog.first().waitFor({ state: 'visible', timeout: 1_500 });
    } catch {
      continue; // not a dialog opener on this screen
    }
    // axe reads colours as drawn: mid-fade, the dialog's text is a blend of it and the overlay (a false contrast
    // failure). Wait until the dialog is drawn opaque and its transitions have ended (a spinner's never do: ignored).
    await expect
      .poll(() => page.evaluate<boolean>(DIALOGS_SETTLED), { message: `${url}: the dialog of '${name}' settles` })
      .toBe(true);
    const violations = await accessibilityViolations(page);
    if (violations.length > 0) findings.push(`${url} (dialog of '${name}'):\n  ${violations.join('\n  ')}`);
    await page.keyboard.press('Escape');
    await expect(dialog, `${url}: Escape closes the dialog of '${name}'`).toHaveCount(0);
  }
  return names.size;
}

test.describe('the accessibility walk', () => {
  // Each test signs in and walks on its own (the probes refuse every write): the two workers share the walk's tests
  // rather than one worker taking all of them, which bounded the browser stage (bench/README.md, "The test run").
  test.describe.configure({ mode: 'parallel' });
  let seeds: Seeds;
  test.beforeAll(async ({ request }) => {
    seeds = await readSeeds(request);
  });

  test('has a visit for every built screen with a parameter, and none for a route that is gone', () => {
    expect(ROUTES.length).toBeGreaterThan(20);
    const unvisited = ROUTES.filter((route) => urlOf(route, seeds) === null).map((route) => route.pattern);
    expect(unvisited, 'routes with no visit: add them to VISITS').toEqual([]);
    const stale = Object.keys(VISITS).filter((pattern) => !ROUTES.some((route) => route.pattern === pattern));
    expect(stale, 'visits of routes the router no longer has').toEqual([]);
  });

  for (const area of ['public', 'recipient', 'merchant', 'program', 'admin'] as const) {
    const routes = ROUTES.filter((route) => route.area === area);
    test(`every ${area} route passes axe's WCAG 2.1 A and AA rules (${routes.length} routes)`, async ({ page }) => {
      test.setTimeout(30_000 + routes.length * 8_000);
      if (area !== 'public') await signInAs(page, SIGNED_IN_AS[area].username, SIGNED_IN_AS[area].landing);
      const findings: string[] = [];
      // The sign-out page ends the session: the signed-in areas never visit it, and the public walk visits it last.
      const ordered = [...routes].sort((a, b) => Number(a.pattern === '/logout') - Number(b.pattern === '/logout'));
      const titles = new Map<string, string>();
      for (const route of ordered) {
        const url = urlOf(route, seeds);
        if (url === null) continue; // reported by the test above
        const violations = await visit(page, url);
        if (violations.length > 0) findings.push(`${url} (${route.pattern}):\n  ${violations.join('\n  ')}`);
        titles.set(route.pattern, await page.title());
      }
      findings.push(...titleFindings(titles));
      expect(findings, findings.join('\n')).toEqual([]);
    });

    test(`every ${area} route's dialogs and empty-form errors pass axe (${routes.length} routes)`, async ({ page }) => {
      test.setTimeout(30_000 + routes.length * 12_000);
      if (area !== 'public') await signInAs(page, SIGNED_IN_AS[area].username, SIGNED_IN_AS[area].landing);
      await refuseWrites(page);
      const findings: string[] = [];
      let dialogs = 0;
      let forms = 0;
      await eachProbedRoute(page, routes, seeds, async (url) => {
        dialogs += await probeDialogs(page, url, findings);
        forms += await probeForms(page, url, findings);
      });
      // The phone drawer of the portal's navigation.
      if (area !== 'public') {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`/${area}`);
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toBeVisible();
        const violations = await accessibilityViolations(page);
        if (violations.length > 0) findings.push(`/${area} (navigation drawer):\n  ${violations.join('\n  ')}`);
      }
      test.info().annotations.push({ type: 'probed', description: `${dialogs} openers, ${forms} empty forms` });
      expect(findings, findings.join('\n')).toEqual([]);
      expect(dialogs + forms, 'the probes found something to open or submit').toBeGreaterThan(0);
    });
  }

  // Spanish (docs/i18n.md): the public and recipient routes with a browser whose first language is Spanish, as
  // spanish.spec.ts chooses it. Each route: axe, the headings, no English text of the catalogues or messages, and
  // <html lang="es">; then each blank form submitted empty (its Spanish errors), with axe.
  test.describe('in Spanish', () => {
    test.use({ locale: 'es-US' });

    for (const area of ['public', 'recipient', 'merchant'] as const) {
      const routes = ROUTES.filter((route) => route.area === area);
      test(`every ${area} route passes axe and shows no English (${routes.length} routes)`, async ({ page }) => {
        test.setTimeout(30_000 + routes.length * 16_000);
        if (area === 'recipient') await signInInSpanish(page);
        if (area === 'merchant') await signInInSpanish(page, DEMO_USERS.farmer, /\/merchant$/);
        const findings: string[] = [];
        const titles = new Map<string, string>();
        const ordered = [...routes].sort((a, b) => Number(a.pattern === '/logout') - Number(b.pattern === '/logout'));
        for (const route of ordered) {
          const url = urlOf(route, seeds);
          if (url === null) continue;
          const problems = [...(await visit(page, url)), ...(await englishOn(page)).map((text) => `English: ${text}`)];
          if (problems.length > 0) findings.push(`${url} (${route.pattern}):\n  ${problems.join('\n  ')}`);
          titles.set(route.pattern, await page.title());
        }
        findings.push(...titleFindings(titles));

        // The forms' error states, in Spanish (the API answers reads only, as in the English probe).
        await refuseWrites(page);
        let forms = 0;
        await eachProbedRoute(page, routes, seeds, async (url) => {
          forms += await probeForms(page, url, findings);
          const english = await englishOn(page);
          if (english.length > 0) findings.push(`${url} (forms submitted empty): English: ${english.join(' | ')}`);
        });
        expect(findings, findings.join('\n')).toEqual([]);
        expect(forms, 'the probe found forms to submit').toBeGreaterThan(0);
      });
    }
  });
});
