import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { merchantBankAccounts, merchants, programs, recipientAccounts } from '../db/schema/index.js';
import { useDemoApp } from '../testing/demo-app.js';
import { multipartFile } from '../testing/multipart.js';

// The sample files the upload pages offer: imported into a fresh demo database as they are, every row is
// accepted. The benefit sample is built by the server from the caller's data (GET /benefit-api/benefit/file/sample);
// the account sample is a file of the web app (packages/web/public/samples) naming demo agencies and the account made
// for samples.

const demo = useDemoApp();

describe('the sample files of the upload pages, imported into the demo data', () => {
  it.each(['progadmin01', 'agencyuser01'])('benefit file: built for %s, every row accepted', async (username) => {
    const token = await demo.signIn(username);
    const sample = await demo.injectAs(token, { method: 'GET', url: '/benefit-api/benefit/file/sample' });
    expect(sample.statusCode, sample.body).toBe(200);
    expect(sample.headers['content-type']).toMatch(/^text\/csv/);
    const rows = sample.body.trim().split('\r\n').length - 1;
    expect(rows).toBeGreaterThanOrEqual(2);
    // Only the accounts made for samples: no portal user, no e-mail, no phone (decision 0117).
    const named = new Set(
      sample.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[1]!),
    );
    for (const identifier of named) {
      const [account] = await demo.database.db
        .select()
        .from(recipientAccounts)
        .where(eq(recipientAccounts.recipientIdentifier, identifier));
      expect(account).toMatchObject({ firstName: 'Sample', lastName: 'Recipient', userId: null, email: null });
    }
    const res = await demo.injectAs(token, {
      method: 'POST',
      url: '/benefit-api/benefit/file',
      ...multipartFile('benefitFile', 'benefit-file-sample.csv', sample.body),
    });
    expect(res.json()).toMatchObject({ processed: rows, added: rows, rejected: 0, errors: [] });
  });

  it.each(['progadmin01', 'sysadmin01'])(
    'merchant file: built for %s, every row accepted, and no real merchant changed by it',
    async (username) => {
      const token = await demo.signIn(username);
      const sample = await demo.injectAs(token, { method: 'GET', url: '/merchant-api/merchant/file/sample' });
      expect(sample.statusCode, sample.body).toBe(200);
      const rows = sample.body.trim().split('\r\n').slice(1);
      const codes = rows.map((row) => row.slice(0, 2));
      // 01 (with the bank columns, a new merchant's own account), 02, 04 repeating a merchant as it is, and 03 only
      // for a merchant already inactive; never 05, which would change a real merchant's bank account.
      expect(codes.filter((code) => code !== '03')).toEqual(['01', '02', '04']);
      expect(rows[0]).toContain('Sample Community Bank');
      const banks = () => demo.database.db.select().from(merchantBankAccounts).orderBy(merchantBankAccounts.id);
      const before = await banks();
      const beforeMerchants = await demo.database.db
        .select({ id: merchants.id, statusId: merchants.statusId })
        .from(merchants);
      const res = await demo.injectAs(token, {
        method: 'POST',
        url: '/merchant-api/merchant/file',
        ...multipartFile('merchantFile', 'merchant-file-sample.csv', sample.body),
      });
      expect(res.json()).toMatchObject({ processed: rows.length, added: 2, rejected: 0, errors: [] });
      const existing = new Set(beforeMerchants.map((m) => m.id));
      expect((await banks()).filter((b) => existing.has(b.merchantId))).toEqual(before);
      const afterStatuses = await demo.database.db
        .select({ id: merchants.id, statusId: merchants.statusId })
        .from(merchants);
      expect(afterStatuses.filter((m) => existing.has(m.id))).toEqual(expect.arrayContaining(beforeMerchants));
    },
  );

  it('account file: every row accepted in the program of its agencies, and no real recipient changed by it', async () => {
    const content = await readFile(new URL('../../../web/public/samples/account-file-sample.csv', import.meta.url));
    // Its update row names an account made for samples (decision 0117), never a generated Account ID: in a real
    // program 10000001 is its first recipient, and a sample imported as-is would rename them and change their e-mail.
    // Not one of the two the benefit sample names first (NCAAA's, SCAA's): it gets an e-mail here, and the benefit
    // sample never names an account that would be told of a benefit.
    const updates = content
      .toString()
      .trim()
      .split(/\r?\n/)
      .filter((line) => line.startsWith('03,'));
    expect(updates.map((line) => line.split(',')[1])).toEqual(['SAMPLE-WCAA']);
    const [account] = await demo.database.db
      .select()
      .from(recipientAccounts)
      .where(eq(recipientAccounts.recipientIdentifier, 'SAMPLE-WCAA'));
    const first = async () =>
      (
        await demo.database.db
          .select()
          .from(recipientAccounts)
          .where(
            and(
              eq(recipientAccounts.recipientIdentifier, '10000001'),
              eq(recipientAccounts.programId, account!.programId),
            ),
          )
      )[0];
    const firstBefore = await first();
    expect(firstBefore).toBeDefined();
    const [program] = await demo.database.db
      .select({ uuid: programs.uuid })
      .from(programs)
      .where(and(eq(programs.id, account!.programId)));
    const res = await demo.injectAs(await demo.signIn('progadmin01'), {
      method: 'POST',
      url: `/account-api/account/file/${program!.uuid}`,
      ...multipartFile('accountFile', 'account-file-sample.csv', content),
    });
    expect(res.json()).toMatchObject({ processed: 3, added: 2, updated: 1, rejected: 0, errors: [] });
    // The account made for samples took the row; the program's first recipient is as it was.
    const [after] = await demo.database.db
      .select()
      .from(recipientAccounts)
      .where(eq(recipientAccounts.id, account!.id));
    expect(after).toMatchObject({
      firstName: 'Sample',
      lastName: 'Recipient',
      userId: null,
      email: 'sample.recipient@example.com',
    });
    expect(await first()).toEqual(firstBefore);
    expect(after!.address1).toBe('5 Main Street');
  });
});
