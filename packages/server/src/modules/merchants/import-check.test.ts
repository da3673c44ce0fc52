import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { FILE_CHECK_MESSAGES, type FileCheckAnswer, type FileImportAnswer } from '@ebt/core/imports';
import { MERCHANT_FILE_COLUMNS, type MerchantFileColumn } from '@ebt/core/merchants';
import { merchants } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { counts, ok, tally, writtenRowCounts } from '../../testing/file-check.js';
import { multipartFile } from '../../testing/multipart.js';
import { makeMerchant } from '../../testing/merchants.js';
import { buildWorld } from '../../testing/world.js';

// POST /merchant-api/merchant/file/check, then the import with its token (decision 0117; docs/merchant-file.md).
const t = useTestApp({ DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') });
const IMPORT = '/merchant-api/merchant/file';
const CHECK = `${IMPORT}/check`;

const makeWorld = () =>
  buildWorld(t, {
    programs: { p: {} },
    users: {
      adminP: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p'] },
      otherAdminP: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p'] },
    },
  });
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

type Row = Partial<Record<MerchantFileColumn, string>>;
const fileOf = (rows: Row[]) =>
  [MERCHANT_FILE_COLUMNS.map((c) => c.header), ...rows.map((r) => MERCHANT_FILE_COLUMNS.map((c) => r[c.key] ?? ''))]
    .map((cells) => cells.join(','))
    .join('\r\n') + '\r\n';
let serial = 0;
const addRow = (name: string): Row => {
  const n = ++serial;
  return {
    actionCode: '01',
    program: w.programs.p.shortName,
    merchantName: name,
    email: `check-${n}-${randomBytes(3).toString('hex')}@example.com`,
    businessPhone: '(860) 555-0100',
    mobilePhone: '860.555.0101',
    address1: `${n} Orchard Road`,
    city: 'Hartford',
    state: 'CT',
    zip: '06103',
  };
};
const send = (url: string, token: string, content: string, fields: Record<string, string> = {}) =>
  t.injectAs(token, { method: 'POST', url, ...multipartFile('merchantFile', 'merchants.csv', content, fields) });
const byName = (name: string) => t.database.db.select().from(merchants).where(eq(merchants.name, name));

/** One row of each outcome: a new merchant, one to disable, one already inactive, one unknown. */
async function mixedFile() {
  const programs = [{ id: w.programs.p.id }];
  const active = await makeMerchant(t.database.db, { programs });
  const inactive = await makeMerchant(t.database.db, { programs, statusId: 1 });
  const name = `Check Stand ${randomBytes(3).toString('hex')}`;
  const short = w.programs.p.shortName;
  const content = fileOf([
    addRow(name),
    { actionCode: '03', program: short, merchantIdentifier: active.merchantIdentifier },
    { actionCode: '03', program: short, merchantIdentifier: inactive.merchantIdentifier },
    { actionCode: '03', program: short, merchantIdentifier: 'NO-SUCH-MERCHANT' },
  ]);
  return { content, name, active, inactive };
}

describe('POST /merchant-api/merchant/file/check', () => {
  it('answers what each row would do and writes nothing: no merchant, address, mapping or audit row', async () => {
    const { content, name, active, inactive } = await mixedFile();
    const before = await writtenRowCounts(t.database.db);
    const check = ok<FileCheckAnswer>(await send(CHECK, w.tokens.adminP, content));
    expect(counts(check)).toEqual({ processed: 4, added: 1, updated: 1, unchanged: 1, rejected: 1 });
    expect(check.rows.map((r) => [r.row, r.outcome, r.key])).toEqual([
      [2, 'added', ''],
      [3, 'updated', active.merchantIdentifier],
      [4, 'unchanged', inactive.merchantIdentifier],
      [5, 'refused', 'NO-SUCH-MERCHANT'],
    ]);
    expect(check.rows[3]!.reasons.length).toBeGreaterThan(0);
    expect(await writtenRowCounts(t.database.db)).toEqual(before);
    expect(await byName(name)).toEqual([]);
    const [still] = await t.database.db.select().from(merchants).where(eq(merchants.id, active.id));
    expect(still!.statusId).toBe(active.statusId);
  });

  it('imports with the token exactly what the check said', async () => {
    const { content, name, active } = await mixedFile();
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
    expect(after.merchants - before.merchants).toBe(1);
    expect(await byName(name)).toHaveLength(1);
    const [disabled] = await t.database.db.select().from(merchants).where(eq(merchants.id, active.id));
    expect(disabled!.statusId).not.toBe(active.statusId);
  });

  it("refuses with 409 a file changed by one byte since its check, or another user's token, writing nothing", async () => {
    const content = fileOf([addRow('Changed Stand')]);
    const check = ok<FileCheckAnswer>(await send(CHECK, w.tokens.adminP, content));
    const before = await writtenRowCounts(t.database.db);
    for (const res of [
      await send(IMPORT, w.tokens.adminP, content.replace('Changed Stand', 'Changed Stanc'), {
        checkToken: check.checkToken,
      }),
      await send(IMPORT, w.tokens.otherAdminP, content, { checkToken: check.checkToken }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(FILE_CHECK_MESSAGES.FILE_CHANGED);
    }
    expect(await writtenRowCounts(t.database.db)).toEqual(before);
  });
});
