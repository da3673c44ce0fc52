import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import {
  FILE_CHECK_MESSAGES,
  FILE_CHECK_ROWS_MAX,
  type FileCheckAnswer,
  type FileImportAnswer,
} from '@ebt/core/imports';
import { benefits, fundingSources } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient } from '../../testing/factories.js';
import { counts, ok, tally, writtenRowCounts } from '../../testing/file-check.js';
import { multipartFile } from '../../testing/multipart.js';
import { buildWorld } from '../../testing/world.js';

// POST /benefit-api/benefit/file/check, then the import with its token (decision 0117; docs/benefit-file.md).
const t = useTestApp();
const IMPORT = '/benefit-api/benefit/file';
const CHECK = `${IMPORT}/check`;
// The test clock's today in a program (see import.test.ts).
const TODAY = '2026-11-23';
const HEADER = 'Account ID,Authorization Number,Available Date,Expiration Date,Amount,Funding Source';

async function makeWorld() {
  const { db } = t.database;
  const world = await buildWorld(t, {
    programs: { p: {} },
    users: {
      adminP: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p'] },
      otherAdminP: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p'] },
    },
  });
  const program = world.programs.p;
  await db.insert(fundingSources).values({ programId: program.id, name: 'State Funds' });
  const r1 = await makeRecipient(db, { program });
  const r2 = await makeRecipient(db, { program });
  return { program, r1, r2, tokens: world.tokens };
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

let serial = 0;
const auth = () => `CHK${Date.now().toString(36)}${(++serial).toString(36)}`.toUpperCase().slice(0, 20);
const row = (account: string, number: string, amount: string) =>
  [account, number, TODAY, '2026-12-31', amount, 'State Funds'].join(',');
const fileOf = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';
const send = (url: string, token: string, content: string, fields: Record<string, string> = {}) =>
  t.injectAs(token, { method: 'POST', url, ...multipartFile('benefitFile', 'benefits.csv', content, fields) });
const byNumbers = (numbers: string[]) =>
  t.database.db.select().from(benefits).where(inArray(benefits.authorizationNumber, numbers));

/** A file of one row of each outcome: two benefits exist first, one of them named again with a new amount. */
async function mixedFile() {
  const [changed, same, fresh] = [auth(), auth(), auth()];
  ok(
    await send(
      IMPORT,
      w.tokens.adminP,
      fileOf(row(w.r1.recipientIdentifier, changed, '20'), row(w.r2.recipientIdentifier, same, '20')),
    ),
  );
  const content = fileOf(
    row(w.r1.recipientIdentifier, fresh, '15'),
    row(w.r1.recipientIdentifier, changed, '25'),
    row(w.r2.recipientIdentifier, same, '20'),
    row('99999998', auth(), '10'),
  );
  return { content, changed, same, fresh };
}

describe('POST /benefit-api/benefit/file/check', () => {
  it('answers what each row would do and writes nothing: no benefit, notification, outbox or audit row', async () => {
    const { content, changed, fresh } = await mixedFile();
    const before = await writtenRowCounts(t.database.db);
    const check = ok<FileCheckAnswer>(await send(CHECK, w.tokens.adminP, content));
    expect(counts(check)).toEqual({ processed: 4, added: 1, updated: 1, unchanged: 1, rejected: 1 });
    expect(check.rows.map((r) => [r.row, r.outcome, r.key])).toEqual([
      [2, 'added', fresh],
      [3, 'updated', changed],
      [4, 'unchanged', expect.any(String)],
      [5, 'refused', expect.any(String)],
    ]);
    expect(check.rows[3]!.reasons).toEqual(
      check.errors.filter((e) => e.row === 5).map((e) => `${e.column}: ${e.reason}`),
    );
    expect(check.rowsTruncated).toBe(false);
    expect(check.checkToken).toMatch(/^\d+\.[0-9a-f]{64}$/);
    expect(await writtenRowCounts(t.database.db)).toEqual(before);
    expect(await byNumbers([fresh])).toEqual([]);
    const [kept] = await byNumbers([changed]);
    expect(kept!.amount).toBe('20.00');
  });

  it('imports with the token exactly what the check said', async () => {
    const { content, changed, fresh } = await mixedFile();
    const check = ok<FileCheckAnswer>(await send(CHECK, w.tokens.adminP, content));
    const before = await writtenRowCounts(t.database.db);
    const done = ok<FileImportAnswer>(await send(IMPORT, w.tokens.adminP, content, { checkToken: check.checkToken }));
    expect(counts(done)).toEqual(counts(check));
    expect(tally(check)).toEqual({
      added: done.added,
      updated: done.updated,
      unchanged: done.unchanged,
      rejected: done.rejected,
    });
    expect(done.errors).toEqual(check.errors);
    const after = await writtenRowCounts(t.database.db);
    expect(after.benefits - before.benefits).toBe(1);
    // The import notified the recipient and audited the change: what the check left out.
    expect(after.notifications - before.notifications).toBe(1);
    expect(after.auditLog - before.auditLog).toBe(2);
    expect((await byNumbers([fresh])).map((b) => b.amount)).toEqual(['15.00']);
    expect((await byNumbers([changed])).map((b) => b.amount)).toEqual(['25.00']);
  });

  it("refuses with 409 a file changed by one byte since its check, or another user's token, writing nothing", async () => {
    const content = fileOf(row(w.r1.recipientIdentifier, auth(), '15'));
    const check = ok<FileCheckAnswer>(await send(CHECK, w.tokens.adminP, content));
    const before = await writtenRowCounts(t.database.db);
    for (const res of [
      await send(IMPORT, w.tokens.adminP, content.replace(',15,', ',16,'), { checkToken: check.checkToken }),
      await send(IMPORT, w.tokens.otherAdminP, content, { checkToken: check.checkToken }),
      await send(IMPORT, w.tokens.adminP, content, { checkToken: 'not-a-token' }),
      // The same file for another program than the one checked.
      await send(IMPORT, w.tokens.adminP, content, { checkToken: check.checkToken, programUuid: w.program.uuid }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(FILE_CHECK_MESSAGES.FILE_CHANGED);
    }
    expect(await writtenRowCounts(t.database.db)).toEqual(before);
    // Without a token the import works as it always has.
    expect(ok<FileImportAnswer>(await send(IMPORT, w.tokens.adminP, content)).added).toBe(1);
  });

  it(`answers the first ${FILE_CHECK_ROWS_MAX} rows one by one and the counts of them all`, async () => {
    const rows = Array.from({ length: FILE_CHECK_ROWS_MAX + 5 }, () => row(w.r1.recipientIdentifier, auth(), '1'));
    const check = ok<FileCheckAnswer>(await send(CHECK, w.tokens.adminP, fileOf(...rows)));
    expect(check.processed).toBe(FILE_CHECK_ROWS_MAX + 5);
    expect(check.added).toBe(FILE_CHECK_ROWS_MAX + 5);
    expect(check.rows).toHaveLength(FILE_CHECK_ROWS_MAX);
    expect(check.rowsTruncated).toBe(true);
  });

  it('answers 401 without a session, as the import does', async () => {
    const content = fileOf(row(w.r1.recipientIdentifier, auth(), '15'));
    const res = await t.injectAs(null, {
      method: 'POST',
      url: CHECK,
      ...multipartFile('benefitFile', 'b.csv', content, {}),
    });
    expect(res.statusCode).toBe(401);
  });
});
