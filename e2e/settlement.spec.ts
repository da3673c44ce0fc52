import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney } from '@ebt/core/format';
import {
  BATCH_EXPORT_HEADERS,
  type HeldMerchantList,
  type ReconciliationAnswer,
  SETTLEMENT_MESSAGES,
} from '@ebt/core/settlement';
import { pdfText } from '../packages/server/src/testing/pdf-text';
import { apiToken, bearer, DEMO_USERS, expectAccessible, expectNoSidewaysScroll, signInAs } from './helpers';
import { BANK_ACCOUNT, BANK_ROUTING, uniqueMerchantId } from './merchant-helpers';

// Merchant settlement (docs/settlement.md): an administrator closes a batch, downloads its ACH file and marks
// it paid; the error path of 'Mark paid'; a program admin sees only their programs' batches; the batch list's CSV export
// and the reconciliation report checked against the API; a merchant line opens the merchant's
// transactions of the batch, and its statement PDF is opened there and on the merchant detail; a close with nothing to
// pay (only merchants on hold wait) makes no batch and says so, and the list shows the merchants on hold. A close that
// must make a batch first has a purchase through a terminal of a merchant that can be paid (the demo terminal's merchant
// has no bank details, so it is held).

type TerminalCredentials = { id: string; secret: string };
const DEMO_TERMINAL: TerminalCredentials = { id: 'DEM0TERM0001', secret: 'demo-terminal-secret-not-for-production' };
const DEMO_CARD = '9001000021000000013';
/** recipient01's PIN (packages/server/src/seed/model.ts DEMO_CARD_PIN): the demo programs ask for it. */
const DEMO_PIN = '4826';
const RUN = Date.now().toString(36).slice(-6).toUpperCase();

/** The demo card's program (its prefix 900100 + series 002 is the SNAP incentive program, CTSNAP) as the API names it. */
async function demoCardProgram(
  request: APIRequestContext,
): Promise<{ programId: number; programUuid: string; programName: string }> {
  const token = await apiToken(request, DEMO_USERS.sysadmin);
  const programs = await request.get('/account-api/account/programs', { headers: bearer(token) });
  const all = (await programs.json()) as {
    programId: number;
    programUuid: string;
    programName: string;
    shortName: string;
  }[];
  return all.find((p) => p.shortName === 'CTSNAP') ?? all[0]!;
}

/**
 * A terminal of a merchant of the spec's own that can be paid (active, with complete bank information) in the demo
 * card's program: POST /merchant-api/merchant, then POST …/terminals (the secret is answered this once).
 */
async function payableTerminal(request: APIRequestContext): Promise<TerminalCredentials> {
  const token = await apiToken(request, DEMO_USERS.sysadmin);
  const program = await demoCardProgram(request);
  const added = await request.post('/merchant-api/merchant', {
    headers: bearer(token),
    data: {
      merchantIdentifier: uniqueMerchantId('SET'),
      merchantName: `Settlement Stand ${RUN}`,
      fnsNumber: '1234567',
      email: 'stand@example.com',
      businessPhone: '8605550199',
      mobilePhone: '8605550198',
      taxId: '123456789',
      taxClassId: 1,
      tinTypeId: 2,
      programId: program.programId,
      addressInfo: { addressOne: '12 Elm Street', addressTwo: '', city: 'Hartford', stateCode: 'CT', zipcode: '06103' },
      mailingAddress: null,
      physicalAddress: null,
      bankAccountInfo: {
        bankName: 'First Farmers Bank',
        bankAccountNumber: BANK_ACCOUNT,
        bankRoutingNumber: BANK_ROUTING,
        bankAccountType: 0,
        firstName: 'Ada',
        middleName: '',
        lastName: 'Stone',
      },
      creationChannel: 'API',
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const { merchantUuid } = (await added.json()) as { merchantUuid: string };
  const issued = await request.post(`/merchant-api/merchant/${merchantUuid}/terminals`, {
    headers: bearer(token),
    data: { name: 'Settlement e2e' },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const answer = (await issued.json()) as { terminal: { terminalId: string }; secret: string };
  return { id: answer.terminal.terminalId, secret: answer.secret };
}

/** A $1.00 purchase with the demo card; through the demo terminal (whose merchant is held) unless told otherwise. */
async function purchase(request: APIRequestContext, terminal: TerminalCredentials = DEMO_TERMINAL) {
  const answer = await request.post('/transaction-api/pos/purchase', {
    headers: {
      authorization: `Basic ${Buffer.from(`${terminal.id}:${terminal.secret}`).toString('base64')}`,
    },
    data: {
      pan: DEMO_CARD,
      pin: DEMO_PIN,
      amount: 1,
      allowPartial: true,
      traceNumber: `S${RUN}${Math.floor(Math.random() * 1e4)}`,
      terminalDateTime: new Date().toISOString().replace('Z', '+00:00'),
      posEntryMode: '071',
      mcc: '5411',
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Text as a regular expression that matches it literally. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Chooses the program and closes a batch of it through the screen. */
async function closeThroughScreen(page: Page, programName: string) {
  await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: programName });
  await page.getByRole('button', { name: 'Close batch now' }).click();
  await expect(page.getByText(SETTLEMENT_MESSAGES.BATCH_CLOSED)).toBeVisible();
}

/** The name of the demo card's program. */
async function programOfDemoCard(request: APIRequestContext): Promise<string> {
  return (await demoCardProgram(request)).programName;
}

test.describe('settlement', () => {
  test('an administrator closes a batch, downloads its ACH file and marks it paid', async ({ page, request }) => {
    await purchase(request, await payableTerminal(request));
    const programName = await programOfDemoCard(request);
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.getByRole('link', { name: 'Settlements' }).first().click();
    await expect(page.getByRole('heading', { name: 'Settlements' })).toBeVisible();
    await closeThroughScreen(page, programName);
    await expectAccessible(page);

    await page
      .getByRole('button', { name: /^Open batch / })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /^Settlement batch \d+ of / })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Merchant lines' })).toBeVisible();
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download ACH file' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ach-.*\.txt$/);
    const text = await (await file.createReadStream()).toArray();
    const lines = Buffer.concat(text).toString('ascii').split('\n').filter(Boolean);
    expect(lines.every((l) => l.length === 94)).toBe(true);
    expect(lines.length % 10).toBe(0);
    await expect(page.getByText('File downloaded', { exact: true })).toBeVisible();

    // Error path first: an empty reference is refused on the form.
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText(SETTLEMENT_MESSAGES.BANK_REFERENCE_REQUIRED)).toBeVisible();
    await page.getByRole('textbox', { name: 'Bank reference' }).fill(`FED-${RUN}`);
    await page.getByRole('textbox', { name: 'Bank reference' }).press('Enter');
    await expect(page.getByText(SETTLEMENT_MESSAGES.BATCH_MARKED_PAID)).toBeVisible();
    await expect(page.getByText(`Paid: bank reference FED-${RUN}.`)).toBeVisible();
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByText(`Paid: bank reference FED-${RUN}.`)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'Back to settlements' }).click();
    await expect(page.getByRole('heading', { name: 'Settlements' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('an administrator exports the batch list and reads the reconciliation of a program', async ({
    page,
    request,
  }) => {
    await purchase(request, await payableTerminal(request));
    const programName = await programOfDemoCard(request);
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/settlements');
    await closeThroughScreen(page, programName);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^settlement-batches-\d{8}\.csv$/);
    const csv = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
    const [header, first] = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toBe(BATCH_EXPORT_HEADERS.join(','));
    expect(first).toContain(programName);

    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await expect(page.getByRole('heading', { name: 'Reconciliation' })).toBeVisible();
    // Error path first: a range that ends before it starts.
    await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: programName });
    await page.getByRole('textbox', { name: 'Start date' }).fill('2026-02-01');
    await page.getByRole('textbox', { name: 'End date' }).fill('2026-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText(SETTLEMENT_MESSAGES.RANGE_REVERSED)).toBeVisible();

    const today = new Date().toISOString().slice(0, 10);
    const startDate = `${today.slice(0, 4)}-01-01`;
    await page.getByRole('textbox', { name: 'Start date' }).fill(startDate);
    await page.getByRole('textbox', { name: 'End date' }).fill(today);
    await page.getByRole('button', { name: 'Show' }).click();
    const table = page.getByRole('table', { name: 'Reconciliation by funding source' });
    await expect(table).toBeVisible();
    await expectAccessible(page);

    // The total row shows the API's figures, as USD.
    const token = await apiToken(request, DEMO_USERS.sysadmin);
    const programs = (await (
      await request.get('/account-api/account/programs', { headers: bearer(token) })
    ).json()) as {
      programName: string;
      programUuid: string;
    }[];
    const programUuid = programs.find((p) => p.programName === programName)!.programUuid;
    const answer = (await (
      await request.get('/settlement-api/reconciliation', {
        headers: bearer(token),
        params: { programUuid, startDate, endDate: today },
      })
    ).json()) as ReconciliationAnswer;
    const total = table.getByRole('row').filter({ hasText: 'Total' });
    await expect(total).toContainText(formatMoney(answer.total.issuedAmt));
    await expect(total).toContainText(formatMoney(answer.total.redeemedSettledAmt));
    await expect(total).toContainText(formatMoney(answer.total.outstandingAmt));
    expect(answer.total.redeemedSettledAmt).toBeGreaterThan(0);

    // At 390 px (reloaded, as the batch page's check does, so the shell lays out for the narrow screen).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Reconciliation' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: programName });
    await page.getByRole('textbox', { name: 'Start date' }).fill(startDate);
    await page.getByRole('textbox', { name: 'End date' }).fill(today);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('table', { name: 'Reconciliation by funding source' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("a merchant line opens its transactions, and the administrator opens and e-mails the merchant's statement", async ({
    page,
    request,
  }) => {
    // A batch that paid merchants (the demo history's, closed by the seed, or one an earlier story closed).
    const token = await apiToken(request, DEMO_USERS.sysadmin);
    const batches = (
      (await (await request.get('/settlement-api/batches', { headers: bearer(token) })).json()) as {
        data: { batchUuid: string; merchantCount: number }[];
      }
    ).data;
    const paid = batches.find((b) => b.merchantCount > 0);
    expect(paid, 'a settlement batch that paid merchants (demo data)').toBeDefined();
    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto(`/admin/settlement/${paid!.batchUuid}`);
    await expect(page.getByRole('heading', { name: /^Settlement batch \d+ of / })).toBeVisible();

    // The merchant line opens the merchant's transactions of this batch.
    const line = page.getByRole('link', { name: /: its transactions in this batch$/ }).first();
    const merchantLabel = (await line.textContent())!.trim();
    const merchantName = merchantLabel.replace(/ \([^)]*\)$/, '');
    await line.click();
    await expect(
      page.getByRole('heading', { name: new RegExp(`^${escape(merchantName)}: batch \\d+$`) }),
    ).toBeVisible();
    const table = page.getByRole('table', { name: new RegExp(`^Transactions of ${escape(merchantName)} in batch`) });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText('$');
    await expectAccessible(page);

    // Its statement: a PDF with the merchant's name in its text.
    const batchNbr = /batch (\d+)$/.exec((await page.getByRole('heading', { level: 1 }).textContent())!)![1]!;
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Statement PDF of batch ${batchNbr}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^statement-.*\.pdf$/);
    const pdf = Buffer.concat(await (await file.createReadStream()).toArray());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain(merchantName);

    // E-mailed: the message names the address and the outbox holds the PDF attached.
    await page.getByRole('button', { name: `E-mail statement of batch ${batchNbr}` }).click();
    await expect(page.getByText(/^Statement e-mailed to .+@.+\.$/)).toBeVisible();
    const mails = (await (await request.get('/admin-api/outbox?limit=5', { headers: bearer(token) })).json()) as {
      id: number;
      subject: string;
      attachments: { attachmentId: number; contentType: string }[];
    }[];
    const mail = mails.find((m) => m.subject.includes(`batch ${batchNbr}`))!;
    expect(mail.attachments[0]?.contentType).toBe('application/pdf');

    // The merchant detail lists the batch under Settlements; the statement opens there too, through page.request.
    await page.getByRole('link', { name: merchantLabel }).click();
    const settlements = page.getByRole('table', { name: `Settlements of ${merchantName}` });
    await expect(settlements).toBeVisible();
    await expect(settlements.getByRole('button', { name: `Statement PDF of batch ${batchNbr}` })).toBeVisible();
    await expectAccessible(page);
    const merchantUuid = page.url().split('/').pop()!;
    const batchUuid = (
      (await (
        await request.get(`/settlement-api/merchants/${merchantUuid}/batches`, { headers: bearer(token) })
      ).json()) as {
        data: { batchUuid: string; batchNbr: number }[];
      }
    ).data.find((b) => String(b.batchNbr) === batchNbr)!.batchUuid;
    const answer = await page.request.get(
      `/settlement-api/batches/${batchUuid}/merchants/${merchantUuid}/statement.pdf`,
      {
        headers: bearer(token),
      },
    );
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(pdfText(await answer.body())).toContain(merchantName);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('table', { name: `Settlements of ${merchantName}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('a close with nothing to pay makes no batch and says so; the merchants on hold are listed with what they are owed', async ({
    page,
    request,
  }) => {
    // Only held money waits in the demo card's program: a purchase at the demo terminal (its merchant has no bank
    // details), and whatever could be paid closed first through the API.
    const token = await apiToken(request, DEMO_USERS.sysadmin);
    const program = await demoCardProgram(request);
    await purchase(request);
    const first = await request.post('/settlement-api/batches/close', {
      headers: bearer(token),
      data: { programUuid: program.programUuid },
    });
    expect(first.status(), await first.text()).toBe(200);
    const batchCount = async () =>
      (
        (await (
          await request.get('/settlement-api/batches', {
            headers: bearer(token),
            params: { programUuid: program.programUuid },
          })
        ).json()) as { data: unknown[] }
      ).data.length;
    const before = await batchCount();
    const holds = (await (
      await request.get('/settlement-api/holds', {
        headers: bearer(token),
        params: { programUuid: program.programUuid },
      })
    ).json()) as HeldMerchantList;
    expect(holds.data.length, 'a merchant on hold (the demo terminal’s)').toBeGreaterThan(0);

    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/settlements');
    await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: program.programName });
    const section = page.getByRole('region', { name: 'Merchants on hold' });
    const table = section.getByRole('table', { name: 'Merchants on hold' });
    await expect(table).toBeVisible();
    // Each held merchant with its reason and what it is owed, as the API answers them.
    for (const held of holds.data.slice(0, 10)) {
      const row = table.getByRole('row').filter({ hasText: `${held.merchantName} (${held.merchantIdentifier})` });
      await expect(row).toContainText(held.reason);
      await expect(row).toContainText(formatMoney(held.heldAmt));
    }
    const owed = holds.data.reduce((sum, h) => sum + Math.round(h.heldAmt * 100), 0) / 100;
    await expect(section.getByTestId('held-total')).toContainText(formatMoney(owed));
    await section.screenshot({ path: 'test-results/settlement-merchants-on-hold.png' });

    // Closed with the keyboard, twice: each time the message takes focus and no batch is made.
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Close batch now' }).focus();
      await page.keyboard.press('Enter');
      const message = page.getByRole('status').filter({ hasText: SETTLEMENT_MESSAGES.NOTHING_TO_PAY_HELD });
      await expect(message).toBeVisible();
      await expect(message).toBeFocused();
      await expect(page.getByText(SETTLEMENT_MESSAGES.BATCH_CLOSED)).toHaveCount(0);
    }
    expect(await batchCount()).toBe(before);
    await expect(table).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/settlement-nothing-to-pay.png', fullPage: true });

    // The merchant opens its detail, where its bank information is fixed.
    await table
      .getByRole('link', { name: `${holds.data[0]!.merchantName} (${holds.data[0]!.merchantIdentifier})` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/merchant/${holds.data[0]!.merchantUuid}$`));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/settlements');
    await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: program.programName });
    await expect(page.getByRole('table', { name: 'Merchants on hold' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('region', { name: 'Merchants on hold' }).screenshot({
      path: 'test-results/settlement-merchants-on-hold-phone.png',
    });
  });

  test('the settlement page names the programs that share the ACH originator and warns why it matters', async ({
    page,
    request,
  }) => {
    type AchSettings = {
      companyId: string;
      immediateOrigin: string;
      sharedWith: { programUuid: string; programName: string }[];
      sharedWithOthers: number;
    };
    const program = await demoCardProgram(request);
    const url = `/settlement-api/ach-settings?programUuid=${program.programUuid}`;
    const admin = await apiToken(request, DEMO_USERS.sysadmin);
    const all = (await (await request.get(url, { headers: bearer(admin) })).json()) as AchSettings;
    // The demo programs carry no company id of their own, so they share the default one.
    expect(all.sharedWith.length).toBeGreaterThan(0);
    expect(all.sharedWithOthers).toBe(0);

    await signInAs(page, DEMO_USERS.sysadmin, /\/admin$/);
    await page.goto('/admin/settlements');
    await expect(page.getByRole('region', { name: 'ACH originator' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: program.programName });
    const section = page.getByRole('region', { name: 'ACH originator' });
    await expect(section.getByText(all.companyId, { exact: true }).first()).toBeVisible();
    const warning = section.getByRole('alert');
    await expect(warning).toContainText('Another program uses this originator');
    for (const other of all.sharedWith) await expect(warning).toContainText(other.programName);
    await expect(warning).toContainText(SETTLEMENT_MESSAGES.SHARED_ORIGINATOR_WHY);
    await expectAccessible(page);

    // A program admin: the programs they may see by name, the others only counted.
    const mine = await apiToken(request, DEMO_USERS.progadmin);
    const myPrograms = (await (
      await request.get('/account-api/account/programs', { headers: bearer(mine) })
    ).json()) as {
      programUuid: string;
      programName: string;
    }[];
    const own = myPrograms[0]!;
    const theirs = (await (
      await request.get(`/settlement-api/ach-settings?programUuid=${own.programUuid}`, { headers: bearer(mine) })
    ).json()) as AchSettings;
    const visible = new Set(myPrograms.map((p) => p.programUuid));
    expect(theirs.sharedWith.every((p) => visible.has(p.programUuid))).toBe(true);
    const everyone = (await (
      await request.get(`/settlement-api/ach-settings?programUuid=${own.programUuid}`, { headers: bearer(admin) })
    ).json()) as AchSettings;
    expect(theirs.sharedWith.length + theirs.sharedWithOthers).toBe(everyone.sharedWith.length);
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/settlements');
    await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: own.programName });
    const theirWarning = page.getByRole('region', { name: 'ACH originator' }).getByRole('alert');
    if (theirs.sharedWithOthers > 0)
      await expect(theirWarning).toContainText(
        theirs.sharedWithOthers === 1
          ? '1 program you cannot see'
          : `${theirs.sharedWithOthers} programs you cannot see`,
      );
    for (const p of everyone.sharedWith.filter((p) => !visible.has(p.programUuid)))
      await expect(page.getByRole('region', { name: 'ACH originator' })).not.toContainText(p.programName);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
  });

  test("a program admin sees only their programs' batches", async ({ page, request }) => {
    const admin = await apiToken(request, DEMO_USERS.sysadmin);
    const mine = await apiToken(request, DEMO_USERS.progadmin);
    const myPrograms = (
      (await (await request.get('/account-api/account/programs', { headers: bearer(mine) })).json()) as {
        programName: string;
      }[]
    ).map((p) => p.programName);
    const all = (
      (await (await request.get('/settlement-api/batches', { headers: bearer(admin) })).json()) as {
        data: { programName: string; batchUuid: string }[];
      }
    ).data;
    const seen = (
      (await (await request.get('/settlement-api/batches', { headers: bearer(mine) })).json()) as {
        data: { programName: string }[];
      }
    ).data;
    expect(seen.every((b) => myPrograms.includes(b.programName))).toBe(true);
    const foreign = all.find((b) => !myPrograms.includes(b.programName));
    if (foreign) {
      const refused = await request.get(`/settlement-api/batches/${foreign.batchUuid}`, { headers: bearer(mine) });
      expect(refused.status()).toBe(404);
    }
    await signInAs(page, DEMO_USERS.progadmin, /\/program$/);
    await page.goto('/program/settlements');
    await expect(page.getByRole('heading', { name: 'Settlements' })).toBeVisible();
    await expectAccessible(page);
    // An unknown batch reads as not found.
    await page.goto('/program/settlement/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText(SETTLEMENT_MESSAGES.BATCH_NOT_FOUND)).toBeVisible();
    await expectAccessible(page);
  });
});
