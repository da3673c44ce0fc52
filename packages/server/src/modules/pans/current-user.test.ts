import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAN_STATUS } from '@ebt/core/enums';
import { PAN_MESSAGES } from '@ebt/core/pans';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import {
  auditLog,
  notificationPreferences,
  notifications,
  outbox,
  pans,
  staffNotifications,
} from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { generateFor, makePanWorld, type PanWorld } from '../../testing/pans.js';

// A uuid's last group is twelve hex digits, sometimes all decimal: the full-PAN check looks past uuids.
const withoutUuids = (text: string) =>
  text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>');

// The recipient's card controls (decision 0037): their own cards only, lock and unlock, lost and stolen reports that
// tell the program's staff and the recipient.

const t = useTestApp();
let w: PanWorld;
beforeAll(async () => {
  w = await makePanWorld(t);
});

const db = () => t.database.db;
const act = (token: string, panId: number, action: unknown) =>
  t.injectAs(token, { method: 'PATCH', url: `/account-api/pans/currentuser/${panId}`, payload: { action } });
const panRow = async (id: number) => (await db().select().from(pans).where(eq(pans.id, id)))[0]!;

describe('GET /account-api/pans/currentuser', () => {
  it("answers the recipient's own cards, masked, and none of another recipient's", async () => {
    const own = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.own.uuid);
    const other = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.other.uuid);
    const res = await t.injectAs(w.tokens.recipientUser, { method: 'GET', url: '/account-api/pans/currentuser' });
    expect(res.statusCode).toBe(200);
    const cards = res.json() as { panId: number; last4: string }[];
    expect(cards.map((c) => c.panId)).toContain(own);
    expect(cards.map((c) => c.panId)).not.toContain(other);
    expect(cards[0]).toMatchObject({ programUuid: w.programs.programA.uuid, locked: false, panStatusId: 0 });
    expect(cards[0]).not.toHaveProperty('pan');
    expect(withoutUuids(JSON.stringify(cards))).not.toMatch(/\d{10}/);
  });

  it('answers 403 to staff', async () => {
    const res = await t.injectAs(w.tokens.programAdminA, { method: 'GET', url: '/account-api/pans/currentuser' });
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /account-api/pans/currentuser/{panId}', () => {
  it('locks and unlocks the card, each audited', async () => {
    const panId = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.own.uuid);
    const locked = await act(w.tokens.recipientUser, panId, 'lock');
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ message: PAN_MESSAGES.CARD_LOCKED, card: { panId, locked: true } });
    expect((await panRow(panId)).locked).toBe(true);
    expect((await act(w.tokens.recipientUser, panId, 'lock')).statusCode).toBe(422);
    const unlocked = await act(w.tokens.recipientUser, panId, 'unlock');
    expect(unlocked.json()).toMatchObject({ message: PAN_MESSAGES.CARD_UNLOCKED, card: { locked: false } });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pan'), eq(auditLog.entityId, String(panId))));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['lock', 'unlock']));
  });

  it('reports the card stolen: the status is set at once, staff and the recipient (per preference) are told', async () => {
    const panId = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.own.uuid);
    await db()
      .insert(notificationPreferences)
      .values({ accountId: w.accounts.own.id, eventId: NOTIFICATION_EVENT.CARD_STATUS, methodId: 1 })
      .onConflictDoNothing();
    const res = await act(w.tokens.recipientUser, panId, 'stolen');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: PAN_MESSAGES.CARD_REPORTED_STOLEN,
      card: { panStatusId: PAN_STATUS.STOLEN },
    });
    const row = await panRow(panId);
    expect(row.panStatusId).toBe(PAN_STATUS.STOLEN);
    const inbox = await db().select().from(notifications).where(eq(notifications.accountId, w.accounts.own.id));
    expect(
      inbox.some((n) => n.eventId === NOTIFICATION_EVENT.CARD_STATUS && n.text.includes(`ending in ${row.panLast4}`)),
    ).toBe(true);
    const mail = await db().select().from(outbox).where(eq(outbox.to, w.accounts.own.email!));
    expect(mail.some((m) => m.subject === PAN_MESSAGES.NOTICE_SUBJECT)).toBe(true);
    // The program admin of program A and the agency admin of a1; not the agency user.
    const staff = await db().select().from(staffNotifications).where(eq(staffNotifications.topic, 'card-report'));
    expect(staff.map((s) => s.userId).sort()).toEqual(
      [w.users.programAdminA.id, w.users.programAdminAB.id, w.users.agencyAdminA1.id].sort(),
    );
    expect(staff[0]!.text).toContain(w.accounts.own.recipientIdentifier);
    expect(withoutUuids(JSON.stringify([...inbox, ...mail, ...staff]))).not.toMatch(/\d{10}/);
    // Final: nothing more can be done with it.
    for (const action of ['unlock', 'lock', 'lost'])
      expect((await act(w.tokens.recipientUser, panId, action)).statusCode).toBe(422);
    // Staff can give the recipient a new card now.
    expect(await generateFor(t, w.tokens.agencyUserA1, w.programs.programA.id, w.accounts.own.uuid)).toBeGreaterThan(
      panId,
    );
  });

  it("answers 404 for another recipient's card and 400 for an unknown action, changing nothing", async () => {
    const panId = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.other.uuid);
    expect((await act(w.tokens.recipientUser, panId, 'lock')).statusCode).toBe(404);
    expect((await act(w.tokens.recipientUser, panId, 'stolen')).statusCode).toBe(404);
    expect((await act(w.tokens.otherRecipientUser, panId, 'freeze')).statusCode).toBe(400);
    expect(await panRow(panId)).toMatchObject({ locked: false, panStatusId: PAN_STATUS.ACTIVE });
  });
});
