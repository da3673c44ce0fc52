import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@ebt/core/messages';
import { useTestApp } from '../../testing/app.js';
import {
  columnOf,
  expectDates,
  expectMoney,
  expectQuotedText,
  expectText,
  readCsvExport,
  readXlsxExport,
} from '../../testing/export-files.js';
import { makeRecipient } from '../../testing/factories.js';
import { type BenefitWorld, makeBenefit, makeBenefitWorld } from '../../testing/benefits.js';

// GET /benefit-api/benefit (staff and recipient variants, resolutions 12-13) and its export. Today is 2026-11-23.

const t = useTestApp();
let w: BenefitWorld;
/** Authorization numbers by name, in the order the search answers them (newest available date first). */
let auth: Record<string, string>;

beforeAll(async () => {
  w = await makeBenefitWorld(t);
  const { db } = t.database;
  const make = (name: string, values: Parameters<typeof makeBenefit>[1]) =>
    makeBenefit(db, { authorizationNumber: `S-${name}`, ...values });
  const a = { programId: w.programA.id };
  await make('A1-OLD', {
    ...a,
    accountId: w.accounts.a1.id,
    agencyId: w.a1.id,
    availableDate: '2026-01-10',
    expirationDate: '2026-03-31',
    statusId: 1,
  });
  await make('A1-NOW', {
    ...a,
    accountId: w.accounts.a1.id,
    agencyId: w.a1.id,
    availableDate: '2026-11-20',
    expirationDate: '2026-12-01',
  });
  await make('A1-NEXT', {
    ...a,
    accountId: w.accounts.a1.id,
    agencyId: w.a1.id,
    availableDate: '2026-12-15',
    expirationDate: '2027-03-31',
    fundingId: w.fundA.id,
  });
  await make('A2-NOW', {
    ...a,
    accountId: w.accounts.a2.id,
    agencyId: w.a2.id,
    availableDate: '2026-11-21',
    expirationDate: '2027-03-31',
  });
  await make('PL-NOW', {
    ...a,
    accountId: w.accounts.programLevel.id,
    agencyId: null,
    availableDate: '2026-11-22',
    expirationDate: '2027-03-31',
    statusId: 3,
  });
  await make('B1-NOW', {
    programId: w.programB.id,
    accountId: w.accounts.b1.id,
    agencyId: w.b1.id,
    availableDate: '2026-11-19',
    expirationDate: '2027-03-31',
  });
  const formula = await makeRecipient(db, {
    program: w.programA,
    agency: w.a1,
    firstName: '=HYPERLINK("x")',
    lastName: '+Sum',
  });
  await make('A1-FORMULA', {
    ...a,
    accountId: formula.id,
    agencyId: w.a1.id,
    availableDate: '2026-06-01',
    expirationDate: '2026-12-31',
  });
  auth = Object.fromEntries(
    ['A1-OLD', 'A1-NOW', 'A1-NEXT', 'A2-NOW', 'PL-NOW', 'B1-NOW', 'A1-FORMULA'].map((n) => [n, `S-${n}`]),
  );
});

const search = (token: string | null, query: Record<string, string | number> = {}) =>
  t.injectAs(token, {
    method: 'GET',
    url: '/benefit-api/benefit',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const authNos = (res: { json(): unknown }) =>
  (res.json() as { data: { benefitAuthNumber: string }[] }).data.map((r) => r.benefitAuthNumber);

describe('GET /benefit-api/benefit (staff)', () => {
  it("answers a program's benefits newest first with the row fields of part 1 §7 and the page shape", async () => {
    const res = await search(w.tokens.programAdminA, { programUuid: w.programA.uuid });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(authNos(res)).toEqual([
      auth['A1-NEXT'],
      auth['PL-NOW'],
      auth['A2-NOW'],
      auth['A1-NOW'],
      auth['A1-FORMULA'],
      auth['A1-OLD'],
    ]);
    expect(body).toMatchObject({ page: 0, totalCount: 6, totalPages: 1, countCapped: false });
    expect(body.data[3]).toMatchObject({
      programName: w.programA.name,
      recipientIdentifier: w.accounts.a1.recipientIdentifier,
      firstname: 'Margaret',
      lastname: 'Kowalski',
      benefitAuthNumber: auth['A1-NOW'],
      benefitAmount: 50,
      benefitBalance: 50,
      benefitStatusId: 0,
      benefitStatus: 'ISSUED',
      benefitAvailableDate: '2026-11-20',
      benefitExpiryDate: '2026-12-01',
      agencyName: w.a1.name,
      expiryMarker: 'expiring soon',
    });
    expect(body.data[1]).toMatchObject({ benefitStatus: 'VOID', expiryMarker: null, agencyName: null });
  });

  it('pages with a zero-based page and pageSize (default 10)', async () => {
    const second = await search(w.tokens.programAdminA, { programUuid: w.programA.uuid, pageSize: 4, page: 1 });
    expect(second.json()).toMatchObject({ page: 1, totalCount: 6, totalPages: 2 });
    expect(authNos(second)).toEqual([auth['A1-FORMULA'], auth['A1-OLD']]);
    const beyond = await search(w.tokens.programAdminA, { programUuid: w.programA.uuid, pageSize: 4, page: 5 });
    expect(beyond.json()).toMatchObject({ data: [], totalCount: 6, totalPages: 2 });
    const capped = await search(w.tokens.programAdminA, { pageSize: 5000 });
    expect(capped.statusCode).toBe(200);
  });

  it('bounds the available date by startDate and endDate', async () => {
    const res = await search(w.tokens.programAdminA, { startDate: '2026-11-20', endDate: '2026-11-21' });
    expect(authNos(res)).toEqual([auth['A2-NOW'], auth['A1-NOW']]);
  });

  it('finds by name prefix (any case), exact Account ID and exact authorization number', async () => {
    // A name search orders by name, then newest first within a person (decision 0010): Kowalczyk before Kowalski.
    expect(authNos(await search(w.tokens.programAdminA, { lastname: 'KOWAL' }))).toEqual([
      auth['PL-NOW'],
      auth['A1-NEXT'],
      auth['A1-NOW'],
      auth['A1-OLD'],
    ]);
    expect(authNos(await search(w.tokens.programAdminA, { firstname: 'o' }))).toEqual([auth['PL-NOW']]);
    expect(authNos(await search(w.tokens.programAdminA, { lastname: 'kowals', firstname: 'mar' }))).toEqual([
      auth['A1-NEXT'],
      auth['A1-NOW'],
      auth['A1-OLD'],
    ]);
    expect(authNos(await search(w.tokens.programAdminA, { accountId: w.accounts.a2.recipientIdentifier }))).toEqual([
      auth['A2-NOW'],
    ]);
    expect(authNos(await search(w.tokens.programAdminA, { authNo: auth['A1-NOW']! }))).toEqual([auth['A1-NOW']]);
    expect(authNos(await search(w.tokens.programAdminA, { authNo: auth['A1-NOW']!.toLowerCase() }))).toEqual([]);
    // A LIKE wildcard typed by a person matches itself only.
    expect(authNos(await search(w.tokens.programAdminA, { lastname: '%' }))).toEqual([]);
  });

  it('filters by agency, and shows the empty answer when nothing matches', async () => {
    expect(authNos(await search(w.tokens.programAdminA, { agencyUuid: w.a2.uuid }))).toEqual([auth['A2-NOW']]);
    const none = await search(w.tokens.programAdminA, { accountId: 'NOBODY' });
    expect(none.json()).toEqual({ data: [], page: 0, totalCount: 0, totalPages: 0, countCapped: false });
  });

  it("limits agency staff to their agencies' benefits and program admins to their programs", async () => {
    expect(authNos(await search(w.tokens.agencyUserA1, {}))).toEqual([
      auth['A1-NEXT'],
      auth['A1-NOW'],
      auth['A1-FORMULA'],
      auth['A1-OLD'],
    ]);
    expect(authNos(await search(w.tokens.agencyUserA1, { agencyUuid: w.a2.uuid }))).toEqual([]);
    expect(authNos(await search(w.tokens.agencyUserA1, { accountId: w.accounts.a2.recipientIdentifier }))).toEqual([]);
    expect(authNos(await search(w.tokens.programAdminB, {}))).toEqual([auth['B1-NOW']]);
    expect(authNos(await search(w.tokens.programAdminB, { programUuid: w.programA.uuid }))).toEqual([]);
    expect((await search(w.tokens.platformAdmin, {})).json().totalCount).toBe(7);
    // A full page makes the count query run, here without any condition at all.
    expect((await search(w.tokens.platformAdmin, { pageSize: 2 })).json()).toMatchObject({
      totalCount: 7,
      totalPages: 4,
    });
    expect((await search(w.tokens.programAdminA, { pageSize: 1, lastname: 'kowal' })).json()).toMatchObject({
      totalCount: 4,
    });
  });

  it('refuses dates outside the bounds of part 1 §5', async () => {
    for (const [query, message] of [
      [{ startDate: '2022-01-31' }, 'Date cannot be before 2022-02-01.'],
      [{ endDate: '2022-07-31' }, 'Date cannot be before 2022-08-01.'],
      [{ endDate: '2027-05-26' }, 'Date cannot be after 2027-05-25.'],
      [{ startDate: '2026-11-20', endDate: '2026-11-19' }, MESSAGES.END_BEFORE_START],
    ] as const) {
      const res = await search(w.tokens.programAdminA, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await search(w.tokens.programAdminA, { endDate: '2027-05-25' })).statusCode).toBe(200);
    expect((await search(w.tokens.programAdminA, { startDate: 'yesterday' })).statusCode).toBe(400);
    expect((await search(w.tokens.programAdminA, { authNo: 'A'.repeat(21) })).statusCode).toBe(400);
    expect((await search(w.tokens.programAdminA, { accountId: '1'.repeat(21) })).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await search(null, {})).statusCode).toBe(401);
  });
});

describe('GET /benefit-api/benefit (recipient variant)', () => {
  it("answers only the recipient's own benefits, in every program", async () => {
    const res = await search(w.tokens.recipient, { pageSize: 1000 });
    expect(res.statusCode).toBe(200);
    expect(authNos(res)).toEqual([auth['A1-NEXT'], auth['A1-NOW'], auth['B1-NOW'], auth['A1-OLD']]);
    expect(authNos(await search(w.tokens.otherRecipient, { pageSize: 1000 }))).toEqual([auth['A2-NOW']]);
  });

  it('takes programId as the id or the uuid, and authNo', async () => {
    expect(authNos(await search(w.tokens.recipient, { programId: w.programB.id, pageSize: 1000 }))).toEqual([
      auth['B1-NOW'],
    ]);
    expect(authNos(await search(w.tokens.recipient, { programId: w.programB.uuid, pageSize: 1000 }))).toEqual([
      auth['B1-NOW'],
    ]);
    expect(authNos(await search(w.tokens.recipient, { authNo: auth['A2-NOW']!, pageSize: 1000 }))).toEqual([]);
    expect(authNos(await search(w.tokens.recipient, { authNo: auth['A1-NOW']!, pageSize: 1000 }))).toEqual([
      auth['A1-NOW'],
    ]);
  });

  it('answers an empty list for a programId that names no program, however large', async () => {
    expect((await search(w.tokens.recipient, { programId: '9999999999' })).json()).toMatchObject({
      data: [],
      totalCount: 0,
    });
    expect((await search(w.tokens.recipient, { programId: w.programA.id + 1000 })).json()).toMatchObject({ data: [] });
  });

  it("cannot reach another recipient's benefits through filters", async () => {
    expect(authNos(await search(w.tokens.recipient, { accountId: w.accounts.a2.recipientIdentifier }))).toEqual([]);
    expect(authNos(await search(w.tokens.recipient, { agencyUuid: w.a2.uuid }))).toEqual([]);
  });

  it('allows dates from 2020-08-01, earlier than staff may', async () => {
    expect((await search(w.tokens.recipient, { startDate: '2021-01-01' })).statusCode).toBe(200);
    expect((await search(w.tokens.programAdminA, { startDate: '2021-01-01' })).statusCode).toBe(400);
    const early = await search(w.tokens.recipient, { startDate: '2020-07-31' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Date cannot be before 2020-08-01.');
  });
});

describe('GET /benefit-api/benefit/export', () => {
  it('streams the matches as CSV with formula-like cells neutralised', async () => {
    const res = await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: '/benefit-api/benefit/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="benefits-20261123\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Program,Account ID,First Name,Last Name,Agency,Authorization Number,Type,Status,Available Date,Expiration Date,Amount,Balance',
    );
    // Read by an RFC 4180 parser: every line ends with CRLF, the guard's apostrophe stays in CSV.
    const records = readCsvExport(res.body);
    expect(records).toHaveLength(5);
    expect(records.find((r) => r[5] === auth['A1-FORMULA'])).toContain(`'=HYPERLINK("x")`);
    // Agency A1 only, in id order.
    expect(lines).toHaveLength(5);
    expect(lines.some((l) => l.includes(auth['A2-NOW']!))).toBe(false);
    const formula = lines.find((l) => l.includes(auth['A1-FORMULA']!))!;
    expect(formula).toContain(`"'=HYPERLINK(""x"")"`);
    expect(formula).toContain("'+Sum");
    expect(lines.find((l) => l.includes(auth['A1-OLD']!))).toContain(
      ',Regular,EXPIRED,2026-01-10,2026-03-31,50.00,50.00',
    );
  });

  it('answers XLSX with exportType=xlsx, and refuses bad dates before sending anything', async () => {
    const res = await t.injectAs(w.tokens.programAdminA, {
      method: 'GET',
      url: '/benefit-api/benefit/export',
      query: { exportType: 'xlsx', programUuid: w.programA.uuid },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Read by an independent reader: dates are date cells, amounts numbers with two decimals, the rest text.
    const book = await readXlsxExport(res.rawPayload);
    expect(book.sheetNames).toEqual(['Benefits']);
    expect(book.rows.length).toBeGreaterThan(2);
    expectDates(columnOf(book, 'Available Date'));
    expectDates(columnOf(book, 'Expiration Date'));
    expectMoney(columnOf(book, 'Amount'));
    expectMoney(columnOf(book, 'Balance'));
    for (const header of ['Program', 'Account ID', 'Authorization Number', 'Type', 'Status'])
      expectText(columnOf(book, header));
    const old = book.rows.find((r) => r[5]!.value === auth['A1-OLD'])!;
    expect(old.slice(8).map((c) => [c.type, c.value])).toEqual([
      ['date', '2026-01-10T00:00:00'],
      ['date', '2026-03-31T00:00:00'],
      ['number', 50],
      ['number', 50],
    ]);
    const formula = book.rows.find((r) => r[5]!.value === auth['A1-FORMULA'])!;
    expectQuotedText(formula[2], '=HYPERLINK("x")');
    expectQuotedText(formula[3], '+Sum');
    const bad = await t.injectAs(w.tokens.programAdminA, {
      method: 'GET',
      url: '/benefit-api/benefit/export',
      query: { startDate: '2020-01-01' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    expect(
      (await t.injectAs(w.tokens.recipient, { method: 'GET', url: '/benefit-api/benefit/export' })).statusCode,
    ).toBe(403);
  });
});
