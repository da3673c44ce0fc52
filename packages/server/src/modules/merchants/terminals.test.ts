import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MAX_ACTIVE_TERMINALS, TERMINAL_ID_PATTERN, TERMINAL_MESSAGES } from '@ebt/core/terminals';
import { auditLog, merchantTerminals } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';
import { makeMerchant } from '../../testing/merchants.js';

// GET, POST and DELETE /merchant-api/merchant/{id}/terminals (decision 0042).

const t = useTestApp();

async function makeWorld() {
  return buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' } },
    users: {
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] }, // MERCHANT_UPDATE by default
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] }, // MERCHANT_VIEW only
      admin: { roleId: ROLE.PLATFORM_ADMIN },
    },
  });
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const db = () => t.database.db;
const url = (merchantUuid: string, terminalId?: string) =>
  `/merchant-api/merchant/${merchantUuid}/terminals${terminalId ? `/${terminalId}` : ''}`;
const list = (token: string, merchantUuid: string) => t.injectAs(token, { method: 'GET', url: url(merchantUuid) });
const issue = (token: string, merchantUuid: string, payload: object = { name: 'Stall 3 tablet' }) =>
  t.injectAs(token, { method: 'POST', url: url(merchantUuid), payload });
const revoke = (token: string, merchantUuid: string, terminalId: string) =>
  t.injectAs(token, { method: 'DELETE', url: url(merchantUuid, terminalId) });
const merchantOfA = () => makeMerchant(db(), { programs: [w.programs.programA] });
const rowsOf = (merchantId: number) =>
  db().select().from(merchantTerminals).where(eq(merchantTerminals.merchantId, merchantId));

describe('issuing a terminal', () => {
  it('answers a terminal id and a secret once, and stores only the secret’s hash', async () => {
    const merchant = await merchantOfA();
    const res = await issue(w.tokens.programAdminA, merchant.uuid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(TERMINAL_MESSAGES.TERMINAL_ISSUED);
    expect(body.terminal).toMatchObject({ name: 'Stall 3 tablet', issuedBy: w.users.programAdminA.username });
    expect(body.terminal.terminalId).toMatch(TERMINAL_ID_PATTERN);
    expect(body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await rowsOf(merchant.id);
    expect(row!.secretHash).toBe(createHash('sha256').update(body.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(body.secret);
    // The list never carries a secret or its hash.
    const listed = await list(w.tokens.programAdminA, merchant.uuid);
    expect(listed.json()).toEqual([body.terminal]);
    expect(listed.body).not.toContain(body.secret);
    expect(listed.body).not.toContain(row!.secretHash);
    // Audited without the secret.
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, merchant.uuid), eq(auditLog.action, 'terminal_issue')));
    expect(JSON.stringify(audit)).toContain(body.terminal.terminalId);
    expect(JSON.stringify(audit)).not.toContain(body.secret);
  });

  it('gives each terminal its own id and secret', async () => {
    const merchant = await merchantOfA();
    const a = (await issue(w.tokens.programAdminA, merchant.uuid, { name: 'A' })).json();
    const b = (await issue(w.tokens.programAdminA, merchant.uuid, { name: 'B' })).json();
    expect(a.terminal.terminalId).not.toBe(b.terminal.terminalId);
    expect(a.secret).not.toBe(b.secret);
  });

  it(`refuses a terminal past ${MAX_ACTIVE_TERMINALS} active ones, also when asked at once`, async () => {
    const merchant = await merchantOfA();
    await db()
      .insert(merchantTerminals)
      .values(
        Array.from({ length: MAX_ACTIVE_TERMINALS - 2 }, (_, i) => ({
          merchantId: merchant.id,
          terminalCode: `00000000${String(i).padStart(4, '0')}`.slice(-12),
          name: `T${i}`,
          secretHash: 'x'.repeat(64),
        })),
      );
    const answers = await Promise.all(
      [1, 2, 3, 4].map((i) => issue(w.tokens.programAdminA, merchant.uuid, { name: `N${i}` })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(
      `A merchant can have at most ${MAX_ACTIVE_TERMINALS} active terminals. Revoke one before issuing another.`,
    );
    expect(await rowsOf(merchant.id)).toHaveLength(MAX_ACTIVE_TERMINALS);
  });

  it('refuses a missing, blank, too long or NUL-holding name with 400 and writes nothing', async () => {
    const merchant = await merchantOfA();
    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 'a\u0000b' }, { name: 42 }]) {
      const res = await issue(w.tokens.programAdminA, merchant.uuid, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await rowsOf(merchant.id)).toHaveLength(0);
  });
});

describe('who may manage terminals', () => {
  it('answers 404 for a merchant outside the caller’s programs and 403 without MERCHANT_UPDATE', async () => {
    const merchant = await merchantOfA();
    expect((await list(w.tokens.programAdminB, merchant.uuid)).statusCode).toBe(404);
    expect((await issue(w.tokens.programAdminB, merchant.uuid)).statusCode).toBe(404);
    expect((await list(w.tokens.agencyUserA1, merchant.uuid)).statusCode).toBe(403);
    expect((await issue(w.tokens.agencyUserA1, merchant.uuid)).statusCode).toBe(403);
    expect(await rowsOf(merchant.id)).toHaveLength(0);
    // The platform admin sees every merchant's.
    expect((await issue(w.tokens.admin, merchant.uuid)).statusCode).toBe(200);
  });

  it('answers an empty list for a merchant without terminals and 404 for an unknown merchant', async () => {
    const merchant = await merchantOfA();
    expect((await list(w.tokens.programAdminA, merchant.uuid)).json()).toEqual([]);
    const unknown = await list(w.tokens.programAdminA, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('revoking a terminal', () => {
  it('stops it at once, keeps its row, lists it after the active ones and answers again the same', async () => {
    const merchant = await merchantOfA();
    const first = (await issue(w.tokens.programAdminA, merchant.uuid, { name: 'First' })).json();
    await issue(w.tokens.programAdminA, merchant.uuid, { name: 'Second' });
    const res = await revoke(w.tokens.programAdminA, merchant.uuid, first.terminal.terminalId.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TERMINAL_MESSAGES.TERMINAL_REVOKED);
    const listed = (await list(w.tokens.programAdminA, merchant.uuid)).json();
    expect(listed.map((r: { name: string }) => r.name)).toEqual(['Second', 'First']);
    expect(listed[1]).toMatchObject({ revokedBy: w.users.programAdminA.username });
    expect(listed[1].revokedAt).not.toBeNull();
    const again = await revoke(w.tokens.programAdminA, merchant.uuid, first.terminal.terminalId);
    expect(again.statusCode).toBe(200);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, merchant.uuid), eq(auditLog.action, 'terminal_revoke')));
    expect(audits).toHaveLength(1);
  });

  it('does not revoke another merchant’s terminal, and refuses a malformed id', async () => {
    const mine = await merchantOfA();
    const theirs = await merchantOfA();
    const other = (await issue(w.tokens.programAdminA, theirs.uuid)).json();
    const res = await revoke(w.tokens.programAdminA, mine.uuid, other.terminal.terminalId);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TERMINAL_MESSAGES.TERMINAL_NOT_FOUND);
    const [row] = await rowsOf(theirs.id);
    expect(row!.revokedAt).toBeNull();
    for (const bad of ['short', 'I'.repeat(12), '%00'.repeat(4), 'x'.repeat(300)])
      expect((await revoke(w.tokens.programAdminA, mine.uuid, bad)).statusCode, bad).toBe(400);
  });
});
