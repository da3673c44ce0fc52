import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { programsOf, SFMNP } from './benefit-helpers';
import {
  apiToken,
  bearer,
  choose,
  DEMO_USERS,
  expectAccessible,
  expectNoSidewaysScroll,
  opened,
  signInAs,
} from './helpers';

// PANs (B§2 "Recipient PANs", "Bulk PAN generation", B§4, B§5, B§8; decisions 0035-0037, 0097): a
// recipient's PANs with generate and auto-print, listed masked, a whole number shown and hidden again by a holder of
// BULK_PAN_GEN and never offered to an agency user, status with confirmation, assign by 10 and 19 digits and each
// refusal; bulk generation with its confirmation box, the PDF download, the 409 dialog and the over-maximum message;
// the recipient's own card controls. Every story works on recipients and PANs it makes itself.

const SNAP = 'Connecticut SNAP Incentive';
const PHONE = { width: 390, height: 844 };

interface Program {
  programId: number;
  programUuid: string;
  programName: string;
}

async function programNamed(request: APIRequestContext, token: string, name: string): Promise<Program> {
  const found = (await programsOf(request, token)).find((p) => p.programName === name) as unknown as Program;
  expect(found, name).toBeDefined();
  return found;
}

/** A new recipient of the program through the API (room for two Active PANs, the demo programs' default). */
async function addRecipient(request: APIRequestContext, token: string, program: Program) {
  const agencies = await request.get('/account-api/agency', {
    headers: bearer(token),
    params: { programUuid: program.programUuid },
  });
  const [agency] = (await agencies.json()) as { agencyUuid: string }[];
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const answer = await request.post('/account-api/account', {
    headers: bearer(token),
    data: {
      programUuid: program.programUuid,
      agencyUuid: agency!.agencyUuid,
      firstname: 'Pan',
      lastname: `Story${tag}`,
      address1: '1 Main St',
      city: 'Hartford',
      stateCode: 'CT',
      zipcode: '06103',
      email: `pan.${tag}@example.com`,
      mobilePhone: '8605550123',
      cardIssuanceCode: false,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { accountUuid: string; programId: number; recipientIdentifier: string };
}

async function setupOf(request: APIRequestContext, token: string, programId: number) {
  const answer = await request.get(`/account-api/account/pangen/${programId}`, { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { accountUuid: string; maxPrintedPans: number };
}

/** Printed PANs made through the API; `release` fetches their PDF, which ends the generation's in-process state. */
async function printedPans(
  request: APIRequestContext,
  token: string,
  programId: number,
  count: number,
  release = true,
) {
  const { accountUuid } = await setupOf(request, token, programId);
  const made = await request.post('/account-api/pans/gen/printed', {
    headers: bearer(token),
    data: { programId, accountUuid, count },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { panGenId } = (await made.json()) as { panGenId: number };
  if (release) await releaseGeneration(request, token, panGenId);
  // The printed-PAN account's PANs page lists them masked (decision 0097): the program admin, who may print cards,
  // reveals each whole number, as a person reads it off the printed card.
  const listed = await request.get('/account-api/pans', { headers: bearer(token), params: { programId, accountUuid } });
  expect(listed.status()).toBe(200);
  const masked = ((await listed.json()) as { panId: number; pan: string }[]).slice(0, count);
  const pans = [];
  for (const { panId, pan } of masked) {
    expect(pan).toMatch(/^\*\d{4}$/);
    pans.push({ panId, pan: await revealed(request, token, panId) });
  }
  return { panGenId, pans };
}

/** POST /account-api/pans/{panId}/reveal: the whole number of one PAN (BULK_PAN_GEN; audited by the server). */
async function revealed(request: APIRequestContext, token: string, panId: number): Promise<string> {
  const answer = await request.post(`/account-api/pans/${panId}/reveal`, { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { pan: string }).pan;
}

/** The recipient's PANs as the list answers them: '*' and the last four. */
async function listedPans(
  request: APIRequestContext,
  token: string,
  recipient: { accountUuid: string; programId: number },
) {
  const listed = await request.get('/account-api/pans', {
    headers: bearer(token),
    params: { programId: recipient.programId, accountUuid: recipient.accountUuid },
  });
  expect(listed.status()).toBe(200);
  return (await listed.json()) as { panId: number; pan: string }[];
}

/** '9001 0000 1123 4567 890': the whole number as the page and the card print it. */
const grouped = (pan: string) => pan.replace(/(\d{4})(?=\d)/g, '$1 ');

async function releaseGeneration(request: APIRequestContext, token: string, panGenId: number) {
  const pdf = await request.get(`/benefit-api/pans/qrcode/pdfs/${panGenId}`, { headers: bearer(token) });
  expect(pdf.status()).toBe(200);
}

async function openPans(page: Page, recipient: { accountUuid: string; programId: number }) {
  await page.goto(`/program/recipient/${recipient.accountUuid}/${recipient.programId}`);
  await page.getByRole('link', { name: 'PANs', exact: true }).click();
  await expect(page).toHaveURL(`/program/pans/${recipient.accountUuid}/${recipient.programId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Recipient PANs' })).toBeVisible();
}

const panRows = (page: Page) => page.getByRole('table', { name: 'PANs of the recipient' }).getByRole('row');

test.describe("a recipient's PANs", () => {
  test('generate one and see its card open, then status it Lost after the confirmation', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const program = await programNamed(request, token, SFMNP);
    const recipient = await addRecipient(request, token, program);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await openPans(page, recipient);
    await expect(page.getByText('The recipient has no PANs.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Recipient' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Print after generation' })).toBeChecked();
    await expectAccessible(page);

    let popups = 0;
    page.on('popup', () => (popups += 1));
    await page.getByRole('button', { name: 'Generate PAN' }).click();
    await expect(page.getByText('A new Pan has been generated.')).toBeVisible();
    // B§4: the printable view opens by itself 1 second after the PANs have reloaded, in this tab (no second tab
    // holds the session, and nothing for a popup blocker to stop).
    const view = page;
    await expect(view).toHaveURL(/\/program\/pans\/view\?panId=\d+$/);
    await expect(view.getByRole('heading', { level: 1, name: 'PAN Cards' })).toBeVisible();
    const frame = view.locator('iframe[title="PAN cards (PDF)"]');
    await expect(frame).toHaveAttribute('src', /^blob:/);
    // The blob: document loaded in the frame (a frame-src refusal leaves an error page instead). The page may not
    // fetch the blob back to read it (connect-src 'self'); the server tests read the PDF itself.
    await expect.poll(() => view.frames().some((f) => f.url().startsWith('blob:'))).toBe(true);
    await expect(view.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    expect(popups).toBe(0);
    await view.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Recipient PANs' })).toBeVisible();

    const row = panRows(page).nth(1);
    await expect(row).toContainText('Active');
    // Listed masked: '*' and the last four, never the whole number (decision 0097).
    const [listed] = await listedPans(request, token, recipient);
    const last4 = listed!.pan.slice(1);
    await expect(row.getByText(`*${last4}`, { exact: true })).toBeVisible();
    await expect(row.getByText(/\d{4} \d{4} \d{4}/)).toHaveCount(0);
    await row.getByRole('button', { name: /^Lost:/ }).click();
    const dialog = await opened(page.getByRole('dialog', { name: 'Lost PAN' }));
    await expect(dialog).toContainText('Status this PAN as Lost?');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Lost' }).click();
    await expect(page.getByText('The pan has been statused.')).toBeVisible();
    await expect(row).toContainText('Lost');
    await expect(row.getByRole('button', { name: /^(Lost|Stolen|Inactive):/ })).toHaveCount(0);
  });

  test('assign a printed PAN by its last 10 digits and by all 19, and each refusal', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const sfmnp = await programNamed(request, token, SFMNP);
    const snap = await programNamed(request, token, SNAP);
    const { pans } = await printedPans(request, token, sfmnp.programId, 2);
    const { pans: other } = await printedPans(request, token, snap.programId, 1);
    const recipient = await addRecipient(request, token, sfmnp);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await openPans(page, recipient);
    const field = page.getByRole('textbox', { name: 'PAN' });
    const assign = page.getByRole('button', { name: 'Assign PAN' });

    await field.fill('123456789012');
    await assign.click();
    await expect(page.getByText('Enter the last 10 digits or all 19 digits of the PAN.')).toBeVisible();
    await field.fill('0000000000');
    await assign.click();
    await expect(page.getByText('The PAN entered was not found.')).toBeVisible();
    await field.fill(other[0]!.pan);
    await assign.click();
    await expect(page.getByText('The PAN and recipient must be in the same program.')).toBeVisible();

    await field.fill(pans[0]!.pan.slice(-10));
    await assign.press('Enter');
    await expect(page.getByText('PAN reassigned.')).toBeVisible();
    await expect(panRows(page)).toHaveCount(2);
    // Assigned now: not a printed PAN waiting any more.
    await field.fill(pans[0]!.pan);
    await assign.click();
    await expect(page.getByText('The PAN entered cannot be reassigned.')).toBeVisible();
    await field.fill(pans[1]!.pan);
    await assign.click();
    await expect(page.getByText('PAN reassigned.')).toBeVisible();
    await expect(panRows(page)).toHaveCount(3);
    // Two Active PANs: the program allows no more, so both actions are off.
    await expect(page.getByRole('button', { name: 'Assign PAN' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Generate PAN' })).toBeDisabled();
    await expectAccessible(page);

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(panRows(page)).toHaveCount(3);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('whole card numbers on the PANs page', () => {
  test('the program admin shows one card’s whole number in place and hides it again; the list stays masked', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const program = await programNamed(request, token, SFMNP);
    const recipient = await addRecipient(request, token, program);
    for (let i = 0; i < 2; i += 1) {
      const made = await request.post('/account-api/pans', {
        headers: bearer(token),
        data: { programId: recipient.programId, accountUuid: recipient.accountUuid },
      });
      expect(made.status(), await made.text()).toBe(200);
    }
    const [newest, older] = await listedPans(request, token, recipient);
    const last4 = newest!.pan.slice(1);
    const otherLast4 = older!.pan.slice(1);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await openPans(page, recipient);
    await expect(panRows(page)).toHaveCount(3);
    const row = panRows(page).nth(1);
    await expect(row.getByText(`*${last4}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'PANs of the recipient' })).not.toContainText(/\d{4} \d{4} \d{4}/);
    await expectAccessible(page);

    // With the keyboard: the button keeps the focus, and its name says which card and what it does next.
    const show = row.getByRole('button', { name: `Show number of card ending ${last4}` });
    await expect(show).toHaveText('Show number');
    await show.focus();
    await page.keyboard.press('Enter');
    const hide = row.getByRole('button', { name: `Hide number of card ending ${last4}` });
    await expect(hide).toBeFocused();
    await expect(hide).toHaveText('Hide number');
    const whole = await row.getByText(/^\d{4} \d{4} \d{4} \d{4} \d{3}$/).textContent();
    expect(whole!.replace(/ /g, '')).toMatch(new RegExp(`^\\d{15}${last4}$`));
    // Only that card: the other row stays masked, its own button untouched.
    const otherRow = panRows(page).nth(2);
    await expect(otherRow.getByText(`*${otherLast4}`, { exact: true })).toBeVisible();
    await expect(otherRow.getByRole('button', { name: `Show number of card ending ${otherLast4}` })).toBeVisible();
    // The number shown is the card's: the one the API reveals (and prints).
    expect(whole).toBe(grouped(await revealed(request, token, newest!.panId)));
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('pans-revealed.png'), fullPage: true });

    await page.setViewportSize(PHONE);
    await expect(row.getByText(whole!, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('pans-revealed-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await hide.press('Enter');
    await expect(show).toBeFocused();
    await expect(row.getByText(`*${last4}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'PANs of the recipient' })).not.toContainText(/\d{4} \d{4} \d{4}/);
    // A reload shows the list as the server answers it: masked.
    await page.reload();
    await expect(panRows(page).nth(1).getByText(`*${last4}`, { exact: true })).toBeVisible();
  });

  test('an agency user sees the masked numbers with no way to reveal them, and the server refuses them', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO_USERS.agencyuser);
    const [program] = (await programsOf(request, token)) as unknown as Program[];
    const recipient = await addRecipient(request, token, program!);
    const made = await request.post('/account-api/pans', {
      headers: bearer(token),
      data: { programId: recipient.programId, accountUuid: recipient.accountUuid },
    });
    expect(made.status(), await made.text()).toBe(200);
    const [listed] = await listedPans(request, token, recipient);
    expect(listed!.pan).toMatch(/^\*\d{4}$/);
    const refused = await request.post(`/account-api/pans/${listed!.panId}/reveal`, { headers: bearer(token) });
    expect(refused.status()).toBe(403);

    await signInAs(page, DEMO_USERS.agencyuser, /\/program$/);
    await openPans(page, recipient);
    const row = panRows(page).nth(1);
    await expect(row.getByText(listed!.pan, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Show number/ })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('bulk printed PAN generation', () => {
  test('refuses a count above the maximum, generates after the confirmation box and downloads the PDF', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const sfmnp = await programNamed(request, token, SFMNP);
    const { maxPrintedPans } = await setupOf(request, token, sfmnp.programId);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/pans/generation');
    await expect(page.getByRole('heading', { level: 1, name: 'Pan Generation' })).toBeVisible();
    await choose(page, 'Program', SFMNP);
    await expect(page.getByRole('table', { name: 'Program' })).toContainText('CTSFMNP');

    const count = page.getByRole('textbox', { name: 'Count' });
    const confirm = page.getByRole('checkbox', { name: 'Confirm generate and print.' });
    const generate = page.getByRole('button', { name: 'Generate' });
    await count.fill('1');
    await generate.click();
    await expect(page.getByText("Tick 'Confirm generate and print.' to generate.")).toBeVisible();
    await count.fill('12ab');
    await expect(count).toHaveValue('12');
    await count.fill(String(maxPrintedPans + 1));
    await confirm.check();
    await generate.click();
    await expect(page.getByText(`Pan generation count cannot be more than ${maxPrintedPans}.`)).toBeVisible();
    await expectAccessible(page);

    await count.fill('3');
    const download = page.waitForEvent('download');
    await generate.click();
    await expect(page.getByText('New Pans have been generated.')).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^pans-\d+\.pdf$/);
    await expect(page.getByRole('table', { name: 'Printed PANs not yet assigned' }).getByRole('row')).not.toHaveCount(
      1,
    );
    await expectAccessible(page);
  });

  test('answers a generation held open by another request with the in-process dialog', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USERS.progadmin);
    const snap = await programNamed(request, token, SNAP);
    // Another staff member's generation: made, its PDF not fetched yet, so it is still in process.
    const { panGenId } = await printedPans(request, token, snap.programId, 1, false);
    try {
      await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
      await page.goto('/program/pans/generation');
      await choose(page, 'Program', SNAP);
      await expect(page.getByRole('table', { name: 'Program' })).toContainText('CTSNAP');
      await page.getByRole('textbox', { name: 'Count' }).fill('1');
      await page.getByRole('checkbox', { name: 'Confirm generate and print.' }).check();
      await page.getByRole('button', { name: 'Generate' }).click();
      const dialog = await opened(page.getByRole('dialog', { name: 'Pan Generation' }));
      await expect(dialog).toContainText('A pan generation is currently in process for this program.');
      await expect(dialog).toContainText('Please wait a few minutes before trying again.');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog).toBeHidden();
    } finally {
      await releaseGeneration(request, token, panGenId);
    }
  });
});

test.describe("the recipient's card controls", () => {
  test('recipient01 locks and unlocks a card and reports it stolen', async ({ page, request }) => {
    const staff = await apiToken(request, DEMO_USERS.progadmin);
    const snap = await programNamed(request, staff, SNAP);
    // recipient01's CTSNAP account (Account ID 20000001) gets a card of its own for this story.
    const found = await request.get('/account-api/account', {
      headers: bearer(staff),
      params: { recipientIdentifier: '20000001' },
    });
    const account = ((await found.json()) as { data: { accountUuid: string }[] }).data[0]!;
    const made = await request.post('/account-api/pans', {
      headers: bearer(staff),
      data: { programId: snap.programId, accountUuid: account.accountUuid },
    });
    expect(made.status(), await made.text()).toBe(200);
    const { panId } = (await made.json()) as { panId: number };
    const mine = await request.get('/account-api/pans/currentuser', {
      headers: bearer(await apiToken(request, DEMO_USERS.recipient)),
    });
    const card = ((await mine.json()) as { panId: number; last4: string }[]).find((c) => c.panId === panId)!;

    await signInAs(page, DEMO_USERS.recipient, /\/recipient$/);
    const section = page.getByRole('region', { name: `Card ending in ${card.last4}` });
    await expect(section).toContainText(SNAP);
    await expect(section).toContainText(`*${card.last4}`);
    await expectAccessible(page);

    await section.getByRole('button', { name: 'Lock' }).click();
    await expect(page.getByText('Your card is locked. It cannot be used until you unlock it.')).toBeVisible();
    await expect(section.getByText('Locked', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('Your card is unlocked.')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Lock' })).toBeVisible();

    await section.getByRole('button', { name: 'Report stolen' }).click();
    const dialog = await opened(page.getByRole('dialog', { name: 'Report card stolen' }));
    await expect(dialog).toContainText(`Report your card ending in ${card.last4} as stolen?`);
    await dialog.getByRole('button', { name: 'Report stolen' }).click();
    await expect(page.getByText('Your card has been reported stolen. It can no longer be used.')).toBeVisible();
    await expect(section).toContainText('Stolen');
    await expect(section.getByRole('button')).toHaveCount(0);
    await expectAccessible(page);

    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(page);
  });
});
