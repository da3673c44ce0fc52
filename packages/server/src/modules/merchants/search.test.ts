import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MERCHANT_EXPORT_HEADERS, MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { useTestApp } from '../../testing/app.js';
import { columnOf, expectQuotedText, expectText, readCsvExport, readXlsxExport } from '../../testing/export-files.js';
import { makeRecipient } from '../../testing/factories.js';
import { buildWorld } from '../../testing/world.js';
import { makeMerchant } from '../../testing/merchants.js';

// GET /merchant-api/merchants and its export (B§5 "Merchant search", B§7; resolutions 13, 14; decision 0020).

const t = useTestApp();

async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      recipient: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const db = t.database.db;
  await makeRecipient(db, { program: programA, user: world.users.recipient });
  const greenAcres = await makeMerchant(db, {
    name: 'Green Acres Farm',
    merchantIdentifier: 'GA-100',
    fnsNumber: '1234567',
    email: 'hello@greenacres.example.com',
    programs: [programA],
  });
  const formula = await makeMerchant(db, {
    name: '=HYPERLINK("x") Farm',
    email: '+sum@example.com',
    statusId: 1,
    programs: [programA, programB],
  });
  const bOnly = await makeMerchant(db, { name: 'Blue Hill Market', programs: [programB] });
  const unmapped = await makeMerchant(db, { name: 'Lonely Farm Stand', programs: [] });
  return { ...world, greenAcres, formula, bOnly, unmapped };
}
type World = Awaited<ReturnType<typeof makeWorld>>;
let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

const search = (token: string | null, query: Record<string, string | number>) =>
  t.injectAs(token, {
    method: 'GET',
    url: '/merchant-api/merchants',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const names = (res: { json: () => { data: { merchantName: string }[] } }) => res.json().data.map((r) => r.merchantName);

describe('GET /merchant-api/merchants', () => {
  it("scopes program-side users to their programs' merchants and platform admins to all", async () => {
    const byAdmin = await search(w.tokens.programAdminA, { merchantName: 'farm' });
    expect(byAdmin.statusCode).toBe(200);
    expect(names(byAdmin)).toEqual(['=HYPERLINK("x") Farm', 'Green Acres Farm']);
    expect(names(await search(w.tokens.agencyUserA1, { merchantName: 'farm' }))).toEqual(names(byAdmin));
    expect(names(await search(w.tokens.programAdminA, { merchantName: 'blue' }))).toEqual([]);
    expect(names(await search(w.tokens.platformAdmin, { merchantName: 'farm' }))).toEqual([
      '=HYPERLINK("x") Farm',
      'Green Acres Farm',
      'Lonely Farm Stand',
    ]);
  });

  it('answers the row fields of the list', async () => {
    const res = await search(w.tokens.programAdminA, { merchantId: 'GA-100' });
    expect(res.json()).toEqual({
      data: [
        {
          merchantUuid: w.greenAcres.uuid,
          merchantIdentifier: 'GA-100',
          merchantName: 'Green Acres Farm',
          fnsNumber: '1234567',
          email: 'hello@greenacres.example.com',
          businessPhone: '8605550100',
          mobilePhone: '8605550101',
          merchantStatusId: 0,
          merchantStatus: 'Active',
          city: 'Hartford',
          stateCode: 'CT',
          zipcode: '06103',
        },
      ],
      totalCount: 1,
      countCapped: false,
    });
    expect(res.body).not.toMatch(/taxId|bank/i);
  });

  it('matches each criterion', async () => {
    expect(names(await search(w.tokens.programAdminA, { merchantId: 'GA-10' }))).toEqual([]); // exact
    expect(names(await search(w.tokens.programAdminA, { fnsNumber: '1234567' }))).toEqual(['Green Acres Farm']);
    expect(names(await search(w.tokens.programAdminA, { email: 'HELLO@green' }))).toEqual(['Green Acres Farm']);
    expect(names(await search(w.tokens.programAdminA, { merchantName: 'acres' }))).toEqual(['Green Acres Farm']);
    expect(names(await search(w.tokens.programAdminA, { merchantName: 'gr' }))).toEqual(['Green Acres Farm']);
    expect(names(await search(w.tokens.platformAdmin, { programId: w.programs.programB.id }))).toEqual([
      '=HYPERLINK("x") Farm',
      'Blue Hill Market',
    ]);
    expect(names(await search(w.tokens.platformAdmin, { programId: w.programs.programB.uuid }))).toHaveLength(2);
    // Another program's id matches nothing for a program admin of A.
    expect(names(await search(w.tokens.programAdminA, { programId: w.programs.programB.id }))).toEqual([]);
    // '%' and '_' typed by a person match themselves.
    expect(names(await search(w.tokens.platformAdmin, { merchantName: '%%%' }))).toEqual([]);
  });

  it("refuses a search without criteria with A's text, and over-long criteria", async () => {
    const none = await search(w.tokens.programAdminA, { merchantName: '  ' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MERCHANT_MESSAGES.AT_LEAST_ONE_FIELD);
    expect((await search(w.tokens.programAdminA, { merchantId: 'x'.repeat(51) })).statusCode).toBe(400);
    expect((await search(w.tokens.programAdminA, { merchantId: 'x'.repeat(50) })).statusCode).toBe(200);
    expect((await search(w.tokens.programAdminA, { fnsNumber: '1'.repeat(21) })).statusCode).toBe(400);
    expect((await search(w.tokens.programAdminA, { email: 'e'.repeat(251) })).statusCode).toBe(400);
  });

  it('caps the list at pageSize and says more match', async () => {
    const res = await search(w.tokens.platformAdmin, { merchantName: 'farm', pageSize: 2 });
    expect(res.json()).toMatchObject({ totalCount: 2, countCapped: true });
    expect(names(res)).toEqual(['=HYPERLINK("x") Farm', 'Green Acres Farm']);
  });

  it('refuses callers without MERCHANT_VIEW', async () => {
    expect((await search(null, { merchantName: 'farm' })).statusCode).toBe(401);
    expect((await search(w.tokens.recipient, { merchantName: 'farm' })).statusCode).toBe(403);
  });
});

describe('GET /merchant-api/merchants/export', () => {
  const exportAs = (token: string | null, query: Record<string, string>) =>
    t.injectAs(token, { method: 'GET', url: '/merchant-api/merchants/export', query });

  it('streams CSV without tax or bank data, formulas neutralised, in scope', async () => {
    const res = await exportAs(w.tokens.programAdminA, { merchantName: 'farm' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="merchants-\d{8}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(MERCHANT_EXPORT_HEADERS.join(','));
    expect(readCsvExport(res.body)).toHaveLength(3);
    expect(lines[0]).not.toMatch(/tax|bank|routing|account/i);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('GA-100,Green Acres Farm,1234567,hello@greenacres.example.com');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"") Farm"`);
    expect(lines[2]).toContain("'+sum@example.com");
    expect(lines[2]).toMatch(/,Inactive$/);
    // The factory's tax ID and bank account end 6789 and 2333: no cell holds them. (Compared by cell: a generated
    // merchant ID such as MT2-67896741 may contain those digits by chance.)
    const cells = lines.flatMap((line) => line.split(','));
    expect(cells).not.toContain('6789');
    expect(cells).not.toContain('2333');
    expect(res.body).not.toMatch(/123456789|000111222333|021000021/);
  });

  it('answers XLSX with exportType=xlsx', async () => {
    const res = await exportAs(w.tokens.platformAdmin, { merchantName: 'farm', exportType: 'xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // Read by an independent reader: every column is text (an FNS number or a ZIP code looks like a number and is
    // not one); a formula payload reads as typed, with the quote-prefix style and no apostrophe.
    const book = await readXlsxExport(res.rawPayload);
    expect(book.rows[0]!.map((c) => c.value)).toEqual([...MERCHANT_EXPORT_HEADERS]);
    const names = columnOf(book, MERCHANT_EXPORT_HEADERS[1]);
    expect(names.map((c) => c.value).sort()).toEqual(['=HYPERLINK("x") Farm', 'Green Acres Farm', 'Lonely Farm Stand']);
    expectQuotedText(
      names.find((c) => c.value === '=HYPERLINK("x") Farm'),
      '=HYPERLINK("x") Farm',
    );
    for (const header of MERCHANT_EXPORT_HEADERS) expectText(columnOf(book, header));
    expect(columnOf(book, MERCHANT_EXPORT_HEADERS[2]).map((c) => c.value)).toContain('1234567');
  });

  it('refuses no criteria before any byte, and callers without MERCHANT_VIEW', async () => {
    const none = await exportAs(w.tokens.programAdminA, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MERCHANT_MESSAGES.AT_LEAST_ONE_FIELD);
    expect((await exportAs(null, { merchantName: 'farm' })).statusCode).toBe(401);
    expect((await exportAs(w.tokens.recipient, { merchantName: 'farm' })).statusCode).toBe(403);
  });
});
