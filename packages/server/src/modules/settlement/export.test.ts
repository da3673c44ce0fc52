import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { localDateTime } from '@ebt/core/format';
import { BATCH_EXPORT_HEADERS, type BatchRow } from '@ebt/core/settlement';
import { useTestApp } from '../../testing/app.js';
import {
  columnOf,
  DATE_TIME_FORMAT,
  expectDates,
  expectMoney,
  expectText,
  readCsvExport,
  readXlsxExport,
} from '../../testing/export-files.js';
import { makeUser } from '../../testing/factories.js';
import { call, purchaseOf } from '../../testing/pos-world.js';
import { makeSettlementWorld } from '../../testing/settlement.js';

// The batch list's export (decision 0059): the kit's CSV and XLSX, scoped as the list.

const t = useTestApp();

async function staff(roleId: number, programs: { id: number }[] = []) {
  const user = await makeUser(t.database.db, { roleId, programs });
  return t.signIn(user.username);
}

/** The CSV export's records, read by an RFC 4180 parser after checking the BOM and CRLF line ends. */
const parseCsv = (body: string) => readCsvExport(body);

async function closeOne(token: string, w: Awaited<ReturnType<typeof makeSettlementWorld>>, amount: number) {
  await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, amount));
  const res = await t.injectAs(token, {
    method: 'POST',
    url: '/settlement-api/batches/close',
    payload: { programUuid: w.program.uuid },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { batch: BatchRow }).batch;
}

describe('batch list export', () => {
  it('writes the caller’s batches as CSV, newest first, with the list’s figures; XLSX on request', async () => {
    const w = await makeSettlementWorld(t);
    const other = await makeSettlementWorld(t);
    await w.giveBenefit('100.00');
    await other.giveBenefit('100.00');
    const admin = await staff(ROLE.PROGRAM_ADMIN, [w.program]);
    const otherAdmin = await staff(ROLE.PROGRAM_ADMIN, [other.program]);
    const first = await closeOne(admin, w, 12.5);
    t.clock.advance(60_000);
    const second = await closeOne(admin, w, 7);
    const outside = await closeOne(otherAdmin, other, 3);
    t.clock.reset();

    const res = await t.injectAs(admin, { method: 'GET', url: '/settlement-api/batches/export' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="settlement-batches-\d{8}\.csv"/);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...BATCH_EXPORT_HEADERS]);
    // Only the caller's program, newest first; never the other program's batch.
    expect(rows.map((r) => r[0])).toEqual([String(second.batchNbr), String(first.batchNbr)]);
    expect(res.body).not.toContain(other.program.name);
    const cell = (row: string[], name: (typeof BATCH_EXPORT_HEADERS)[number]) =>
      row[BATCH_EXPORT_HEADERS.indexOf(name)];
    expect(cell(rows[1]!, 'Program')).toBe(w.program.name);
    expect(cell(rows[1]!, 'Date')).toBe(first.businessDay);
    expect(Number(cell(rows[1]!, 'Gross'))).toBe(12.5);
    expect(Number(cell(rows[1]!, 'Net'))).toBe(first.netAmt);
    expect(Number(cell(rows[0]!, 'Net'))).toBe(7);
    expect(cell(rows[0]!, 'Status')).toBe('Closed');
    expect(cell(rows[0]!, 'Paid')).toBe('');
    // Times are the program's local times with their offset (New York in November: -05:00), never UTC.
    expect(cell(rows[1]!, 'Cut-off')).toBe(localDateTime(first.cutoffAt, w.program.timeZone)!.text);
    expect(cell(rows[1]!, 'Cut-off')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/);
    expect(cell(rows[1]!, 'Closed')).toBe(localDateTime(first.closedAt, w.program.timeZone)!.text);

    // One program by programUuid; a platform administrator sees every program's batches.
    const one = await t.injectAs(admin, {
      method: 'GET',
      url: '/settlement-api/batches/export',
      query: { programUuid: other.program.uuid },
    });
    expect(parseCsv(one.body)).toEqual([[...BATCH_EXPORT_HEADERS]]);
    const platform = await staff(ROLE.PLATFORM_ADMIN);
    const all = await t.injectAs(platform, {
      method: 'GET',
      url: '/settlement-api/batches/export',
      query: { programUuid: other.program.uuid },
    });
    expect(
      parseCsv(all.body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([String(outside.batchNbr)]);

    const xlsx = await t.injectAs(admin, {
      method: 'GET',
      url: '/settlement-api/batches/export',
      query: { exportType: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Read by an independent reader: numbers are numbers, amounts with two decimals, dates and times date cells.
    const book = await readXlsxExport(xlsx.rawPayload);
    expect(book.rows[0]!.map((c) => c.value)).toEqual([...BATCH_EXPORT_HEADERS]);
    expect(columnOf(book, 'Batch').map((c) => c.value)).toEqual([second.batchNbr, first.batchNbr]);
    for (const header of ['Gross', 'Refunds', 'Reversals', 'Fees', 'Net', 'Held'] as const)
      expectMoney(columnOf(book, header));
    expect(columnOf(book, 'Gross')[1]).toMatchObject({ type: 'number', value: 12.5 });
    expectDates(columnOf(book, 'Date'));
    expect(columnOf(book, 'Date')[1]!.value).toBe(`${first.businessDay}T00:00:00`);
    for (const header of ['Cut-off', 'Closed'] as const) expectDates(columnOf(book, header), DATE_TIME_FORMAT);
    expect(columnOf(book, 'Cut-off')[1]!.value).toBe(localDateTime(first.cutoffAt, w.program.timeZone)!.wall);
    expect(columnOf(book, 'Paid')[0]).toMatchObject({ type: 'empty' });
    expect(columnOf(book, 'Transactions')[1]).toMatchObject({ type: 'number', value: first.transactionCount });
    expectText(columnOf(book, 'Program'));

    const agency = await staff(ROLE.AGENCY_ADMIN, [w.program]);
    expect((await t.injectAs(agency, { method: 'GET', url: '/settlement-api/batches/export' })).statusCode).toBe(403);
  });
});
