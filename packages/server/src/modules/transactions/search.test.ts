import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@ebt/core/messages';
import { TRANSACTION_MESSAGES } from '@ebt/core/transactions';
import { sql } from 'drizzle-orm';
import type { Caller } from '../../platform/caller.js';
import { useTestApp } from '../../testing/app.js';
import {
  columnOf,
  DATE_TIME_FORMAT,
  expectDates,
  expectMoney,
  expectQuotedText,
  expectText,
  readCsvExport,
  readXlsxExport,
} from '../../testing/export-files.js';
import { makeProgram } from '../../testing/factories.js';
import { exportTransactionBatch } from './queries.js';
import { makeShop, makeTransaction, makeTransactionWorld, type TransactionWorld } from '../../testing/transactions.js';

// GET /transaction-api/transactions (staff and recipient variants, resolution 11), its export and the look-ups.
// Today is 2026-11-23 (the test clock).

const t = useTestApp();
let w: TransactionWorld;
let merchantNbr: string;
/** Trace numbers by name; the search answers newest first. */
const trace = (name: string) => `T-${name}`;

beforeAll(async () => {
  w = await makeTransactionWorld(t);
  const { db } = t.database;
  const merchant = await makeShop(db, w.programA);
  merchantNbr = merchant.merchantIdentifier;
  const make = (name: string, at: string, values: Omit<Parameters<typeof makeTransaction>[1], 'programId'> = {}) =>
    makeTransaction(db, { programId: w.programA.id, traceNumber: trace(name), trxDatetime: new Date(at), ...values });
  const a1 = { accountId: w.accounts.a1.id, agencyId: w.a1.id };
  await make('A1-OLD', '2026-01-10T14:00:00Z', { ...a1, merchantId: merchant.id });
  await make('A1-DECLINE', '2026-11-20T15:00:00Z', { ...a1, respCodeId: 2, settleAmt: null, settleDate: null });
  await make('A1-REFUND', '2026-11-21T16:45:30Z', { ...a1, trxTypeId: 2, merchantId: merchant.id });
  await make('A2-NOW', '2026-11-21T17:00:00Z', { accountId: w.accounts.a2.id, agencyId: w.a2.id });
  await make('PL-NOW', '2026-11-22T10:00:00Z', { accountId: w.accounts.programLevel.id, agencyId: null });
  await makeTransaction(db, {
    programId: w.programB.id,
    accountId: w.accounts.b1.id,
    agencyId: w.b1.id,
    traceNumber: trace('B1-NOW'),
    trxDatetime: new Date('2026-11-22T12:00:00Z'),
  });
  await make('A1-FORMULA', '2026-06-01T12:00:00Z', { ...a1, authNumber: '=HYPERLINK("x")' });
});

const search = (token: string | null, query: Record<string, string | number> = {}) =>
  t.injectAs(token, {
    method: 'GET',
    url: '/transaction-api/transactions',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const traces = (res: { json(): unknown }) => (res.json() as { data: { trxUuid: string }[] }).data.map((r) => r.trxUuid);
const tracesOf = async (res: { json(): unknown }) => {
  const uuids = traces(res);
  const rows = await t.database.db.query.transactions.findMany({ columns: { uuid: true, traceNumber: true } });
  const byUuid = new Map(rows.map((r) => [r.uuid, r.traceNumber]));
  return uuids.map((u) => byUuid.get(u));
};

describe('GET /transaction-api/transactions (staff)', () => {
  it("answers a program's transactions newest first with the row fields and the page shape", async () => {
    const res = await search(w.tokens.programAdminA, { programUuid: w.programA.uuid });
    expect(res.statusCode).toBe(200);
    expect(await tracesOf(res)).toEqual(
      ['PL-NOW', 'A2-NOW', 'A1-REFUND', 'A1-DECLINE', 'A1-FORMULA', 'A1-OLD'].map(trace),
    );
    const body = res.json();
    expect(body).toMatchObject({ page: 0, totalCount: 6, totalPages: 1, countCapped: false });
    expect(body.data[2]).toMatchObject({
      trxDatetime: '2026-11-21T16:45:30.000Z',
      programName: w.programA.name,
      programUuid: w.programA.uuid,
      trxTypeId: 2,
      trxType: 'Refund',
      reqAmt: 12.5,
      settleAmt: 12.5,
      respCodeId: 1,
      responseCode: '00',
      responseText: 'Approved',
    });
    expect(body.data[3]).toMatchObject({ settleAmt: null, responseCode: '51', responseText: 'Insufficient funds' });
  });

  it('pages with a zero-based page and pageSize', async () => {
    const second = await search(w.tokens.programAdminA, { programUuid: w.programA.uuid, pageSize: 4, page: 1 });
    expect(second.json()).toMatchObject({ page: 1, totalCount: 6, totalPages: 2 });
    expect(await tracesOf(second)).toEqual([trace('A1-FORMULA'), trace('A1-OLD')]);
  });

  it('bounds trxDatetime by the window, from :00 of the start minute through :59 of the end minute', async () => {
    const res = await search(w.tokens.programAdminA, {
      startDate: '2026-11-20T15:00:45Z',
      endDate: '2026-11-21T16:45:00Z',
    });
    expect(await tracesOf(res)).toEqual([trace('A1-REFUND'), trace('A1-DECLINE')]);
  });

  it('finds by type, response code, merchant id, agency, recipient account id and account', async () => {
    const staff = w.tokens.programAdminA;
    expect(await tracesOf(await search(staff, { trxTypeId: 2 }))).toEqual([trace('A1-REFUND')]);
    expect(await tracesOf(await search(staff, { respCodeId: 2 }))).toEqual([trace('A1-DECLINE')]);
    expect(await tracesOf(await search(staff, { merchantNbr }))).toEqual([trace('A1-REFUND'), trace('A1-OLD')]);
    expect(await tracesOf(await search(staff, { agencyUuid: w.a2.uuid }))).toEqual([trace('A2-NOW')]);
    expect(await tracesOf(await search(staff, { recipientIdentifier: w.accounts.a2.recipientIdentifier }))).toEqual([
      trace('A2-NOW'),
    ]);
    expect(await tracesOf(await search(staff, { accountUuid: w.accounts.programLevel.uuid }))).toEqual([
      trace('PL-NOW'),
    ]);
    expect((await search(staff, { merchantNbr: 'NO-SUCH' })).json()).toMatchObject({ data: [], totalCount: 0 });
  });

  it('scopes to the caller: platform admin all, program admin its programs, agency staff their agencies', async () => {
    expect((await search(w.tokens.platformAdmin, {})).json().totalCount).toBe(7);
    expect((await search(w.tokens.programAdminB, {})).json().totalCount).toBe(1);
    expect(await tracesOf(await search(w.tokens.agencyUserA2, {}))).toEqual([trace('A2-NOW')]);
    // Another agency's recipient, named outright, matches nothing.
    const other = await search(w.tokens.agencyUserA2, { accountUuid: w.accounts.a1.uuid });
    expect(other.json()).toMatchObject({ data: [], totalCount: 0 });
    const otherAgency = await search(w.tokens.agencyUserA2, { agencyUuid: w.a1.uuid });
    expect(otherAgency.json()).toMatchObject({ data: [], totalCount: 0 });
    // A program outside the program admin's scope answers an empty page.
    expect((await search(w.tokens.programAdminB, { programUuid: w.programA.uuid })).json().totalCount).toBe(0);
  });

  it('refuses dates before the minimums, past today + 183 days, an end before the start, and bad paging', async () => {
    const staff = w.tokens.programAdminA;
    const early = await search(staff, { startDate: '2022-01-31T12:00:00Z' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Date cannot be before 2022-02-01.');
    const earlyEnd = await search(staff, { endDate: '2022-07-31T12:00:00Z' });
    expect(earlyEnd.json().message).toBe('Date cannot be before 2022-08-01.');
    const late = await search(staff, { endDate: '2027-06-01T12:00:00Z' });
    expect(late.json().message).toBe('Date cannot be after 2027-05-25.');
    const reversed = await search(staff, { startDate: '2026-11-20T00:00:00Z', endDate: '2026-11-19T00:00:00Z' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(MESSAGES.END_BEFORE_START);
    expect((await search(staff, { startDate: 'yesterday' })).statusCode).toBe(400);
    for (const paging of [{ page: -1 }, { pageSize: 0 }, { pageSize: 5000 }, { page: 'x' }] as Record<
      string,
      string | number
    >[])
      expect((await search(staff, paging)).statusCode).toBe(400);
    const type = await search(staff, { trxTypeId: 99 });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe(TRANSACTION_MESSAGES.UNKNOWN_TRANSACTION_TYPE);
    const code = await search(staff, { respCodeId: 77 });
    expect(code.json().message).toBe(TRANSACTION_MESSAGES.UNKNOWN_RESPONSE_CODE);
    expect((await search(staff, { merchantNbr: 'x'.repeat(21) })).statusCode).toBe(400);
    expect((await search(staff, { recipientIdentifier: 'x'.repeat(21) })).statusCode).toBe(400);
  });
});

describe('GET /transaction-api/transactions (recipient)', () => {
  it("answers only the caller's own transactions, whatever the criteria name", async () => {
    const own = await search(w.tokens.recipient, {});
    expect(await tracesOf(own)).toEqual(['B1-NOW', 'A1-REFUND', 'A1-DECLINE', 'A1-FORMULA', 'A1-OLD'].map(trace));
    const byProgram = await search(w.tokens.recipient, { programId: String(w.programB.id) });
    expect(await tracesOf(byProgram)).toEqual([trace('B1-NOW')]);
    const other = await search(w.tokens.recipient, { accountUuid: w.accounts.a2.uuid });
    expect(other.json()).toMatchObject({ data: [], totalCount: 0 });
    expect((await search(w.tokens.otherRecipient, {})).json().totalCount).toBe(1);
  });

  it('answers the recent list of one program on currentuser/{programUuid}', async () => {
    const res = await t.injectAs(w.tokens.recipient, {
      method: 'GET',
      url: `/transaction-api/transactions/currentuser/${w.programA.uuid}`,
    });
    expect(res.statusCode).toBe(200);
    expect(await tracesOf(res)).toEqual(['A1-REFUND', 'A1-DECLINE', 'A1-FORMULA', 'A1-OLD'].map(trace));
    const staff = await t.injectAs(w.tokens.programAdminA, {
      method: 'GET',
      url: `/transaction-api/transactions/currentuser/${w.programA.uuid}`,
    });
    expect(staff.statusCode).toBe(403);
  });
});

describe('GET /transaction-api/transactions/export', () => {
  it('streams the scoped matches as CSV with formulas neutralised, and as XLSX', async () => {
    const csv = await t.injectAs(w.tokens.agencyUserA1, {
      method: 'GET',
      url: '/transaction-api/transactions/export',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Date,Program,Account ID,Type,Request Amount');
    expect(lines).toHaveLength(5);
    // Read by an RFC 4180 parser (CRLF line ends checked); times are the program's local times with their offset.
    expect(w.programA.timeZone).toBe('America/New_York');
    const records = readCsvExport(csv.body);
    const csvByTrace = (name: string) => records.find((r) => r[12] === trace(name))!;
    expect(csvByTrace('A1-REFUND')[0]).toBe('2026-11-21T11:45:30-05:00');
    expect(csvByTrace('A1-FORMULA')[0]).toBe('2026-06-01T08:00:00-04:00');
    expect(csvByTrace('A1-FORMULA')[11]).toBe(`'=HYPERLINK("x")`);
    expect(csv.body).not.toContain(w.accounts.a2.recipientIdentifier);
    expect(csv.body).toContain(`'=HYPERLINK`);
    const xlsx = await t.injectAs(w.tokens.agencyUserA1, {
      method: 'GET',
      url: '/transaction-api/transactions/export',
      query: { exportType: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Read by an independent reader: the time a date-time cell in the program's zone, amounts numbers with two
    // decimals, ids text, the formula payload text with the quote-prefix style and no apostrophe.
    const book = await readXlsxExport(xlsx.rawPayload);
    expect(book.rows).toHaveLength(5);
    expectDates(columnOf(book, 'Date'), DATE_TIME_FORMAT);
    expectMoney(columnOf(book, 'Request Amount'));
    expectMoney(columnOf(book, 'Settlement Amount'));
    for (const header of ['Account ID', 'Merchant ID', 'Card', 'Auth Number', 'Trace Number', 'Response Code'])
      expectText(columnOf(book, header));
    const byTrace = (name: string) => book.rows.find((r) => r[12]!.value === trace(name))!;
    // New York's wall clock: 16:45:30 UTC in November is 11:45:30 (EST), 12:00 UTC in June 08:00 (EDT).
    expect(byTrace('A1-REFUND')[0]!.value).toBe('2026-11-21T11:45:30');
    expect(byTrace('A1-FORMULA')[0]!.value).toBe('2026-06-01T08:00:00');
    expectQuotedText(byTrace('A1-FORMULA')[11], '=HYPERLINK("x")');
    expect(byTrace('A1-DECLINE')[5]).toMatchObject({ type: 'empty' });
    const other = await t.injectAs(w.tokens.agencyUserA2, {
      method: 'GET',
      url: '/transaction-api/transactions/export',
      query: { accountUuid: w.accounts.a1.uuid },
    });
    expect(other.body.trim().split(/\r?\n/)).toHaveLength(1);
  });

  it('writes the file newest first, as the screen lists the search', async () => {
    const csv = await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: '/transaction-api/transactions/export' });
    const dates = csv.body
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.slice(0, 19));
    expect(dates.length).toBeGreaterThan(2);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages the file by (instant, id) without losing rows that share a millisecond', async () => {
    const { db } = t.database;
    // Five transactions in one millisecond, apart only in microseconds, which a JavaScript Date cannot hold.
    const program = await makeProgram(db, { name: 'Keyset Program' });
    const ids: number[] = [];
    for (const micro of [101, 102, 102, 900, 999])
      ids.push((await makeTransaction(db, { programId: program.id, traceNumber: `K-${micro}` })).id);
    await db.execute(
      sql`update transactions set trx_datetime = '2026-11-20 12:00:00.123'::timestamptz + (substr(trace_number, 3)::int * interval '1 microsecond') where id in (${sql.join(ids, sql`, `)})`,
    );
    const caller = { scope: 'all', programIds: [], agencyIds: [], accountIds: [] } as unknown as Caller;
    const seen: string[] = [];
    let after: Awaited<ReturnType<typeof exportTransactionBatch>>[number] | undefined;
    for (;;) {
      const batch = await exportTransactionBatch(db, caller, { program: String(program.id) }, after, 2);
      seen.push(...batch.map((r) => r.traceNumber ?? ''));
      if (batch.length < 2) break;
      after = batch.at(-1);
    }
    expect(seen).toHaveLength(5);
    expect(seen.slice(0, 2)).toEqual(['K-999', 'K-900']);
    expect(new Set(seen).size).toBe(4);
  });
});

describe('look-ups', () => {
  it('answers the response codes and transaction types', async () => {
    const codes = await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: '/transaction-api/response-codes' });
    expect(codes.json()).toContainEqual({ responseCodeId: 2, responseCode: '51', descr: 'Insufficient funds' });
    expect(codes.json()).toContainEqual({
      responseCodeId: 15,
      responseCode: '25',
      descr: 'Original transaction not found',
    });
    const types = await t.injectAs(w.tokens.recipient, { method: 'GET', url: '/transaction-api/transaction-types' });
    expect(types.json()).toContainEqual({ transactionTypeId: 4, descr: 'Purchase Reversal' });
    expect(types.json()).toContainEqual({ transactionTypeId: 6, descr: 'Incentive Accrual' });
  });
});
