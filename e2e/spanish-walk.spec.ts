import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { en } from '../packages/web/src/lib/i18n/en';
import { es } from '../packages/web/src/lib/i18n/es';
import { apiToken, bearer, DEMO_USERS } from './helpers';
import { signInInSpanish } from './spanish-helpers';
import { webRoutes, type WebRoute } from './web-routes';

// The Spanish walk (docs/i18n.md "Texts components draw"): every public and recipient route with Spanish chosen, and
// on each every text a person or a screen reader meets: the visible text, and the aria-label, title, placeholder and
// alt of every element, with the page's menus, drop-downs and date pickers opened in turn. It fails on an English
// word: one the English catalogue uses and the Spanish one never does (an untranslated catalogue text), or one of
// the words components draw themselves (Leaflet's zoom buttons, Mantine's calendar, a loader's label). Stored data
// (program, merchant and incentive names, security questions) and brand names are allowed by name.

test.use({ locale: 'es-US' });

/** The lower-case words of a text: letters (accented too) and apostrophes; numbers and signs are not words. */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}']+/gu) ?? []).map((word) => word.replace(/^'+|'+$/g, ''));
}

/** A catalogue text with its placeholders and markup taken out. */
const plain = (text: string) => text.replace(/\{\{\w+\}\}|<\/?\w+\s*\/?>/g, ' ');

/** Every text of the English catalogue. */
const englishTexts = Object.values(en).flatMap((group) => Object.values(group as Record<string, string>).map(plain));

/**
 * Every text of the Spanish catalogue that differs from its English: a text left (or put back) in English says
 * nothing of which words Spanish uses.
 */
const spanishTexts = Object.entries(es).flatMap(([group, texts]) =>
  Object.entries(texts as Record<string, string>)
    .filter(([key, text]) => (en as Record<string, Record<string, string>>)[group]?.[key] !== text)
    .map(([, text]) => plain(text)),
);

/** Words components draw when nobody gives them ours (Leaflet, Mantine, dayjs's English). */
const COMPONENT_WORDS = [
  'zoom',
  'in',
  'out',
  'previous',
  'next',
  'close',
  'loading',
  'choose',
  'month',
  'year',
  'decade',
  'upload',
  'search',
  'select',
  'browse',
  'file',
  'files',
  'pagination',
  'page',
  'calendar',
  'today',
  'contributors',
  'library',
  'interactive',
  'maps',
  'yyyy',
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  // Mantine's English weekday initials ('Tu' and 'Su' are Spanish words too, so they are left out).
  'mo',
  'we',
  'th',
  'fr',
];

/** Spanish words of the calendar (dayjs's month and day names): 'may' is Spanish there. */
const CALENDAR_WORDS = (() => {
  const locale = createRequire(import.meta.url)('dayjs/locale/es') as Record<string, unknown>;
  return ['months', 'monthsShort', 'weekdays', 'weekdaysShort', 'weekdaysMin'].flatMap((names) => {
    const list = locale[names];
    return Array.isArray(list) ? list.flatMap((name) => wordsOf(String(name))) : [];
  });
})();

/**
 * English words that must not show: en.ts's words that es.ts's translated texts never use (nor the Spanish
 * calendar's names), and the components' words, which are English whatever the catalogues say.
 */
const ENGLISH_WORDS: ReadonlySet<string> = (() => {
  const spanish = new Set([...spanishTexts.flatMap(wordsOf), ...CALENDAR_WORDS]);
  const english = englishTexts.flatMap(wordsOf).filter((word) => word.length > 1 && !spanish.has(word));
  return new Set([...english, ...COMPONENT_WORDS]);
})();

/**
 * What may show in English on a Spanish page, taken out before the words are read: brand names, and the demo data
 * shown as stored (docs/i18n.md "Limits").
 */
const ALLOWED: RegExp[] = [
  /MarketLink|JavaScript/g,
  // The language switch names each language in itself.
  /English|Español/g,
  // E-mail addresses, and the states' names in an address's state list ('New York (NY)').
  /\S+@\S+/g,
  /^[A-Z][A-Za-z .]+ \([A-Z]{2}\)$/g,
  // Stored data: the demo security questions, the demo application's description.
  /(What|In what|Who|Where) [^?]*\?/g,
  /The Senior Farmers Market Nutrition Program gives[^\n]*/g,
  /Complete the form below\.[^\n]*/g,
  // Stored data: the demo programs', applications', incentives', merchants', markets' and banks' names.
  /Connecticut Senior Farmers Market( Nutrition Program Application)?/g,
  /Connecticut SNAP Incentive/g,
  /[A-Z][a-z]+ (Farmers|Regional) Market/g,
  /East Hartford Farmers Market/g,
  /Harvest Moon Family Farm/g,
  /Green Valley Farm/g,
  /Farm Credit East/g,
  /SNAP Double Up Bucks/g,
  /Fall Harvest Bonus/g,
  // The names recipient01 gave its external cards (stored as typed).
  /WIC card/g,
  /My SNAP card/g,
  // Stored data: the name a person gave a phone paired with a card, quoted in its notices ('el teléfono "Market phone"').
  /teléfono "[^"\n]*"/g,
  // A place: the city that names a time zone ('hora oriental (New York)').
  /New York/g,
  // Stored data: a merchant's address as the locator lists it ('2230 North St, New Britain, CT 06051').
  /^\d+ [^,\n]+(, [^,\n]+)*, [A-Z]{2} \d{5}(-\d{4})?$/g,
];

/** One text of the page and where it was: 'text', or the attribute and its element. */
interface Shown {
  where: string;
  text: string;
}

/** A field's label, for an opener (a select) that has no name of its own. */
const LABEL_OF = (el: { id: string; labels?: ArrayLike<{ innerText: string }> | null }) =>
  el.labels?.[0]?.innerText ?? el.id;

/** The page's texts: the visible lines, and the aria-label, title, placeholder and alt of every rendered element. */
const SHOWN_TEXTS = `(() => {
  const shown = document.body.innerText.split('\\n').map((line) => ({ where: 'text', text: line.trim() }));
  for (const el of document.body.querySelectorAll('*')) {
    if (!el.checkVisibility()) continue;
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(attr);
      if (value) shown.push({ where: el.tagName.toLowerCase() + '[' + attr + ']', text: value });
    }
  }
  shown.push({ where: 'document title', text: document.title });
  return shown.filter((item) => item.text !== '');
})()`;

/**
 * Names other specs give the records recipient01 sees (a merchant 'E2E Market Stand', an incentive 'Zz Started …'):
 * stored data shown as stored, read from the API the pages read, so the walk does not depend on which specs ran
 * first. Every string of a key ending in 'name' (merchantName, incentiveName, programName) is allowed as a whole.
 */
const STORED_NAMES: RegExp[] = [];

async function allowStoredNames(request: APIRequestContext, token: string) {
  const names = new Set<string>();
  const collect = (value: unknown, key = ''): void => {
    if (Array.isArray(value)) value.forEach((item) => collect(item, key));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) collect(v, k);
    else if (typeof value === 'string' && /name$/i.test(key) && value.trim().length > 2) names.add(value.trim());
  };
  for (const url of [
    '/merchant-api/locator/start',
    '/account-api/incentive/recipient-incentive/currentrecipient',
    '/account-api/incentive/recipient-incentive/currentrecipient/headroom',
  ]) {
    const res = await request.get(url, { headers: bearer(token) });
    if (res.ok()) collect(await res.json());
  }
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Longest first, so a name that holds another is taken whole.
  for (const name of [...names].sort((a, b) => b.length - a.length)) STORED_NAMES.push(new RegExp(escape(name), 'g'));
}

/** The English words of each text of the page, as findings ('text: "Zoom in" (zoom)'). */
async function englishFindings(page: Page): Promise<string[]> {
  const shown = await page.evaluate<Shown[]>(SHOWN_TEXTS);
  const findings = new Set<string>();
  for (const { where, text } of shown) {
    let rest = text;
    for (const allowed of [...STORED_NAMES, ...ALLOWED]) rest = rest.replace(allowed, ' ');
    const english = wordsOf(rest).filter((word) => ENGLISH_WORDS.has(word));
    if (english.length > 0) findings.add(`${where}: "${text}" (${[...new Set(english)].join(', ')})`);
  }
  return [...findings];
}

/** Menus, drop-downs (a select's list) and the date fields' calendar buttons. */
const POPUP_OPENERS =
  'main button[aria-haspopup]:not([disabled]), main button[aria-expanded="false"]:not([disabled]), ' +
  'main input[aria-haspopup]:not([disabled]), header button[aria-haspopup]';

/** Buttons that open a dialog (a confirmation, a form, the footer's topics); never the sign-out or the language. */
const DIALOG_OPENERS =
  /^(Eliminar|Quitar|Reportar|Bloquear|Desbloquear|Cambiar|Establecer|Agregar|Inscrib|Preguntas frecuentes|Aviso legal|Acerca de)/i;

/** How many openers of each kind a page has opened: enough for each kind of pop-up, not every row's copy. */
const OPENERS_PER_KIND = 8;

/** While walking, the API answers reads only: a confirmation reached by mistake changes nothing. */
async function refuseWrites(page: Page): Promise<void> {
  await page.route(/-api\//, (route) =>
    route.request().method() === 'GET' ? route.continue() : route.abort('blockedbyclient'),
  );
}

/**
 * The page's closed pop-ups, one by one: menus, drop-downs, the date fields' calendars (and a calendar's month
 * level), dialogs and a map pin's popup, each read open, then closed with Escape. Only what opening adds is reported.
 */
async function openedFindings(
  page: Page,
  url: string,
  closed: readonly string[],
): Promise<{ findings: string[]; opened: string[] }> {
  const findings: string[] = [];
  const opened: string[] = [];
  const seen = new Set(closed);
  const add = (state: string, found: string[]) => {
    for (const finding of found) {
      if (seen.has(finding)) continue;
      seen.add(finding);
      findings.push(`(${state}) ${finding}`);
    }
  };
  const kinds = [
    page.locator(POPUP_OPENERS),
    page.locator('main, footer').getByRole('button', { name: DIALOG_OPENERS }),
    page.locator('main .leaflet-marker-icon'),
  ];
  for (const [kind, openers] of kinds.entries()) {
    const count = Math.min(await openers.count(), OPENERS_PER_KIND);
    for (let i = 0; i < count; i += 1) {
      const opener = openers.nth(i);
      if (!(await opener.isVisible()) || !(await opener.isEnabled())) continue;
      const name =
        (await opener.getAttribute('aria-label')) ||
        (await opener.getAttribute('title')) ||
        (await opener.innerText()) ||
        (await opener.evaluate(LABEL_OF));
      // Pins can overlap at the locator's zoom, and an open popup can cover the next pin: a pin is clicked where it
      // stands, whatever lies on top (what opens is read either way).
      // Anything else that cannot be clicked in a few seconds (covered, moving) is passed over, not waited for.
      const clicked = await opener.click(kind === 2 ? { force: true } : { timeout: 3_000 }).then(
        () => true,
        () => false,
      );
      if (!clicked) continue;
      await page.waitForTimeout(400);
      opened.push(name);
      add(`${name} open`, await englishFindings(page));
      // A calendar: its month level (the months' names).
      const level = page.locator('.mantine-DatePicker-calendarHeaderLevel').first();
      if (await level.isVisible().catch(() => false)) {
        await level.click({ timeout: 3_000 });
        await page.waitForTimeout(200);
        add(`${name}, months`, await englishFindings(page));
      }
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
      if (page.url() !== new URL(url, page.url()).href || (await page.getByRole('dialog').count()) > 0) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      }
    }
  }
  return { findings, opened };
}

/** The ids the recipient's routes with parameters open on, read as recipient01 (and its program as staff see it). */
async function recipientVisits(request: APIRequestContext): Promise<Record<string, string>> {
  const token = await apiToken(request, DEMO_USERS.recipient);
  await allowStoredNames(request, token);
  const read = async <T>(url: string, params?: Record<string, string>): Promise<T> => {
    const res = await request.get(url, { headers: bearer(token), params });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  };
  const cards = await read<{ data: { externalPanId: string }[] }>('/account-api/external-pan/all');
  const pans = await read<{ panId: number; panStatusId: number }[]>('/account-api/pans/currentuser');
  const trxs = await read<{ data: { trxUuid: string; merchantName: string | null }[] }>(
    '/transaction-api/transactions',
    { startDate: '2020-08-01T00:00:00Z', trxTypeId: '1', respCodeId: '1', pageSize: '20' },
  );
  const trx = trxs.data.find((row) => row.merchantName !== null)!;
  const detail = await read<{ merchant: { merchantUuid: string } }>(`/transaction-api/transactions/${trx.trxUuid}`);
  const staff = await apiToken(request, DEMO_USERS.progadmin);
  const users = await request.get('/user-api/users', {
    headers: bearer(staff),
    params: { username: DEMO_USERS.recipient },
  });
  const user = ((await users.json()) as { data: { programs: { programUuid: string }[] }[] }).data[0]!;
  return {
    '/recipient/ebtcard/:id': `/recipient/ebtcard/${cards.data[0]!.externalPanId}`,
    '/recipient/program/:id': `/recipient/program/${user.programs[0]!.programUuid}`,
    '/recipient/transaction/:id': `/recipient/transaction/${trx.trxUuid}`,
    '/recipient/merchant/:id': `/recipient/merchant/${detail.merchant.merchantUuid}`,
    '/recipient/pay/:panId': `/recipient/pay/${pans.find((pan) => pan.panStatusId === 0)!.panId}`,
  };
}

/** The demo farmer application's status link (packages/server/src/seed/farmer-applications.ts). */
const FARMER_STATUS = '/apply/farmer/status?hash=demo-farmer-application-status-link-0000046';

/** The URL each route is visited at; the not-found page at a path no route has. */
function urlOf(route: WebRoute, visits: Record<string, string>): string {
  if (route.pattern.endsWith('/*')) return route.pattern.replace(/\*$/, 'no-such-page');
  if (route.pattern === '/apply/farmer/status') return FARMER_STATUS;
  const url = route.pattern.includes(':') ? visits[route.pattern] : route.pattern;
  if (!url) throw new Error(`no visit for ${route.pattern}: add it to recipientVisits`);
  return url;
}

async function walk(page: Page, routes: WebRoute[], visits: Record<string, string>) {
  await refuseWrites(page);
  const findings: string[] = [];
  let opened = 0;
  for (const route of routes) {
    const url = urlOf(route, visits);
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first(), `${url} shows its heading`).toBeVisible();
    // Whatever loads after the heading (a list, a map's controls) is on the page before it is read.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const closed = await englishFindings(page);
    const open = await openedFindings(page, url, closed);
    const english = [...closed, ...open.findings];
    if (english.length > 0) findings.push(`${url}:\n  ${english.join('\n  ')}`);
    opened += open.opened.length;
    test.info().annotations.push({ type: url, description: `opened: ${open.opened.join(' | ')}` });
  }
  // The walk read pop-ups too, not only the closed pages.
  expect(opened, 'menus, calendars and dialogs opened').toBeGreaterThan(0);
  return findings;
}

test.describe('the Spanish walk', () => {
  const routes = webRoutes().filter((route) => !route.placeholder && route.pattern !== '/logout');

  test('builds its English words from the catalogues', () => {
    for (const word of ['zoom', 'previous', 'loading', 'benefits', 'merchants', 'balance']) {
      expect(ENGLISH_WORDS.has(word), word).toBe(true);
    }
    for (const word of ['no', 'a', 'may', 'marketlink']) expect(ENGLISH_WORDS.has(word), word).toBe(false);
  });

  test('every public page shows no English', async ({ page }) => {
    const publicRoutes = routes.filter((route) => route.area === 'public');
    test.setTimeout(30_000 + publicRoutes.length * 15_000);
    const findings = await walk(page, publicRoutes, {});
    expect(findings, findings.join('\n')).toEqual([]);
  });

  test('every recipient page shows no English', async ({ page, request }) => {
    const recipientRoutes = routes.filter((route) => route.area === 'recipient');
    test.setTimeout(60_000 + recipientRoutes.length * 15_000);
    const visits = await recipientVisits(request);
    await signInInSpanish(page);
    const findings = await walk(page, recipientRoutes, visits);
    expect(findings, findings.join('\n')).toEqual([]);
  });

  test('a date field takes and shows the date day first, and its calendar speaks Spanish', async ({ page }) => {
    await signInInSpanish(page);
    await page.goto('/recipient/benefits');
    const field = page.getByPlaceholder('DD/MM/AAAA').first();
    await field.fill('23/11/2026');
    await field.blur();
    await expect(field).toHaveValue('23/11/2026');
    await page
      .getByRole('button', { name: /en un calendario/ })
      .first()
      .click();
    // The calendar opens on the typed date's month, named in Spanish, with that day chosen.
    await expect(page.getByText('noviembre 2026', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '23 noviembre 2026' })).toHaveAttribute('data-selected', 'true');
    await page.getByRole('button', { name: '24 noviembre 2026' }).click();
    await expect(field).toHaveValue('24/11/2026');
  });
});
