import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { FILE_CHECK_MESSAGES, type FileCheckAnswer, type FileImportAnswer } from '@ebt/core/imports';
import { recipientAccounts } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeAgency, makeProgram, makeUser } from '../../testing/factories.js';
import { counts, ok, tally, writtenRowCounts } from '../../testing/file-check.js';
import { multipartFile } from '../../testing/multipart.js';

// POST /account-api/account/file/{programUuid}/check, then the import with its token (decision 0117).
const t = useTestApp();

const HEADER =
  'Action Code,Account ID,Agency Code,First Name,Middle Initial,Last Name,Address 1,Address 2,City,State,Zip,Email,Mobile Phone,Card Issuance';
let unique = 0;
const email = () => `check.${++unique}.${Math.random().toString(36).slice(2, 7)}@example.com`;
const line = (action: string, id: string, first: string, mail: string) =>
  [
    action,
    id,
    '',
    first,
    'M',
    'Delgado',
    '4 Mill Road',
    '',
    'New Haven',
    'CT',
    '06510',
    mail,
    '(203) 555-0188',
    'Y',
  ].join(',');
const fileOf = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';

async function makeWorld() {
  const { db } = t.database;
  const program = await makeProgram(db);
  await makeAgency(db, program, { code: `CHK-${++unique}` });
  const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
  const otherAdmin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
  return { program, admin: await t.signIn(admin.username), otherAdmin: await t.signIn(otherAdmin.username) };
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const send = (path: string, token: string, content: string, fields: Record<string, string> = {}) =>
  t.injectAs(token, {
    method: 'POST',
    url: `/account-api/account/file/${w.program.uuid}${path}`,
    ...multipartFile('accountFile', 'accounts.csv', content, fields),
  });
const accountByEmail = async (mail: string) =>
  (await t.database.db.select().from(recipientAccounts).where(eq(recipientAccounts.email, mail)))[0];

/** One row of each outcome: two accounts are imported first, one of them named again with another first name. */
async function mixedFile() {
  const [changedMail, sameMail, freshMail] = [email(), email(), email()];
  ok(await send('', w.admin, fileOf(line('01', '', 'Rosa', changedMail), line('01', '', 'Ana', sameMail))));
  const changed = (await accountByEmail(changedMail))!;
  const same = (await accountByEmail(sameMail))!;
  const content = fileOf(
    line('01', '', 'Lena', freshMail),
    line('03', changed.recipientIdentifier, 'Rosalind', changedMail),
    line('03', same.recipientIdentifier, 'Ana', sameMail),
    line('03', '99999990', 'Nobody', email()),
  );
  return { content, changed, same, freshMail };
}

describe('POST /account-api/account/file/{programUuid}/check', () => {
  it('answers what each row would do and writes nothing: no account, user or audit row', async () => {
    const { content, changed, same, freshMail } = await mixedFile();
    const before = await writtenRowCounts(t.database.db);
    const check = ok<FileCheckAnswer>(await send('/check', w.admin, content));
    expect(counts(check)).toEqual({ processed: 4, added: 1, updated: 1, unchanged: 1, rejected: 1 });
    expect(check.rows.map((r) => [r.row, r.outcome, r.key])).toEqual([
      [2, 'added', ''],
      [3, 'updated', changed.recipientIdentifier],
      [4, 'unchanged', same.recipientIdentifier],
      [5, 'refused', '99999990'],
    ]);
    expect(check.rows[3]!.reasons.length).toBeGreaterThan(0);
    expect(await writtenRowCounts(t.database.db)).toEqual(before);
    expect(await accountByEmail(freshMail)).toBeUndefined();
    expect((await accountByEmail(changed.email!))!.firstName).toBe('Rosa');
  });

  it('imports with the token exactly what the check said', async () => {
    const { content, changed, freshMail } = await mixedFile();
    const check = ok<FileCheckAnswer>(await send('/check', w.admin, content));
    const before = await writtenRowCounts(t.database.db);
    const done = ok<FileImportAnswer>(await send('', w.admin, content, { checkToken: check.checkToken }));
    expect(counts(done)).toEqual(counts(check));
    expect(tally(check)).toEqual({
      added: done.added,
      updated: done.updated,
      unchanged: done.unchanged,
      rejected: done.rejected,
    });
    expect(done.errors).toEqual(check.errors);
    const after = await writtenRowCounts(t.database.db);
    expect(after.recipientAccounts - before.recipientAccounts).toBe(1);
    expect(await accountByEmail(freshMail)).toBeDefined();
    expect((await accountByEmail(changed.email!))!.firstName).toBe('Rosalind');
  });

  it("refuses with 409 a file changed by one byte since its check, or another user's token, writing nothing", async () => {
    const content = fileOf(line('01', '', 'Lena', email()));
    const check = ok<FileCheckAnswer>(await send('/check', w.admin, content));
    const before = await writtenRowCounts(t.database.db);
    for (const res of [
      await send('', w.admin, content.replace('Lena', 'Lenb'), { checkToken: check.checkToken }),
      await send('', w.otherAdmin, content, { checkToken: check.checkToken }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(FILE_CHECK_MESSAGES.FILE_CHANGED);
    }
    expect(await writtenRowCounts(t.database.db)).toEqual(before);
  });

  it('answers 404 for a program not the caller’s, as the import does', async () => {
    const other = await makeProgram(t.database.db);
    const res = await t.injectAs(w.admin, {
      method: 'POST',
      url: `/account-api/account/file/${other.uuid}/check`,
      ...multipartFile('accountFile', 'accounts.csv', fileOf(line('01', '', 'Lena', email())), {}),
    });
    expect(res.statusCode, res.body).toBe(404);
  });
});
