import { and, eq, gt, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOCK_THRESHOLD } from '@ebt/core/constants';
import { ROLE } from '@ebt/core/enums';
import { ROLE_MESSAGES } from '@ebt/core/roles';
import { auditLog, outbox, rateLimits, users, userTokens } from '../../db/schema/index.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { makeUser } from '../../testing/factories.js';
import { answerFailureKey, codesSentKey } from '../recovery/index.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';

// POST /user-api/user/reset-otp/{uuid} and .../send (B§4 'Reset OTP Token', B§7, resolution 20; decision 0025).

const t = useTestApp();
const db = () => t.database.db;

async function makeWorld() {
  return buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' }, b1: { program: 'programB' } },
    users: {
      programAdminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
    },
  });
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const reset = (token: string, uuid: string, send = false) =>
  t.injectAs(token, { method: 'POST', url: `/user-api/user/reset-otp/${uuid}${send ? '/send' : ''}` });
const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } });
const liveCodes = (userId: number) =>
  db()
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, 'otp'),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, t.clock.now()),
      ),
    );

/** A user of agency a1 locked out of sign-in, with a live code and recovery counters. */
async function lockedOutUser() {
  const user = await makeUser(db(), { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
  for (let i = 0; i < LOGIN_LOCK_THRESHOLD; i++)
    expect((await signIn(user.username, 'Wrong#Pass1')).statusCode).toBe(401);
  expect((await signIn(user.username, user.password!)).statusCode).toBe(429);
  const now = t.clock.now();
  await db().update(users).set({ failedResets: 3 }).where(eq(users.id, user.id));
  await db()
    .insert(userTokens)
    .values({
      userId: user.id,
      purpose: 'otp',
      tokenHash: `hash-${user.id}`,
      context: 'password',
      expiresAt: new Date(now.getTime() + 600_000),
      createdAt: now,
    });
  await hitRateLimit(db(), answerFailureKey(user.id), 3_600_000, now);
  await hitRateLimit(db(), codesSentKey(user.id), 3_600_000, now);
  return user;
}

describe('POST /user-api/user/reset-otp/{uuid}', () => {
  it("clears the user's sign-in lock, failed counters, recovery counters and outstanding codes", async () => {
    const user = await lockedOutUser();
    expect(await liveCodes(user.id)).toHaveLength(1);
    const res = await reset(w.tokens.programAdminA, user.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ROLE_MESSAGES.OTP_TOKEN_RESET });

    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ failedLogins: 0, failedResets: 0, lockedUntil: null });
    expect(await liveCodes(user.id)).toHaveLength(0);
    const counters = await db().select().from(rateLimits);
    expect(counters.filter((r) => [answerFailureKey(user.id), codesSentKey(user.id)].includes(r.key))).toEqual([]);
    // The lock is gone: the right password signs in again.
    expect((await signIn(user.username, user.password!)).statusCode).toBe(200);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.uuid), eq(auditLog.action, 'reset-otp')));
    expect(audit).toMatchObject({ actorUserId: w.users.programAdminA.id, after: { failedLogins: 0, failedResets: 0 } });
    expect(JSON.stringify(audit)).not.toContain(`hash-${user.id}`);
  });

  it('the send variant does the same and tells the user through the outbox', async () => {
    const user = await lockedOutUser();
    const res = await reset(w.tokens.programAdminA, user.uuid, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP request sent.' });
    expect(await liveCodes(user.id)).toHaveLength(0);
    const mail = await db().select().from(outbox).where(eq(outbox.to, user.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your MarketLink verification codes were reset');
    expect(mail[0]).toMatchObject({ kind: 'verification-codes-reset' });
    expect(mail[0]!.html).toContain('<title>Your MarketLink verification codes were reset</title>');
  });

  it('tells a user who chose Spanish in Spanish', async () => {
    const user = await lockedOutUser();
    await db().update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, user.id));
    expect((await reset(w.tokens.programAdminA, user.uuid, true)).statusCode).toBe(200);
    const [mail] = await db().select().from(outbox).where(eq(outbox.to, user.email));
    expect(mail!.subject).toBe('Se restablecieron sus códigos de verificación de MarketLink');
    expect(mail!.body).toContain('Pida un código nuevo la próxima vez que inicie sesión');
    expect(mail!.html).toContain('<html lang="es">');
  });

  it('answers 403 without OTP_RESET and 404 outside the caller scope, changing nothing', async () => {
    const user = await lockedOutUser();
    // Agency admins do not hold OTP_RESET by default (decision 0003).
    expect((await reset(w.tokens.agencyAdminA1, user.uuid)).statusCode).toBe(403);
    expect((await reset(w.tokens.agencyAdminA1, user.uuid, true)).statusCode).toBe(403);
    expect((await reset(w.tokens.programAdminB, user.uuid)).statusCode).toBe(404);
    expect((await reset(w.tokens.programAdminB, user.uuid, true)).statusCode).toBe(404);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.failedResets).toBe(3);
    expect(row!.lockedUntil).not.toBeNull();
    expect(await liveCodes(user.id)).toHaveLength(1);
    expect(await db().select().from(outbox).where(eq(outbox.to, user.email))).toHaveLength(0);
    expect((await reset(w.tokens.programAdminA, 'not-a-uuid')).statusCode).toBe(400);
  });
});
