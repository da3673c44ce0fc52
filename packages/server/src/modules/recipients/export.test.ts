import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { RECIPIENT_EXPORT_HEADERS } from '@ebt/core/recipients';
import { recipientAccounts } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { columnOf, expectQuotedText, expectText, readCsvExport, readXlsxExport } from '../../testing/export-files.js';
import { makeAgency, makeProgram, makeRecipient, makeUser } from '../../testing/factories.js';

// GET /account-api/account/export: CSV by default, XLSX with exportType=xlsx; the search's filters and scope.
const t = useTestApp();

let w: Awaited<ReturnType<typeof makeWorld>>;
async function makeWorld() {
  const { db } = t.database;
  const program = await makeProgram(db);
  const mine = await makeAgency(db, program);
  const other = await makeAgency(db, program);
  const agencyUser = await makeUser(db, { roleId: ROLE.AGENCY_USER, agencies: [mine] });
  const platformAdmin = await makeUser(db, { roleId: ROLE.PLATFORM_ADMIN });
  await makeRecipient(db, {
    program,
    agency: mine,
    recipientIdentifier: 'EXP-1',
    firstName: '=HYPERLINK("http://evil.example","x")',
    middleName: 'Q',
    lastName: 'Exportson',
    address1: '+1 Formula Way',
    address2: '@home',
    city: 'Hartford',
    email: 'first, "quoted"@example.com',
    mobilePhone: '2035550101',
  });
  await makeRecipient(db, {
    program,
    agency: mine,
    recipientIdentifier: 'EXP-2',
    firstName: 'José',
    lastName: 'Exportado',
    statusId: 1,
    address1: '-5 Minus Street',
  });
  await makeRecipient(db, {
    program,
    agency: other,
    recipientIdentifier: 'EXP-3',
    firstName: 'Hidden',
    lastName: 'Exporter',
  });
  return {
    program,
    mine,
    other,
    agencyUser: await t.signIn(agencyUser.username),
    platformAdmin: await t.signIn(platformAdmin.username),
  };
}

beforeAll(async () => {
  w = await makeWorld();
});

const exportAs = (token: string, query: string) =>
  t.injectAs(token, { method: 'GET', url: `/account-api/account/export?${query}` });

/** The CSV export's records, read by an RFC 4180 parser after checking the BOM and CRLF line ends. */
const parseCsv = (body: string) => readCsvExport(body);

describe('GET /account-api/account/export', () => {
  it('streams a CSV attachment with the headers, the scoped rows and formula cells neutralised', async () => {
    const res = await exportAs(w.agencyUser, 'lastname=export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="recipients-20261123.csv"');
    expect(res.headers['x-export-truncated']).toBeUndefined();
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([...RECIPIENT_EXPORT_HEADERS]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['EXP-1', 'EXP-2']); // EXP-3 is another agency's
    const first = rows[1]!;
    expect(first[1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(first[4]).toBe("'+1 Formula Way");
    expect(first[5]).toBe("'@home");
    expect(first[9]).toBe('first, "quoted"@example.com');
    expect(first[10]).toBe('2035550101');
    expect(first.slice(11)).toEqual([w.program.name, expect.any(String), 'Active']);
    expect(rows[2]![1]).toBe('José');
    expect(rows[2]![4]).toBe("'-5 Minus Street");
    expect(rows[2]![13]).toBe('Inactive');
  });

  it('answers a valid XLSX workbook for exportType=xlsx', async () => {
    const res = await exportAs(w.platformAdmin, `lastname=export&programUuid=${w.program.uuid}&exportType=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="recipients-20261123.xlsx"');
    const file = res.rawPayload;
    expect(file.subarray(0, 2).toString()).toBe('PK');
    const book = await readXlsxExport(file);
    expect(book.sheetNames).toEqual(['Recipients']);
    expect(book.rows[0]!.map((c) => c.value)).toEqual([...RECIPIENT_EXPORT_HEADERS]);
    expect(book.rows).toHaveLength(4);
    expect(columnOf(book, 'Account ID').map((c) => c.value)).toEqual(['EXP-1', 'EXP-2', 'EXP-3']);
    // Formula payloads read back as typed, text with the quote-prefix style, never with an apostrophe.
    const first = book.rows[1]!;
    expectQuotedText(first[1], '=HYPERLINK("http://evil.example","x")');
    expectQuotedText(first[4], '+1 Formula Way');
    expectQuotedText(first[5], '@home');
    expectQuotedText(book.rows[2]![4], '-5 Minus Street');
    expect(first[2]).toMatchObject({ type: 'text', value: 'Q', quotePrefix: false });
    // Numbers that are not amounts (a phone, a ZIP code) stay text.
    expect(first[10]).toMatchObject({ type: 'text', value: '2035550101' });
    for (const header of RECIPIENT_EXPORT_HEADERS) expectText(columnOf(book, header));
  });

  it('applies the search rules: 400 without a criterion, empty file for an unknown program', async () => {
    const none = await exportAs(w.platformAdmin, `programUuid=${w.program.uuid}`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MESSAGES.AT_LEAST_ONE_FIELD);
    const tooLong = await exportAs(w.platformAdmin, `lastname=${'x'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    const unknown = await exportAs(w.platformAdmin, `lastname=export&programUuid=${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(200);
    expect(parseCsv(unknown.body)).toEqual([[...RECIPIENT_EXPORT_HEADERS]]);
  });

  it("gives an agency user nothing of another agency's recipients", async () => {
    const res = await exportAs(w.agencyUser, `recipientIdentifier=EXP-3`);
    expect(parseCsv(res.body)).toHaveLength(1);
  });

  it('refuses recipients and anonymous callers', async () => {
    const recipient = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
    expect((await exportAs(await t.signIn(recipient.username), 'lastname=export')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/account-api/account/export?lastname=export' })).statusCode).toBe(
      401,
    );
  });

  it('exports more rows than one batch, in id order, each once', async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    for (let i = 0; i < 3; i++) {
      await db.insert(recipientAccounts).values(
        Array.from({ length: 1000 }, (_, j) => ({
          programId: program.id,
          recipientIdentifier: `B${i * 1000 + j}`,
          firstName: 'Batch',
          lastName: 'Batched',
        })),
      );
    }
    const res = await exportAs(w.platformAdmin, `lastname=batched&programUuid=${program.uuid}`);
    const rows = parseCsv(res.body).slice(1);
    expect(rows).toHaveLength(3000);
    expect(new Set(rows.map((r) => r[0])).size).toBe(3000);
    expect(rows[0]![0]).toBe('B0');
    expect(rows[2999]![0]).toBe('B2999');
  });
});
