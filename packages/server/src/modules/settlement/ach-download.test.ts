import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { PRIVILEGE_LIST } from '@ebt/core/privileges';
import { parseAch, SETTLEMENT_MESSAGES } from '@ebt/core/settlement';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { auditLog, rolePrivileges } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { call, purchaseOf } from '../../testing/pos-world.js';
import { makeSettlementWorld } from '../../testing/settlement.js';

// The ACH file (decision 0057): parsed back with every total right;
// BANK_VIEW, audited; without it 403, and the bank numbers appear in no other answer.

const t = useTestApp();

async function closedBatch() {
  const w = await makeSettlementWorld(t);
  await w.giveIncentive('20.00');
  await w.giveBenefit('100.00');
  await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 30)); // 20 incentive (fee 0.50) + 10
  await call(t, w.terminals.second, 'purchase', purchaseOf(w.card.pan, 15));
  const admin = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
  const token = await t.signIn(admin.username);
  const res = await t.injectAs(token, {
    method: 'POST',
    url: '/settlement-api/batches/close',
    payload: { programUuid: w.program.uuid },
  });
  const batchUuid = (res.json() as { batch: { batchUuid: string } }).batch.batchUuid;
  return { w, token, batchUuid };
}

describe('GET /settlement-api/batches/{batchUuid}/ach', () => {
  it('answers a NACHA file that parses back with every count, hash and total right, and audits it', async () => {
    const { w, token, batchUuid } = await closedBatch();
    const url = `/settlement-api/batches/${batchUuid}/ach`;
    const missing = await t.injectAs(token, { method: 'GET', url });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.NO_SETTLEMENT_ACCOUNT });

    await w.giveSettlementAccount('011000015', '5550001111');
    const res = await t.injectAs(token, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ach-/);
    expect(res.headers['cache-control']).toBe('no-store');
    const file = parseAch(res.body);
    expect(file.lines.every((l) => l.length === 94)).toBe(true);
    expect(file.lines.length % 10).toBe(0);
    expect(file.entries.map((e) => [e.code, e.rdfi + e.check, e.account, e.cents, e.id])).toEqual(
      [
        ['22', '021000021', w.accounts.first, 2950, w.merchants.first.merchantIdentifier.toUpperCase()],
        ['32', '011000015', w.accounts.second, 1500, w.merchants.second.merchantIdentifier.toUpperCase()],
        ['27', '011000015', '5550001111', 4450, w.program.shortName.toUpperCase()],
      ].sort((a, b) => (a[0] === '27' ? 1 : b[0] === '27' ? -1 : String(a[4]).localeCompare(String(b[4])))),
    );
    const hash = String(file.entries.reduce((s, e) => s + Number(e.rdfi), 0) % 1e10).padStart(10, '0');
    for (const control of [file.batchControl, file.fileControl])
      expect(control).toEqual(expect.objectContaining({ count: 5, hash, debits: 4450, credits: 4450 }));
    expect(file.fileControl.blocks).toBe(file.lines.length / 10);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settlement_ach_download'), eq(auditLog.entityId, batchUuid)));
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toContain(w.accounts.first);
    const detail = await t.injectAs(token, { method: 'GET', url: `/settlement-api/batches/${batchUuid}` });
    expect(detail.json()).toMatchObject({ status: 'File downloaded' });
  });

  it('names each file of a destination and day A, then B; a re-download is the same file; local time; a banking day', async () => {
    // Saturday 28 November 2026, 20:14 in the program's zone (America/New_York): 01:14 on Sunday in UTC.
    t.clock.advance(Date.parse('2026-11-29T01:14:00Z') - t.clock.now().getTime());
    try {
      const { w, token, batchUuid } = await closedBatch();
      await w.giveSettlementAccount('011000015', '5550001111');
      const url = `/settlement-api/batches/${batchUuid}/ach`;
      const first = await t.injectAs(token, { method: 'GET', url });
      expect(first.statusCode, first.body).toBe(200);
      const header = parseAch(first.body).header;
      // File creation date and time (positions 24-33) on the program's clock, File ID Modifier (34).
      expect(header.slice(23, 33)).toBe('2611282014');
      expect(header.slice(33, 34)).toBe('A');
      // Effective entry date (batch header 70-75): the next banking day, Monday, never the Sunday after.
      expect(parseAch(first.body).batchHeader.slice(69, 75)).toBe('261130');
      // Ten minutes later the same batch's file is the same file, byte for byte.
      t.clock.advance(10 * 60_000);
      const again = await t.injectAs(token, { method: 'GET', url });
      expect(again.body).toBe(first.body);

      // A second close the same day: its file is the destination's second of the day.
      await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 5));
      const closed = await t.injectAs(token, {
        method: 'POST',
        url: '/settlement-api/batches/close',
        payload: { programUuid: w.program.uuid },
      });
      const secondUuid = (closed.json() as { batch: { batchUuid: string } }).batch.batchUuid;
      const second = await t.injectAs(token, { method: 'GET', url: `/settlement-api/batches/${secondUuid}/ach` });
      expect(second.statusCode, second.body).toBe(200);
      expect(parseAch(second.body).header.slice(23, 34)).toBe('2611282024B');
    } finally {
      t.clock.reset();
    }
  });

  it('refuses without BANK_VIEW (403), and no other answer carries the bank numbers', async () => {
    const { w, token, batchUuid } = await closedBatch();
    await w.giveSettlementAccount();
    for (const url of ['/settlement-api/batches', `/settlement-api/batches/${batchUuid}`]) {
      const body = (await t.injectAs(token, { method: 'GET', url })).body;
      for (const secret of [w.accounts.first, w.accounts.second, '5550001111', '021000021', '011000015'])
        expect(body).not.toContain(secret);
    }
    const bankView = PRIVILEGE_LIST.find((p) => p.code === 'BANK_VIEW')!;
    const without = and(
      eq(rolePrivileges.roleId, ROLE.PROGRAM_ADMIN),
      eq(rolePrivileges.privilegeId, bankView.privilegeId),
    );
    await t.database.db.delete(rolePrivileges).where(without);
    try {
      const admin = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
      const plain = await t.signIn(admin.username);
      const refused = await t.injectAs(plain, { method: 'GET', url: `/settlement-api/batches/${batchUuid}/ach` });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain(w.accounts.first);
      // The batch itself stays readable to them.
      expect((await t.injectAs(plain, { method: 'GET', url: `/settlement-api/batches/${batchUuid}` })).statusCode).toBe(
        200,
      );
    } finally {
      await t.database.db
        .insert(rolePrivileges)
        .values({ roleId: ROLE.PROGRAM_ADMIN, privilegeId: bankView.privilegeId })
        .onConflictDoNothing();
    }
    const downloaded = await t.database.db.execute(
      sql`select file_downloaded_at from settlement_batches where uuid = ${batchUuid}`,
    );
    expect(
      (downloaded as unknown as { rows: { file_downloaded_at: unknown }[] }).rows[0]!.file_downloaded_at,
    ).toBeNull();
  });

  it('refuses a routing number without its check digit when bank information is saved', async () => {
    const { w, token } = await closedBatch();
    const res = await t.injectAs(token, {
      method: 'PUT',
      url: '/merchant-api/bank-info',
      payload: {
        merchantUuid: w.merchants.first.uuid,
        bankName: 'Test Bank',
        bankAccountNumber: '123456789',
        bankRoutingNumber: '021000022',
        bankAccountType: 0,
        firstName: 'Ann',
        lastName: 'Farmer',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(MERCHANT_MESSAGES.ROUTING_CHECK_DIGIT);
  });
});
