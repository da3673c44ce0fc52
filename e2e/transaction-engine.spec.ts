import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { programToday } from './benefit-helpers';
import { DEMO_USERS, apiToken, bearer, expectAccessible, signInAs } from './helpers';

// The transaction engine end to end: purchases made with the command-line client (npm run pos)
// against the demo terminal and recipient01's SNAP-incentive card; staff see them in the transaction search and
// detail (benefits affected, the map), and the recipient sees the new balance, the transaction, the incentive earned
// and what they may still earn. The test reverses its purchase at the end, so the demo balances are as they were.

const run = promisify(execFile);
const DEMO_TERMINAL = { id: 'DEM0TERM0001', secret: 'demo-terminal-secret-not-for-production' };
const DEMO_CARD = '9001000021000000013';
/** recipient01's PIN (packages/server/src/seed/model.ts DEMO_CARD_PIN): the demo programs ask for it. */
const DEMO_PIN = '4826';

interface Answer {
  trxUuid: string;
  responseCode: string;
  approvedAmount: number;
  balanceAfter: number;
  incentiveEarned: number;
  benefits: { authorizationNumber: string; amount: number }[];
}

async function pos(baseURL: string, ...args: string[]): Promise<Answer> {
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/pos.ts',
      ...args,
      '--url',
      baseURL,
      '--terminal',
      DEMO_TERMINAL.id,
      '--secret',
      DEMO_TERMINAL.secret,
      '--json',
    ],
    { cwd: process.cwd() },
  ).catch((error: { stdout?: string; code?: number }) => {
    // Exit 2 is a decline: its answer is still on stdout.
    if (error.code === 2 && error.stdout) return { stdout: error.stdout };
    throw error;
  });
  return JSON.parse(stdout) as Answer;
}

test.describe('the transaction engine through the command-line client', () => {
  test('a purchase shows to staff and to the recipient, with its benefits, map, incentive and headroom', async ({
    page,
    baseURL,
    request,
  }) => {
    const trace = `E2E${Date.now() % 1_000_000_000}`;
    // The search and the engine count days on the program's clock, not UTC's: between midnight UTC and midnight in
    // New York UTC's date is a day ahead of the program's. The purchase is made now, on the program's day.
    const today = programToday();
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const bought = await pos(
      baseURL!,
      'purchase',
      '--pan',
      DEMO_CARD,
      '--pin',
      DEMO_PIN,
      '--amount',
      '1.25',
      '--trace',
      trace,
      '--at',
      now,
      '--lat',
      '41.7637',
      '--lng=-72.6851',
      '--address',
      'Hartford Regional Market, stall 12',
    );
    expect(bought.responseCode).toBe('00');
    expect(bought.approvedAmount).toBe(1.25);
    // A declined card is answered too, and changes nothing.
    const declined = await pos(baseURL!, 'purchase', '--pan', '9001000021000000021', '--amount', '1');
    expect(declined.responseCode).toBe('14');

    try {
      // Staff: the search lists it among the recipient's purchases of the day, and its row opens the detail, which
      // shows the trace, the benefits, the place and the map.
      const token = await apiToken(request, DEMO_USERS.progadmin);
      const detail = (await (
        await request.get(`/transaction-api/transactions/${bought.trxUuid}`, { headers: bearer(token) })
      ).json()) as { recipient: { recipientIdentifier: string } };
      await signInAs(page, DEMO_USERS.progadmin, /\/program/);
      await page.goto(
        `/program/transactions?startDate=${today}&endDate=${today}&trxTypeId=1&rid=${detail.recipient.recipientIdentifier}`,
      );
      const found = page.getByRole('table', { name: 'Transactions found' });
      await found
        .getByRole('button', { name: /Purchase \$1\.25 Approved$/ })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/program/transaction/${bought.trxUuid}$`));
      const section = (name: string | RegExp) =>
        page.getByRole('region', typeof name === 'string' ? { name, exact: true } : { name });
      await expect(section('Transaction')).toContainText(trace);
      await expect(section(/^Benefits? affected$/)).toContainText(bought.benefits[0]!.authorizationNumber);
      await expect(section('Location')).toContainText('Hartford Regional Market, stall 12');
      await expect(page.getByLabel('Map of where the transaction took place')).toBeVisible();
      if (bought.incentiveEarned > 0)
        await expect(section('Balance')).toContainText(`$${bought.incentiveEarned.toFixed(2)}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: /User menu for/ }).click();
      await page.getByRole('menuitem', { name: /Sign out/i }).click();

      // The recipient: the balance on the home card, the transaction with its incentive, the headroom.
      await signInAs(page, DEMO_USERS.recipient, /\/recipient/);
      const card = page.getByRole('article', { name: 'Connecticut SNAP Incentive' });
      await expect(card.getByTestId('program-balance')).toHaveText(`$${bought.balanceAfter.toFixed(2)}`);
      await page.goto(`/recipient/transaction/${bought.trxUuid}`);
      await expect(page.getByText('$1.25').first()).toBeVisible();
      if (bought.incentiveEarned > 0) await expect(page.getByText('Incentive earned')).toBeVisible();
      await page.goto('/recipient/incentives');
      await expect(page.getByRole('region', { name: /what you can still earn/ }).first()).toContainText('Today');
      await expectAccessible(page);
    } finally {
      const reversed = await pos(baseURL!, 'reversal', '--original', bought.trxUuid);
      expect(reversed.responseCode).toBe('00');
    }
  });
});
