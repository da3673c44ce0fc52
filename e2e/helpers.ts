import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Demo users of the runtime contract; all share one password. */
export const DEMO_PASSWORD = 'Welcome#2026';
export const DEMO_USERS = {
  sysadmin: 'sysadmin01',
  progadmin: 'progadmin01',
  agencyadmin: 'agencyadmin01',
  agencyuser: 'agencyuser01',
  recipient: 'recipient01',
  farmer: 'farmer01',
} as const;

/** Where the web app keeps the session token (packages/web/src/lib/session.ts). */
const TOKEN_KEY = 'marketlink.session';

/** Fills and submits the sign-in form as a person would. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the form and waits for the portal's landing page (the specs of signing in itself). */
export async function signInThroughForm(page: Page, username: string, landing: RegExp): Promise<void> {
  await signIn(page, username);
  await expectLanding(page, landing);
}

/**
 * Opens the portal's landing page signed in as `username`, for the specs whose subject is not the sign-in: the token
 * comes from the API (POST /api/authenticate, as the form sends it) and goes where the app keeps it, this tab's
 * sessionStorage, written from a page of the origin that loads no app; then the landing page, as after the form. The
 * form's specs (auth.spec.ts's landings, and those that sign in by keyboard, in Spanish or with a new password) keep
 * signing in through it; through it here, every other spec paid a page load and a sign-in round (bench/README.md,
 * "The test run").
 */
export async function signInAs(page: Page, username: string, landing: RegExp): Promise<void> {
  // Each landing is a portal's own path: /\/program$/ is /program.
  const portal = /^\\\/(recipient|merchant|program|admin)\$?$/.exec(landing.source)?.[1];
  if (!portal) throw new Error(`signInAs: ${landing} is not a portal's landing; use signInThroughForm`);
  const token = await apiToken(page.request, username);
  await page.goto('/healthz');
  await page.evaluate(`window.sessionStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)})`);
  await page.goto(`/${portal}`);
  await expectLanding(page, landing);
}

async function expectLanding(page: Page, landing: RegExp): Promise<void> {
  await expect(page).toHaveURL(landing);
  // The signed-in shell (not the sign-in page still fading out) and the landing page's heading.
  await expect(page.getByRole('button', { name: /User menu for|Menú de usuario de/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

export function sessionToken(page: Page): Promise<string | null> {
  // A string expression: the root tsconfig has no DOM types for a function body run in the page.
  return page.evaluate<string | null>(`window.sessionStorage.getItem(${JSON.stringify(TOKEN_KEY)})`);
}

/** The portal navigation (side bar, header bar or drawer: whichever is showing). */
export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The WCAG 2.1 A and AA violations axe finds on the page as it is now, one summary line (and its nodes) each. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // A dialog or drawer still fading in blends its text with the overlay, and axe would measure that half-way colour:
  // wait until no CSS transition or finite animation runs (a spinner's endless one does not count). A function, not
  // a string: the app's CSP forbids the eval a polled string needs. The root tsconfig has no DOM types: a narrow cast.
  type AnimatedDocument = {
    getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[];
  };
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { document: AnimatedDocument }).document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  const results = await axeResults(page);
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
}

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's source: the copy @axe-core/playwright itself injects (its own dependency, so never a second version). */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }
).source;

/**
 * axe.run in the page with WCAG 2.1 A and AA's rules; null when the document has no axe yet. Violations are all
 * that is read: axe keeps one node each of the other result types. A string expression (no DOM types, see above).
 */
const AXE_RUN = `window.axe?.run(document, ${JSON.stringify({
  runOnly: { type: 'tag', values: WCAG_21_AA },
  resultTypes: ['violations'],
})}) ?? null`;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe's findings on the page as it is now. AxeBuilder's default run opens a blank tab for every pass (axe.finishRun
 * runs there) and sends axe's 560 kB source to both pages every time: about a second a pass, the largest share of
 * the browser stage's time in CI (bench/README.md, "The test run"). A page without frames (each of the app's but
 * the printable PAN view, whose PDF is a frame) gets the same rules and findings from axe.run in the page itself, and
 * a document that has axe from an earlier pass (a dialog opened, a form submitted, a route changed in the app) is not
 * sent the source again. A page with frames keeps AxeBuilder's run, which reads each frame.
 */
async function axeResults(page: Page): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const results = await page.evaluate<AxeResults | null>(AXE_RUN);
  if (results) return results;
  await page.evaluate(AXE_SOURCE);
  return (await page.evaluate<AxeResults | null>(AXE_RUN))!;
}

/** No violation of WCAG 2.1 A or AA on the page as it is now (testing.md: axe on each page a spec visits). */
export async function expectAccessible(page: Page): Promise<void> {
  const summary = await accessibilityViolations(page);
  expect(summary, summary.join('\n')).toEqual([]);
}

/** Picks `option` in the select labelled `label`, as a person clicks it open and chooses. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A dialog once its opening transition has ended (axe reads the colours of a half-faded dialog otherwise). */
export async function opened(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

/**
 * The page does not scroll sideways: everything fits a phone's width (tables scroll inside their own frame). Asked
 * until it holds (a few seconds at most): right after `setViewportSize` the layout may not have settled yet (seen once
 * as a 1-pixel overflow on CI), while a real overflow stays and still fails.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), {
      message: 'the page scrolls sideways by this many pixels',
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(0);
}

/** The security question and answer every seeded user past Pending has (packages/server/src/seed/model.ts). */
export const DEMO_SECURITY_QUESTION = 'What is the name of the town where you were born?';
export const DEMO_SECURITY_ANSWER = 'Hartford';

/** Signs in through the API, as another client would, and answers the bearer token. */
export async function apiToken(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const answer = await request.post('/api/authenticate', { data: { username, password } });
  expect(answer.status(), `sign-in of ${username}`).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The signed-in user of a token (GET /user-api/user/current). */
async function currentUserOf(
  request: APIRequestContext,
  token: string,
): Promise<{ userUuid: string; username: string; email: string }> {
  const answer = await request.get('/user-api/user/current', { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { userUuid: string; username: string; email: string };
}

export interface OutboxMessage {
  id: number;
  channel: string;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** One platform-admin session per test's request context, for reading the outbox while polling. */
const adminTokens = new WeakMap<APIRequestContext, string>();

/** The outbox, newest first (GET /admin-api/outbox, read as the platform admin): the test's mailbox and phone. */
async function readOutbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  let token = adminTokens.get(request);
  if (!token) {
    token = await apiToken(request, DEMO_USERS.sysadmin);
    adminTokens.set(request, token);
  }
  const answer = await request.get('/admin-api/outbox', { headers: bearer(token), params: { limit: 200 } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as OutboxMessage[];
}

/** The id of the newest message now, so a later wait takes only what arrives after it. */
export async function lastOutboxId(request: APIRequestContext): Promise<number> {
  return (await readOutbox(request))[0]?.id ?? 0;
}

/** Waits for the newest message after `afterId` that `match` accepts (a person checking their mail). */
export async function waitForMessage(
  request: APIRequestContext,
  match: (message: OutboxMessage) => boolean,
  afterId = 0,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(request)).find((message) => message.id > afterId && match(message));
        return found !== undefined;
      },
      { message: 'a matching message in the outbox', timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The path of the activation or reset link in an e-mail (`/validate?hash=…`, `/resetpass?hash=…`). */
export function linkPathIn(body: string, page: 'validate' | 'resetpass'): string {
  const match = new RegExp(`/${page}\\?hash=([A-Za-z0-9_-]+)`).exec(body);
  expect(match, `a /${page} link in:\n${body}`).not.toBeNull();
  return `/${page}?hash=${match![1]}`;
}

/** The one-time code in a verification e-mail or SMS. */
function codeIn(body: string): string {
  const match = /verification code is ([A-Za-z0-9]+)/.exec(body);
  expect(match, `a verification code in:\n${body}`).not.toBeNull();
  return match![1]!;
}

/**
 * The message carrying the code a recovery step just sent. The page says where it went ('j***@example.com' or
 * '***-***-1234'); `email` is the user's address, and an SMS is matched by the last four digits shown.
 */
export async function waitForCode(request: APIRequestContext, email: string, sentTo: string, afterId: number) {
  const phoneDigits = /\*\*\*-\*\*\*-(\d{4})/.exec(sentTo)?.[1];
  const message = await waitForMessage(
    request,
    (m) =>
      /verification code/i.test(m.subject) &&
      (phoneDigits ? m.channel === 'sms' && m.to.endsWith(phoneDigits) : m.to.toLowerCase() === email.toLowerCase()),
    afterId,
  );
  return codeIn(message.body);
}

/**
 * Has the platform admin send `username` a fresh activation link (POST /user-api/user/send-activation with
 * resetHash, resolution 4) and answers the link's path from the e-mail. The demo data has Pending users, but no API
 * yet lists users, so their uuids cannot be found; an activated user found by signing in is re-activated instead.
 */
export async function sendActivationLink(
  request: APIRequestContext,
  username: string,
  password = DEMO_PASSWORD,
): Promise<{ path: string; email: string }> {
  const own = await apiToken(request, username, password);
  const user = await currentUserOf(request, own);
  await request.get('/api/logout', { headers: bearer(own) });

  const afterId = await lastOutboxId(request);
  const admin = await apiToken(request, DEMO_USERS.sysadmin);
  const sent = await request.post('/user-api/user/send-activation', {
    headers: bearer(admin),
    data: { uuid: user.userUuid, resetHash: true },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const message = await waitForMessage(
    request,
    (m) => m.to.toLowerCase() === user.email.toLowerCase() && /activate/i.test(m.subject),
    afterId,
  );
  return { path: linkPathIn(message.body, 'validate'), email: user.email };
}

/** Who staff add in `addRecipientAndSendActivation`: a name, an address line, a city and ZIP in CT, a phone. */
export interface NewRecipientPerson {
  firstname: string;
  lastname: string;
  address1: string;
  city: string;
  zipcode: string;
  mobilePhone: string;
  /** The e-mail's local part before a suffix that differs in each run. */
  emailPrefix: string;
}

/**
 * Staff (the program admin) add a person to their first program, a new Pending portal user, and send the activation
 * e-mail as the recipient detail page does. Answers the account, the e-mail address and the message as the person
 * reads it in their mailbox (the outbox), with the program for the caller's own checks.
 */
export async function addRecipientAndSendActivation(request: APIRequestContext, person: NewRecipientPerson) {
  const staff = await apiToken(request, DEMO_USERS.progadmin);
  const programs = (await (await request.get('/account-api/account/programs', { headers: bearer(staff) })).json()) as {
    programUuid: string;
    programName: string;
  }[];
  const email = `${person.emailPrefix}.${Date.now().toString(36)}@example.org`;
  const { emailPrefix: _, ...fields } = person;
  const added = await request.post('/account-api/account', {
    headers: bearer(staff),
    data: { programUuid: programs[0]!.programUuid, ...fields, stateCode: 'CT', email },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { accountUuid } = (await added.json()) as { accountUuid: string };
  const account = (await (
    await request.get(`/account-api/account/${accountUuid}`, { headers: bearer(staff) })
  ).json()) as { userUuid: string; programId: number };
  const afterId = await lastOutboxId(request);
  const sent = await request.post('/user-api/recipient-users/send-activation', {
    headers: bearer(staff),
    data: { uuid: account.userUuid },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const message = await waitForMessage(
    request,
    (m) => m.to.toLowerCase() === email && /activate/i.test(m.subject),
    afterId,
  );
  return { accountUuid, programId: account.programId, program: programs[0]!, email, message };
}

/** The state of one item of the live password checklist ('met' or 'not met'), as a screen reader hears it. */
export function checklistItem(page: Page, label: string) {
  return page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem').filter({ hasText: label });
}

/** The total of a paged table's "Showing 11–20 of 57" line on page `pageNumber`, once the line shows that page. */
export async function shownTotal(page: Page, pageNumber: number): Promise<number> {
  const first = (pageNumber - 1) * 10 + 1;
  const line = page.getByText(new RegExp(`^Showing ${first}–\\d+ of \\d+$`));
  await expect(line).toBeVisible();
  return Number(/of (\d+)$/.exec(await line.innerText())![1]);
}
