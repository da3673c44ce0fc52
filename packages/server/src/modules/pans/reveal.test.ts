import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { PAN_MESSAGES } from '@ebt/core/pans';
import { PRIVILEGE, PRIVILEGE_LIST } from '@ebt/core/privileges';
import { luhnValid } from '@ebt/core/validation';
import { auditLog, pans, rolePrivileges } from '../../db/schema/index.js';
import { decrypt } from '../../platform/crypto.js';
import { useTestApp } from '../../testing/app.js';
import { bulkGenerate, generateFor, makePanWorld, newRecipient, setupOf, type PanWorld } from '../../testing/pans.js';

// Card numbers masked for staff (decision 0097): every staff list answers '*' and the last four, whatever the role;
// the whole number of one card is revealed by POST /account-api/pans/{panId}/reveal to a holder of BULK_PAN_GEN (the
// printing privilege) within the list's scope, and every reveal is audited (who, which card, when).

const KEY = randomBytes(32);
const t = useTestApp({ DATA_ENCRYPTION_KEY: KEY.toString('hex') });
let w: PanWorld;
beforeAll(async () => {
  w = await makePanWorld(t);
});

const db = () => t.database.db;
const list = (token: string, programId: number, accountUuid: string) =>
  t.injectAs(token, { method: 'GET', url: `/account-api/pans?programId=${programId}&accountUuid=${accountUuid}` });
const reveal = (token: string, panId: number | string) =>
  t.injectAs(token, { method: 'POST', url: `/account-api/pans/${panId}/reveal` });
const panRow = async (id: number) => (await db().select().from(pans).where(eq(pans.id, id)))[0]!;
const wholeOf = async (id: number) => decrypt((await panRow(id)).panEncrypted, KEY);
const reveals = (panId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'reveal'), eq(auditLog.entity, 'pan'), eq(auditLog.entityId, String(panId))));

/** Runs `body` while agency admins hold BULK_PAN_GEN too (roles are an administrator's to change, B§6). */
async function withAgencyAdminsPrinting(body: (token: string) => Promise<void>) {
  const bulk = PRIVILEGE_LIST.find((p) => p.code === PRIVILEGE.BULK_PAN_GEN)!.privilegeId;
  const grant = and(eq(rolePrivileges.roleId, ROLE.AGENCY_ADMIN), eq(rolePrivileges.privilegeId, bulk));
  await db().insert(rolePrivileges).values({ roleId: ROLE.AGENCY_ADMIN, privilegeId: bulk }).onConflictDoNothing();
  try {
    await body(await t.signIn(w.users.agencyAdminA1.username));
  } finally {
    await db().delete(rolePrivileges).where(grant);
  }
}

describe('GET /account-api/pans answers masked numbers to staff', () => {
  it("lists '*' and the last four, never the whole number, to agency users, agency admins and program admins", async () => {
    const account = await newRecipient(t, w);
    const first = await generateFor(t, w.tokens.agencyUserA1, w.programs.programA.id, account.uuid);
    const second = await generateFor(t, w.tokens.agencyUserA1, w.programs.programA.id, account.uuid);
    const wholes = [await wholeOf(second), await wholeOf(first)];
    for (const who of ['agencyUserA1', 'agencyAdminA1', 'programAdminA', 'programAdminAB', 'platformAdmin'] as const) {
      const res = await list(w.tokens[who], w.programs.programA.id, account.uuid);
      expect(res.statusCode, who).toBe(200);
      const rows = res.json() as { panId: number; pan: string }[];
      expect(
        rows.map((r) => [r.panId, r.pan]),
        who,
      ).toEqual([
        [second, `*${wholes[0]!.slice(-4)}`],
        [first, `*${wholes[1]!.slice(-4)}`],
      ]);
      for (const whole of wholes) {
        expect(res.body, who).not.toContain(whole);
        expect(res.body, who).not.toContain(whole.slice(-10));
      }
    }
  });

  it("lists the program's printed PANs masked on the printed-PAN account's PANs page", async () => {
    const { accountUuid } = await setupOf(t, w.tokens.programAdminA, w.programs.programA.id);
    const { panId } = await bulkGenerate(t, w.tokens.programAdminA, w.programs.programA.id, 2);
    const res = await list(w.tokens.programAdminA, w.programs.programA.id, accountUuid);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { panId: number; pan: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => /^\*\d{4}$/.test(r.pan))).toBe(true);
    expect(res.body).not.toContain(await wholeOf(panId));
  });
});

describe('POST /account-api/pans/{panId}/reveal', () => {
  it('answers the whole number to a holder of BULK_PAN_GEN and audits who, which card and when', async () => {
    const account = await newRecipient(t, w);
    const panId = await generateFor(t, w.tokens.agencyUserA1, w.programs.programA.id, account.uuid);
    const row = await panRow(panId);
    const before = await reveals(panId);
    expect(before).toEqual([]);

    const res = await reveal(w.tokens.programAdminA, panId);
    expect(res.statusCode, res.body).toBe(200);
    const whole = decrypt(row.panEncrypted, KEY);
    expect(res.json()).toEqual({ panId, pan: whole });
    expect(whole).toMatch(/^\d{19}$/);
    expect(luhnValid(whole)).toBe(true);
    expect(res.headers['cache-control']).toContain('no-store');

    const [audit, ...more] = await reveals(panId);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorUserId: w.users.programAdminA.id, // who
      action: 'reveal',
      entity: 'pan', // which card: the PAN's id, its last four and its account
      entityId: String(panId),
      before: null,
      after: { last4: row.panLast4, accountIdentifier: account.recipientIdentifier, programId: w.programs.programA.id },
    });
    expect(audit!.at.toISOString()).toBe(t.clock.now().toISOString()); // when: the request's clock
    expect(JSON.stringify(audit)).not.toContain(whole);

    // Every reveal is its own row: a second one by a platform administrator is audited too.
    expect((await reveal(w.tokens.platformAdmin, panId)).json().pan).toBe(whole);
    expect((await reveals(panId)).map((a) => a.actorUserId)).toEqual([
      w.users.programAdminA.id,
      w.users.platformAdmin.id,
    ]);
  });

  it('refuses staff without BULK_PAN_GEN and recipients with 403, revealing and auditing nothing', async () => {
    const account = await newRecipient(t, w);
    const panId = await generateFor(t, w.tokens.agencyUserA1, w.programs.programA.id, account.uuid);
    const whole = await wholeOf(panId);
    for (const who of ['agencyUserA1', 'agencyAdminA1', 'recipientUser'] as const) {
      const res = await reveal(w.tokens[who], panId);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(MESSAGES.PRIVILEGE_ERROR);
      expect(res.body).not.toContain(whole);
    }
    expect(await reveals(panId)).toEqual([]);
  });

  it("answers 404 outside the caller's programs and for a missing PAN, revealing and auditing nothing", async () => {
    const inB = await newRecipient(t, w, 'b1');
    const panOfB = await generateFor(t, w.tokens.programAdminAB, w.programs.programB.id, inB.uuid);
    const res = await reveal(w.tokens.programAdminA, panOfB);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PAN_MESSAGES.CARD_NOT_FOUND);
    expect(res.body).not.toContain(await wholeOf(panOfB));
    const missing = await reveal(w.tokens.programAdminA, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PAN_MESSAGES.CARD_NOT_FOUND);
    expect(await reveals(panOfB)).toEqual([]);
    // The program admin of both programs sees it.
    expect((await reveal(w.tokens.programAdminAB, panOfB)).statusCode).toBe(200);
  });

  it("scopes agency staff given BULK_PAN_GEN to their agencies' recipients, as the list is (404 elsewhere)", async () => {
    const own = await newRecipient(t, w, 'a1');
    const elsewhere = await newRecipient(t, w, 'a2');
    const ownPan = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, own.uuid);
    const otherPan = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, elsewhere.uuid);
    const { panId: printedPan } = await bulkGenerate(t, w.tokens.programAdminA, w.programs.programA.id, 1);
    await withAgencyAdminsPrinting(async (token) => {
      const mine = await reveal(token, ownPan);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().pan).toBe(await wholeOf(ownPan));
      // Another agency's recipient, and a printed card not yet assigned (program-level): 404 like a missing one.
      for (const panId of [otherPan, printedPan]) {
        const res = await reveal(token, panId);
        expect(res.statusCode, String(panId)).toBe(404);
        expect(res.json().message).toBe(PAN_MESSAGES.CARD_NOT_FOUND);
      }
    });
    expect((await reveals(ownPan)).map((a) => a.actorUserId)).toEqual([w.users.agencyAdminA1.id]);
    expect(await reveals(otherPan)).toEqual([]);
    expect(await reveals(printedPan)).toEqual([]);
  });

  it('refuses a panId that is not a database id with 400', async () => {
    for (const bad of ['abc', '0', '-1', '99999999999'])
      expect((await reveal(w.tokens.programAdminA, bad)).statusCode, bad).toBe(400);
  });
});
