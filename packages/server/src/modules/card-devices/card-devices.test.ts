import { generateKeyPairSync } from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARD_DEVICE_LIMIT, CARD_DEVICE_MESSAGES } from '@ebt/core/card-devices';
import { ruleMessage } from '@ebt/core/messages';
import { auditLog, cardDevices, notifications } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { generateFor, makePanWorld, newRecipient, type PanWorld } from '../../testing/pans.js';

// The phones registered to a card to make pay codes (decision 0108): the recipient registers, lists and removes
// them on their own Active cards; staff within the PANs page's scope list and remove them; a lost or stolen report,
// or a staff status, revokes them in the same transaction.

const t = useTestApp();
let w: PanWorld;
beforeAll(async () => {
  w = await makePanWorld(t);
});
const db = () => t.database.db;
// Each test a minute after the last, so the rows it reads by time are its own.
beforeEach(() => t.clock.advance(60_000));

/** A P-256 public key as a browser exports it: SPKI DER in base64url. */
const p256Key = (curve = 'prime256v1') =>
  generateKeyPairSync('ec', { namedCurve: curve })
    .publicKey.export({ type: 'spki', format: 'der' })
    .toString('base64url');

const ownPath = (panId: number) => `/account-api/pans/currentuser/${panId}/devices`;
const register = (
  token: string,
  panId: number,
  payload: Record<string, unknown> = { publicKey: p256Key(), name: 'Phone (Chrome)' },
) => t.injectAs(token, { method: 'POST', url: ownPath(panId), payload });
const ownCard = () => generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.own.uuid);
const devicesOf = (panId: number) => db().select().from(cardDevices).where(eq(cardDevices.panId, panId));

describe('POST /account-api/pans/currentuser/{panId}/devices', () => {
  it("registers a phone's P-256 key on the recipient's own card, audited with a fingerprint and no key", async () => {
    const panId = await ownCard();
    const since = t.clock.now();
    const key = p256Key();
    const res = await register(w.tokens.recipientUser, panId, { publicKey: key, name: '  Phone (Chrome on Android) ' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as { deviceUuid: string; name: string; createdAt: string };
    expect(answer).toMatchObject({ name: 'Phone (Chrome on Android)', createdAt: t.clock.now().toISOString() });
    const [row] = await devicesOf(panId);
    expect(row).toMatchObject({ uuid: answer.deviceUuid, publicKey: key, revokedAt: null });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'card_device'), eq(auditLog.action, 'create'), gte(auditLog.at, since)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(w.users.recipientUser.id);
    expect(audits[0]!.after).toMatchObject({ deviceUuid: answer.deviceUuid, cardId: panId });
    expect(JSON.stringify(audits[0])).not.toContain(key.slice(30, 60));
  });

  it("answers 404 for another recipient's card and for a card that is not Active", async () => {
    const others = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, w.accounts.other.uuid);
    const res = await register(w.tokens.recipientUser, others);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorMessages[0].appErrorMessage).toBe(CARD_DEVICE_MESSAGES.CARD_NOT_FOUND);
    const inactive = await ownCard();
    const statused = await t.injectAs(w.tokens.programAdminA, {
      method: 'PATCH',
      url: `/benefit-api/pans/${inactive}`,
      payload: { panStatusId: 4 },
    });
    expect(statused.statusCode).toBe(200);
    expect((await register(w.tokens.recipientUser, inactive)).statusCode).toBe(404);
    expect(await devicesOf(others)).toEqual([]);
  });

  it('answers 400 for a key that is not P-256 and for a name that is empty or too long', async () => {
    const panId = await ownCard();
    for (const publicKey of [p256Key('secp384r1'), 'bm90IGEga2V5', 'a'.repeat(500), 'not base64url!']) {
      const res = await register(w.tokens.recipientUser, panId, { publicKey, name: 'Phone' });
      expect(res.statusCode, publicKey.slice(0, 20)).toBe(400);
      expect(res.json().errorMessages[0]).toMatchObject({
        field: 'publicKey',
        appErrorMessage: CARD_DEVICE_MESSAGES.INVALID_PUBLIC_KEY,
      });
    }
    expect((await register(w.tokens.recipientUser, panId, { publicKey: p256Key(), name: '  ' })).statusCode).toBe(400);
    expect(
      (await register(w.tokens.recipientUser, panId, { publicKey: p256Key(), name: 'x'.repeat(61) })).statusCode,
    ).toBe(400);
    expect(await devicesOf(panId)).toEqual([]);
  });

  it(`takes ${CARD_DEVICE_LIMIT} phones a card, refuses one more with 422, and takes it once one is removed`, async () => {
    const panId = await ownCard();
    const uuids: string[] = [];
    for (let i = 0; i < CARD_DEVICE_LIMIT; i += 1) {
      const res = await register(w.tokens.recipientUser, panId);
      expect(res.statusCode).toBe(201);
      uuids.push((res.json() as { deviceUuid: string }).deviceUuid);
    }
    const refused = await register(w.tokens.recipientUser, panId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errorMessages[0].appErrorMessage).toBe(
      ruleMessage(CARD_DEVICE_MESSAGES.TOO_MANY_DEVICES, { max: CARD_DEVICE_LIMIT }),
    );
    const removed = await t.injectAs(w.tokens.recipientUser, {
      method: 'DELETE',
      url: `${ownPath(panId)}/${uuids[0]}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await register(w.tokens.recipientUser, panId)).statusCode).toBe(201);
  });

  it('answers 403 to staff', async () => {
    const panId = await ownCard();
    expect((await register(w.tokens.programAdminA, panId)).statusCode).toBe(403);
  });
});

describe("the recipient's list and removal", () => {
  it('lists the active phones, removes one (revoked_at, revoked_by, audited), and refuses it a second time', async () => {
    const panId = await ownCard();
    const first = (await register(w.tokens.recipientUser, panId)).json() as { deviceUuid: string };
    const second = (await register(w.tokens.recipientUser, panId, { publicKey: p256Key(), name: 'Tablet' })).json() as {
      deviceUuid: string;
    };
    const listed = await t.injectAs(w.tokens.recipientUser, { method: 'GET', url: ownPath(panId) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({ deviceUuid: first.deviceUuid, name: 'Phone (Chrome)', lastUsedAt: null }),
      expect.objectContaining({ deviceUuid: second.deviceUuid, name: 'Tablet' }),
    ]);
    const since = t.clock.now();
    const removed = await t.injectAs(w.tokens.recipientUser, {
      method: 'DELETE',
      url: `${ownPath(panId)}/${first.deviceUuid}`,
    });
    expect(removed.statusCode).toBe(204);
    const row = (await devicesOf(panId)).find((d) => d.uuid === first.deviceUuid)!;
    expect(row.revokedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(row.revokedBy).toBe(w.users.recipientUser.id);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'card_device'), eq(auditLog.action, 'revoke'), gte(auditLog.at, since)));
    expect(audits.map((a) => a.entityId)).toEqual([String(row.id)]);
    const after = (await t.injectAs(w.tokens.recipientUser, { method: 'GET', url: ownPath(panId) })).json() as {
      deviceUuid: string;
    }[];
    expect(after.map((d) => d.deviceUuid)).toEqual([second.deviceUuid]);
    const again = await t.injectAs(w.tokens.recipientUser, {
      method: 'DELETE',
      url: `${ownPath(panId)}/${first.deviceUuid}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another recipient's card, and for a phone of another card", async () => {
    const mine = await ownCard();
    const device = (await register(w.tokens.recipientUser, mine)).json() as { deviceUuid: string };
    const list = await t.injectAs(w.tokens.otherRecipientUser, { method: 'GET', url: ownPath(mine) });
    expect(list.statusCode).toBe(404);
    const removal = await t.injectAs(w.tokens.otherRecipientUser, {
      method: 'DELETE',
      url: `${ownPath(mine)}/${device.deviceUuid}`,
    });
    expect(removal.statusCode).toBe(404);
    const otherCard = await ownCard();
    const wrongCard = await t.injectAs(w.tokens.recipientUser, {
      method: 'DELETE',
      url: `${ownPath(otherCard)}/${device.deviceUuid}`,
    });
    expect(wrongCard.statusCode).toBe(404);
    expect((await devicesOf(mine))[0]!.revokedAt).toBeNull();
  });
});

describe('staff', () => {
  it('list and remove the phones of a PAN in their scope; the recipient is told in their inbox', async () => {
    const panId = await ownCard();
    const device = (await register(w.tokens.recipientUser, panId)).json() as { deviceUuid: string };
    const listed = await t.injectAs(w.tokens.agencyUserA1, {
      method: 'GET',
      url: `/account-api/pans/${panId}/devices`,
    });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { deviceUuid: string }[]).map((d) => d.deviceUuid)).toEqual([device.deviceUuid]);
    const since = t.clock.now();
    const removed = await t.injectAs(w.tokens.agencyAdminA1, {
      method: 'DELETE',
      url: `/account-api/pans/${panId}/devices/${device.deviceUuid}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const [row] = await devicesOf(panId);
    expect(row!.revokedBy).toBe(w.users.agencyAdminA1.id);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'card_device'), eq(auditLog.action, 'revoke'), gte(auditLog.at, since)));
    expect(audits[0]!.actorUserId).toBe(w.users.agencyAdminA1.id);
    const inbox = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, w.accounts.own.id), gte(notifications.createdAt, since)));
    expect(inbox.map((n) => n.text)).toEqual([expect.stringContaining('Phone (Chrome)')]);
    expect(inbox[0]!.textEs).toContain('Su programa quitó el teléfono');
  });

  it('answer 404 for a PAN outside their scope, and 403 to a recipient on the staff paths', async () => {
    const b1 = await newRecipient(t, w, 'b1');
    const panId = await generateFor(t, w.tokens.programAdminAB, w.programs.programB.id, b1.uuid);
    const a2 = await newRecipient(t, w, 'a2');
    const a2Pan = await generateFor(t, w.tokens.programAdminA, w.programs.programA.id, a2.uuid);
    const [device] = await db().insert(cardDevices).values({ panId, publicKey: p256Key(), name: 'Phone' }).returning();
    expect(
      (await t.injectAs(w.tokens.programAdminA, { method: 'GET', url: `/account-api/pans/${panId}/devices` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs(w.tokens.agencyUserA1, { method: 'GET', url: `/account-api/pans/${a2Pan}/devices` }))
        .statusCode,
    ).toBe(404);
    const removal = await t.injectAs(w.tokens.programAdminA, {
      method: 'DELETE',
      url: `/account-api/pans/${panId}/devices/${device!.uuid}`,
    });
    expect(removal.statusCode).toBe(404);
    expect((await devicesOf(panId))[0]!.revokedAt).toBeNull();
    expect(
      (await t.injectAs(w.tokens.programAdminAB, { method: 'GET', url: `/account-api/pans/${panId}/devices` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.injectAs(w.tokens.recipientUser, { method: 'GET', url: `/account-api/pans/${panId}/devices` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('a card reported lost or stolen, or statused by staff', () => {
  it("revokes the card's phones with the report, by the reporter", async () => {
    const panId = await ownCard();
    await register(w.tokens.recipientUser, panId);
    await register(w.tokens.recipientUser, panId);
    const report = await t.injectAs(w.tokens.recipientUser, {
      method: 'PATCH',
      url: `/account-api/pans/currentuser/${panId}`,
      payload: { action: 'lost' },
    });
    expect(report.statusCode, report.body).toBe(200);
    const rows = await devicesOf(panId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.revokedAt?.toISOString()).toBe(t.clock.now().toISOString());
      expect(row.revokedBy).toBe(w.users.recipientUser.id);
    }
    const listed = await t.injectAs(w.tokens.recipientUser, { method: 'GET', url: ownPath(panId) });
    expect(listed.json()).toEqual([]);
  });

  it("revokes the card's phones when staff status it Stolen", async () => {
    const panId = await ownCard();
    await register(w.tokens.recipientUser, panId);
    const statused = await t.injectAs(w.tokens.agencyUserA1, {
      method: 'PATCH',
      url: `/benefit-api/pans/${panId}`,
      payload: { panStatusId: 2 },
    });
    expect(statused.statusCode, statused.body).toBe(200);
    const [row] = await devicesOf(panId);
    expect(row!.revokedAt).not.toBeNull();
    expect(row!.revokedBy).toBe(w.users.agencyUserA1.id);
  });
});
