import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { firstLocatorRadius, MERCHANT_MESSAGES, widerLocatorRadius } from '@ebt/core/merchants';
import { apiToken, bearer, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, signInAs } from './helpers';

// The merchant locator, /{program,admin,recipient}/merchantlocator (B§2 "Merchant locator", B§7, B§9 zoom 10;
// decisions 0022 and 0114). Tiles come from the blank tile the server serves (playwright.config.ts MAP_TILE_URL): no
// outside request. The place with merchants is read from the API (a seeded merchant's ZIP code, geocoded), never
// hard-coded. The list shows the merchants within the smallest radius step holding the nearest one (decision 0114).

/** core's DEFAULT_MAP_CENTER (Oklahoma City): where the map looks when the browser gives no position. */
const DEFAULT_POINT = { latitude: 35.4676, longitude: -97.5164 };
const CAPTION = 'Merchants nearest first, numbered as on the map';

interface Place {
  label: string;
  latitude: number;
  longitude: number;
}

interface LocatorRow {
  merchantUuid: string;
  merchantName: string;
  distance: number;
}

async function geocode(request: APIRequestContext, token: string, q: string): Promise<Place[]> {
  const answer = await request.get('/merchant-api/geocode', { headers: bearer(token), params: { q } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as Place[];
}

async function nearby(request: APIRequestContext, token: string, point: Place): Promise<LocatorRow[]> {
  const answer = await request.get('/merchant-api/merchant/locator', {
    headers: bearer(token),
    params: { latitude: point.latitude, longitude: point.longitude },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as LocatorRow[];
}

/** The ZIP code of an active merchant of the program admin's first program, and the place the gazetteer gives it. */
async function seededMerchantPlace(request: APIRequestContext): Promise<{ zip: string; place: Place }> {
  const token = await apiToken(request, DEMO_USERS.progadmin);
  const programs = (await (await request.get('/account-api/account/programs', { headers: bearer(token) })).json()) as {
    programUuid: string;
  }[];
  const search = await request.get('/merchant-api/merchants', {
    headers: bearer(token),
    params: { programId: programs[0]!.programUuid, pageSize: 1000 },
  });
  expect(search.status(), await search.text()).toBe(200);
  const rows = ((await search.json()) as { data: { merchantStatusId: number; zipcode: string | null }[] }).data;
  const zip = rows.find((row) => row.merchantStatusId === 0 && row.zipcode)?.zipcode;
  expect(zip, 'a seeded active merchant with a ZIP code').toBeTruthy();
  const [place] = await geocode(request, token, zip!.slice(0, 5));
  expect(place, `the gazetteer knows ${zip}`).toBeDefined();
  return { zip: zip!.slice(0, 5), place: place! };
}

interface LocatorStartAnswer {
  origin: { latitude: number; longitude: number; label: string | null; source: 'home' | 'program' | 'default' };
  radius: number;
  merchants: LocatorRow[];
}

/** Where the first view starts for this caller, as the page asks it (no radius: every merchant within reach). */
async function startOf(request: APIRequestContext, token: string): Promise<LocatorStartAnswer> {
  const answer = await request.get('/merchant-api/locator/start', { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as LocatorStartAnswer;
}

/** The rows the list shows first: those within the smallest radius step holding the nearest. */
const firstShown = (rows: LocatorRow[]) => rows.filter((r) => r.distance <= firstLocatorRadius(rows[0]?.distance));

/** The first-view call the page makes next. */
function nextStartCall(page: Page) {
  return page.waitForRequest((r) => r.url().includes('/merchant-api/locator/start'));
}

/** The locator call the page makes next, with the point it asks about. */
function nextLocatorCall(page: Page) {
  return page.waitForRequest((r) => r.url().includes('/merchant-api/merchant/locator?'));
}

const pointOf = (url: string) => {
  const params = new URL(url).searchParams;
  return { latitude: Number(params.get('latitude')), longitude: Number(params.get('longitude')) };
};

/** The list shows the API's rows nearest first, numbered, and the map a numbered pin for each row of the page. */
async function expectListAndPins(page: Page, rows: LocatorRow[]) {
  const table = page.getByRole('table', { name: CAPTION });
  const onPage = rows.slice(0, 10);
  await expect(table.getByRole('row')).toHaveCount(onPage.length + 1);
  await expect(table.getByRole('row').nth(1)).toContainText(rows[0]!.merchantName);
  const map = page.getByRole('region', { name: /^Map of merchants near/ });
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(onPage.length);
  await expect(
    map.getByRole('button', { name: new RegExp(`^1\\. ${escapeRegExp(rows[0]!.merchantName)}, `) }),
  ).toBeVisible();
  await expect(map.getByRole('button', { name: new RegExp(`^${onPage.length}\\. `) })).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('the merchant locator', () => {
  let seeded: { zip: string; place: Place };
  test.beforeAll(async ({ request }) => {
    seeded = await seededMerchantPlace(request);
  });

  test('staff with a granted position see the nearest merchants numbered in the list and on the map', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: seeded.place.latitude, longitude: seeded.place.longitude });
    const rows = firstShown(await nearby(request, await apiToken(request, DEMO_USERS.progadmin), seeded.place));
    expect(rows.length).toBeGreaterThan(0);

    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    const call = nextLocatorCall(page);
    await page.goto('/program/merchantlocator');
    await expect(page.getByRole('heading', { level: 1, name: 'Merchant Locator' })).toBeVisible();
    expect(pointOf((await call).url())).toEqual({ latitude: seeded.place.latitude, longitude: seeded.place.longitude });
    await expect(page.getByText('Showing merchants near your location.')).toBeVisible();
    await expect(page.getByText('Unable to determine current location.')).toBeHidden();
    await expectListAndPins(page, rows);

    // The list is the way in for the keyboard: a row's button pans the map to its pin and opens its details.
    await page.getByRole('button', { name: `1: show ${rows[0]!.merchantName} on the map` }).press('Enter');
    await expect(page.locator('.leaflet-popup-content')).toContainText(`1. ${rows[0]!.merchantName}`);
    // The map takes focus and its pins are buttons reached with Tab.
    const map = page.getByRole('region', { name: /^Map of merchants near/ });
    await map.focus();
    await expect(map).toBeFocused();
    await expectAccessible(page);

    if (rows.length > 10) {
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(map.getByRole('button', { name: /^11\. / })).toBeVisible();
    }
  });

  test('a recipient with a granted position sees the merchants of their programs', async ({
    page,
    context,
    request,
  }) => {
    const rows = firstShown(await nearby(request, await apiToken(request, DEMO_USERS.recipient), seeded.place));
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: seeded.place.latitude, longitude: seeded.place.longitude });
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/recipient/merchantlocator');
    await expect(page.getByText('Showing merchants near your location.')).toBeVisible();
    // The demo recipient's programs have merchants around the seeded merchant's ZIP code.
    expect(rows.length).toBeGreaterThan(0);
    await expectListAndPins(page, rows);
    await expectAccessible(page);
  });

  test("a refused position shows staff their programs' area with the message; a place search moves the map", async ({
    page,
    context,
    request,
  }) => {
    await context.clearPermissions();
    const token = await apiToken(request, DEMO_USERS.sysadmin);
    // The demo merchants are all in New England: none within reach of the default point, so the first view must
    // start somewhere else to show any.
    expect(await nearby(request, token, { label: 'default', ...DEFAULT_POINT })).toEqual([]);
    const start = await startOf(request, token);
    expect(start.origin.source).toBe('program');
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    const first = nextStartCall(page);
    await page.goto('/admin/merchantlocator');
    await first;
    await expect(page.getByText('Unable to determine current location.')).toBeVisible();
    await expect(
      page.getByText(`Showing merchants near your program's area. Merchants within ${start.radius} miles.`),
    ).toBeVisible();
    await expectListAndPins(page, firstShown(start.merchants));
    await expect(page.getByText('No merchant(s) found.')).toBeHidden();
    await expectAccessible(page);

    // A place the gazetteer does not know.
    const search = page.getByRole('search', { name: 'Find merchants near a place' });
    await search.getByRole('textbox', { name: 'Location' }).fill('Qqxzv Nowhere');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Location not found.')).toBeVisible();
    await expectAccessible(page);

    // A street address: this server has no street geocoder (GEOCODER_URL unset), and says so plainly.
    await search.getByRole('textbox', { name: 'Location' }).fill('100 Congress Ave, Austin, TX 78701');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(MERCHANT_MESSAGES.STREET_SEARCH_OFF)).toBeVisible();
    await expectAccessible(page);

    // A seeded merchant's ZIP code: the map and the list move to the place the gazetteer gives first.
    const [best] = await geocode(request, token, seeded.zip);
    const rows = firstShown(await nearby(request, token, best!));
    const moved = nextLocatorCall(page);
    await search.getByRole('textbox', { name: 'Location' }).fill(seeded.zip);
    await search.getByRole('button', { name: 'Search' }).click();
    expect(pointOf((await moved).url())).toEqual({ latitude: best!.latitude, longitude: best!.longitude });
    await expect(page.getByText(`Showing merchants near ${best!.label}.`)).toBeVisible();
    await expect(page.getByText('Location not found.')).toBeHidden();
    await expect(page.getByText('Unable to determine current location.')).toBeHidden();
    await expectListAndPins(page, rows);

    // Re-centre on me: still no position, so the first view and the message come back (its list may come from
    // the cache of the first visit, so no new call is awaited).
    await page.getByRole('button', { name: 'Re-centre on me' }).click();
    await expect(page.getByText('Unable to determine current location.')).toBeVisible();
    await expect(page.getByText(/^Showing merchants near your program's area\./)).toBeVisible();
  });

  test("a recipient's first visit without location access lists the merchants nearest their ZIP code", async ({
    page,
    context,
    request,
  }) => {
    await context.clearPermissions();
    const start = await startOf(request, await apiToken(request, DEMO_USERS.recipient));
    expect(start.origin.source).toBe('home');
    expect(start.merchants.length, 'demo merchants near the demo recipient').toBeGreaterThan(0);
    const shown = firstShown(start.merchants);
    expect(start.radius).toBe(firstLocatorRadius(start.merchants[0]!.distance));

    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/recipient/merchantlocator');
    await expect(
      page.getByText(
        `Showing merchants near your ZIP code, ${start.origin.label}. Merchants within ${start.radius} miles.`,
      ),
    ).toBeVisible();
    await expectListAndPins(page, shown);
    // Each row says how far the merchant is.
    const table = page.getByRole('table', { name: CAPTION });
    await expect(table.getByRole('row').nth(1)).toContainText(`${shown[0]!.distance.toFixed(1)} mile`);
    await expect(page.getByText('No merchant(s) found.')).toBeHidden();
    await expectAccessible(page);

    // 'Search a wider area' takes the next radius step, with no new call, until the locator's reach.
    const next = widerLocatorRadius(start.radius);
    if (next) {
      await page.getByRole('button', { name: `Search a wider area (${next} miles)` }).click();
      await expect(page.getByText(`Merchants within ${next} miles.`, { exact: false })).toBeVisible();
      const wider = start.merchants.filter((r) => r.distance <= next);
      await expect(table.getByRole('row')).toHaveCount(Math.min(wider.length, 10) + 1);
    }
    await expectAccessible(page);
  });

  test('an empty search asks for a place without calling the gazetteer', async ({ page, context }) => {
    await context.clearPermissions();
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/merchantlocator');
    let called = false;
    page.on('request', (r) => {
      if (r.url().includes('/merchant-api/geocode')) called = true;
    });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Location' })).toHaveAccessibleDescription(
      /Enter a city, a ZIP code or City, ST\./,
    );
    expect(called).toBe(false);
  });
});

test('a failed merchant list says so', async ({ page, context }) => {
  await context.clearPermissions();
  await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
  // The server failing is simulated: nothing in the demo makes the locator's query fail.
  const fail = (route: Route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500,"message":"boom"}' });
  await page.route('**/merchant-api/merchant/locator?**', fail);
  await page.route('**/merchant-api/locator/start**', fail);
  await page.goto('/program/merchantlocator');
  await expect(page.getByText('Unable to retrieve merchants.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: CAPTION })).toHaveCount(0);
});

test.describe('the merchant locator at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list sits under the map and nothing scrolls sideways', async ({ page, context, request }) => {
    const { place } = await seededMerchantPlace(request);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: place.latitude, longitude: place.longitude });
    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    await page.goto('/recipient/merchantlocator');
    const map = page.getByRole('region', { name: /^Map of merchants near/ });
    const list = page.getByRole('heading', { level: 2, name: 'Nearby merchants' });
    await expect(map).toBeVisible();
    await expect(list).toBeVisible();
    const mapBox = (await map.boundingBox())!;
    const listBox = (await list.boundingBox())!;
    expect(listBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);
    expect(mapBox.width).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
