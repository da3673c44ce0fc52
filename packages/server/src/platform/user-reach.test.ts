import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { auditLog, outbox, users, type UserRow } from '../db/schema/index.js';
import { useTestApp } from '../testing/app.js';
import { makeRecipient, makeUser } from '../testing/factories.js';
import { makeFarmer } from '../testing/farmer.js';
import { makeMerchant } from '../testing/merchants.js';
import { buildWorld } from '../testing/world.js';
import { validUserForm } from '../testing/users.js';
import { OUT_OF_REACH_ACTION } from './refusal-audit.js';

// The reach walk (docs/security.md "Access control"): every route that changes a user or a recipient's login declares
// `config.changesUser`, and each is called here by a caller who sees the target only in part (one program or agency
// inside the caller's scope, one outside). Each must answer the 404 of a user outside the scope, change nothing (the
// user's row, its sessions, the outbox) and leave an audit row of the refusal. A route that changes a user without the
// declaration fails the guard below, so a new one cannot stay out of the walk.

const t = useTestApp();

/** Changing routes under the user paths that are not a change to another user, each with the reason. */
const NOT_ANOTHER_USER: Record<string, string> = {
  'POST /user-api/user': 'makes a new user (the places given are checked against the caller)',
  'PUT /user-api/user/currentuser': "the caller's own profile",
  'PUT /user-api/user/password': "the caller's own password",
  'PUT /user-api/user/current/security-answers': "the caller's own answer",
  'PUT /user-api/user/current/language': "the caller's own language",
  'POST /user-api/activate-user': 'public: the activation link proves the mailbox',
  'POST /user-api/forgot-password/:username': 'public: recovery of the caller themself',
  'POST /user-api/user/forgot-username/:email': 'public: recovery of the caller themself',
  'POST /user-api/reset-pass/:hash': 'public: the reset link proves the mailbox',
  'POST /user-api/confirm-email/:hash': 'public: the confirmation link proves the new mailbox',
  // A link between the user and one of the caller's own places changes what the caller's place holds, not the
  // user's identity, credentials or status; the user's places elsewhere stay as they are (decision 0096).
  'POST /account-api/agency/:agencyUuid/user/:userUuid': "a link to the caller's own agency",
  'DELETE /account-api/agency/:agencyUuid/user/:userUuid': "a link to the caller's own agency",
  'PATCH /account-api/agency/:agencyUuid/user/:userUuid': "a move between the caller's own agencies",
  'POST /admin-api/programs/:programUuid/users': "a program admin link to the caller's own program",
  'DELETE /admin-api/programs/:programUuid/users': "a program admin link to the caller's own program",
  // A farmer user's link to a merchant in the caller's scope is the same kind of link (decision 0109); an invitation
  // of an e-mail nobody has makes a new user, and one of an existing farmer user changes none of their fields.
  'POST /merchant-api/merchant/:id/users': "a new farmer user, or a link to the caller's own merchant",
  'DELETE /merchant-api/merchant/:id/users/:userUuid': "a link to the caller's own merchant",
};

/** Routes declared as user changes that only platform administrators reach: they hold every user wholly. */
const PLATFORM_ADMIN_ONLY = new Set(['PUT /user-api/user/:id/roles']);

type Target = UserRow;
type Call = (target: Target) => { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };

/** A valid request of each declared route for a target: valid, so only the reach rule can refuse it. */
const CALLS: Record<string, Call> = {
  'PUT /user-api/user/:id': (u) => ({
    method: 'PUT',
    url: `/user-api/user/${u.uuid}`,
    payload: validUserForm({
      username: u.username,
      email: 'taken-over@example.net',
      roleId: u.roleId,
      userStatusId: u.statusId,
    }),
  }),
  'PATCH /user-api/recipient-users/:id': (u) => ({
    method: 'PATCH',
    url: `/user-api/recipient-users/${u.uuid}`,
    payload: {
      username: u.username,
      email: 'taken-over@example.net',
      firstname: u.firstName,
      middlename: 'R',
      lastname: u.lastName,
      mobile: '860-555-0142',
    },
  }),
  'PUT /user-api/user/:id/status': (u) => ({
    method: 'PUT',
    url: `/user-api/user/${u.uuid}/status`,
    payload: { userStatusId: USER_STATUS.DISABLED },
  }),
  'DELETE /user-api/user/:id': (u) => ({ method: 'DELETE', url: `/user-api/user/${u.uuid}` }),
  'POST /user-api/user/reset-otp/:uuid': (u) => ({ method: 'POST', url: `/user-api/user/reset-otp/${u.uuid}` }),
  'POST /user-api/user/reset-otp/:uuid/send': (u) => ({
    method: 'POST',
    url: `/user-api/user/reset-otp/${u.uuid}/send`,
  }),
  'POST /user-api/user/send-activation': (u) => ({
    method: 'POST',
    url: '/user-api/user/send-activation',
    payload: { uuid: u.uuid, resetHash: true, resetEmailVerified: true },
  }),
  'POST /merchant-api/merchant/:id/users/:userUuid/activation': (u) => ({
    method: 'POST',
    url: `/merchant-api/merchant/${farmerMerchantB}/users/${u.uuid}/activation`,
  }),
  'POST /user-api/recipient-users/send-activation': (u) => ({
    method: 'POST',
    url: '/user-api/recipient-users/send-activation',
    payload: { uuid: u.uuid, resetHash: true },
  }),
};

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function declaredRoutes() {
  return t.app.registeredRoutes
    .filter((r) => r.changesUser)
    .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`));
}

let w: Awaited<ReturnType<typeof makeReachWorld>>;
/** The merchant of program B that the world's farmer sells for (with one of program A): the farmer routes' path. */
let farmerMerchantB = '';

async function makeReachWorld() {
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' }, a2: { program: 'programA' }, b1: { program: 'programB' } },
    users: {
      programAdminB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programB'] },
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      // The demo's progadmin01: program admin of both programs.
      programAdminAB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA', 'programB'] },
      // Agency staff of a1 and a2.
      agencyUserA1A2: { roleId: ROLE.AGENCY_USER, agencies: ['a1', 'a2'] },
    },
  });
  const db = t.database.db;
  // Recipients with accounts in two places: a1 and a2 of program A, and a1 and program B.
  const recipientA1A2 = await makeUser(db, { roleId: ROLE.RECIPIENT });
  await makeRecipient(db, { program: world.programs.programA, agency: world.agencies.a1, user: recipientA1A2 });
  await makeRecipient(db, { program: world.programs.programA, agency: world.agencies.a2, user: recipientA1A2 });
  const recipientA1B = await makeUser(db, { roleId: ROLE.RECIPIENT });
  await makeRecipient(db, { program: world.programs.programA, agency: world.agencies.a1, user: recipientA1B });
  await makeRecipient(db, { program: world.programs.programB, agency: world.agencies.b1, user: recipientA1B });
  // A recipient of a1 who also has an account at program level (no agency) in program A.
  const recipientA1ProgramA = await makeUser(db, { roleId: ROLE.RECIPIENT });
  await makeRecipient(db, { program: world.programs.programA, agency: world.agencies.a1, user: recipientA1ProgramA });
  await makeRecipient(db, { program: world.programs.programA, agency: null, user: recipientA1ProgramA });
  // A farmer user, not yet activated, selling for a merchant of program A and one of program B (decision 0109).
  const merchantA = await makeMerchant(db, { programs: [world.programs.programA] });
  const merchantB = await makeMerchant(db, { programs: [world.programs.programB] });
  const farmerAB = await makeFarmer(db, [merchantA, merchantB], {
    password: null,
    statusId: USER_STATUS.PENDING,
    emailVerified: false,
  });
  farmerMerchantB = merchantB.uuid;
  return { ...world, recipientA1A2, recipientA1B, recipientA1ProgramA, farmerAB };
}

beforeAll(async () => {
  w = await makeReachWorld();
});

/** The caller and the targets each sees in part. */
function pairs() {
  return [
    {
      caller: 'programAdminB',
      token: w.tokens.programAdminB,
      targets: [w.users.programAdminAB, w.recipientA1B, w.farmerAB],
    },
    {
      caller: 'agencyAdminA1',
      token: w.tokens.agencyAdminA1,
      targets: [w.users.agencyUserA1A2, w.recipientA1A2, w.recipientA1B, w.recipientA1ProgramA],
    },
  ] as const;
}

async function snapshot(userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  const [mail] = await t.database.db.select({ n: count() }).from(outbox);
  return { row, mail: mail!.n };
}

describe('the reach walk: no change to a user the caller holds only in part', () => {
  it('every changing route under the user paths declares changesUser or says why it is not a change to a user', () => {
    const declared = new Set(declaredRoutes());
    const userRoutes = t.app.registeredRoutes
      .filter((r) => /\/user-api\/|\/user\/|\/users\b/.test(r.url))
      .flatMap((r) => [r.method].flat().map((m) => ({ method: String(m), key: `${m} ${r.url}` })))
      .filter((r) => CHANGING.has(r.method));
    const unexplained = userRoutes.map((r) => r.key).filter((key) => !declared.has(key) && !(key in NOT_ANOTHER_USER));
    expect(unexplained).toEqual([]);
    // Every declared route has a call here, or only platform administrators reach it.
    const uncalled = [...declared].filter((key) => !(key in CALLS) && !PLATFORM_ADMIN_ONLY.has(key));
    expect(uncalled).toEqual([]);
    expect(declared.size).toBeGreaterThanOrEqual(8);
  });

  it('answers 404 to every declared route on every partly-held target, changes nothing and audits the refusal', async () => {
    const routes = declaredRoutes().filter((key) => !PLATFORM_ADMIN_ONLY.has(key));
    let calls = 0;
    const walked = new Set<string>();
    for (const { caller, token, targets } of pairs()) {
      for (const target of targets) {
        for (const key of routes) {
          // The recipient-user routes reach recipients' users only: a staff user is not theirs to find at all.
          if (key.includes('recipient-users') && target.roleId !== ROLE.RECIPIENT) continue;
          // A farmer user is reached through a merchant's people, and only there: the user routes never find them.
          if (key.includes('/merchant-api/') !== (target.roleId === ROLE.FARMER)) continue;
          const before = await snapshot(target.id);
          const request = CALLS[key]!(target);
          const res: LightMyRequestResponse = await t.injectAs(token, request);
          const label = `${caller} → ${target.username}: ${key}`;
          // A route the caller's role may not call at all is refused by its privilege first (access.test.ts).
          if (res.statusCode === 403 && res.json().message === MESSAGES.PRIVILEGE_ERROR) continue;
          expect({ label, status: res.statusCode }).toEqual({ label, status: 404 });
          expect(res.json().message, label).toMatch(/not found/i);
          expect(await snapshot(target.id), label).toEqual(before);
          await vi.waitFor(async () => {
            const [row] = await t.database.db
              .select({ n: count() })
              .from(auditLog)
              .where(
                and(
                  eq(auditLog.action, OUT_OF_REACH_ACTION),
                  eq(auditLog.entityId, target.uuid),
                  eq(auditLog.actorUserId, w.users[caller].id),
                  sql`${auditLog.after}->>'route' = ${key.slice(key.indexOf(' ') + 1)}`,
                  sql`${auditLog.after}->>'method' = ${request.method}`,
                ),
              );
            expect(row!.n, label).toBe(1);
          });
          calls++;
          walked.add(key);
        }
      }
    }
    // Every declared route was refused on a partly-held target at least once.
    expect([...walked].sort()).toEqual([...routes].sort());
    expect(calls).toBeGreaterThanOrEqual(30);
  });

  it('refuses the takeover chain at its first step: edit, resend activation with resetEmailVerified, reset OTP', async () => {
    const target = w.users.programAdminAB;
    const edit = await t.injectAs(w.tokens.programAdminB, CALLS['PUT /user-api/user/:id']!(target));
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ status: 404, message: MESSAGES.USER_NOT_FOUND });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.email).toBe(target.email);
    const resend = await t.injectAs(w.tokens.programAdminB, CALLS['POST /user-api/user/send-activation']!(target));
    expect(resend.statusCode).toBe(404);
    const otp = await t.injectAs(w.tokens.programAdminB, CALLS['POST /user-api/user/reset-otp/:uuid']!(target));
    expect(otp.statusCode).toBe(404);
    // The audit row names who tried, on whom and which route, never the body.
    const refusals = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, OUT_OF_REACH_ACTION), eq(auditLog.entityId, target.uuid)));
    expect(refusals.map((r) => (r.after as { route: string }).route)).toEqual(
      expect.arrayContaining([
        '/user-api/user/:id',
        '/user-api/user/send-activation',
        '/user-api/user/reset-otp/:uuid',
      ]),
    );
    expect(JSON.stringify(refusals)).not.toContain('taken-over@example.net');
    // The detail still shows the user to the caller, and says they may not change them.
    const detail = await t.injectAs(w.tokens.programAdminB, { method: 'GET', url: `/user-api/user/${target.uuid}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().changeable).toBe(false);
  });

  it('still lets a caller who holds every place of the user change them', async () => {
    const db = t.database.db;
    // programAdminB holds a user whose only program is B; an agency admin of a1 a recipient only of a1.
    const staffB = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.programs.programB] });
    const res = await t.injectAs(w.tokens.programAdminB, {
      method: 'PUT',
      url: `/user-api/user/${staffB.uuid}/status`,
      payload: { userStatusId: USER_STATUS.DISABLED },
    });
    expect(res.statusCode).toBe(200);
    const recipientA1 = await makeUser(db, { roleId: ROLE.RECIPIENT });
    await makeRecipient(db, { program: w.programs.programA, agency: w.agencies.a1, user: recipientA1 });
    const patch = await t.injectAs(
      w.tokens.agencyAdminA1,
      CALLS['PATCH /user-api/recipient-users/:id']!({ ...recipientA1 }),
    );
    expect(patch.statusCode).toBe(200);
    // And the program admin of both programs holds the recipient of a1 and b1.
    const both = await t.injectAs(
      w.tokens.programAdminAB,
      CALLS['POST /user-api/user/reset-otp/:uuid']!(w.recipientA1B),
    );
    expect(both.statusCode).toBe(200);
    // And the farmer of merchants in programs A and B: the program admin of both sends their activation.
    const farmer = await t.injectAs(
      w.tokens.programAdminAB,
      CALLS['POST /merchant-api/merchant/:id/users/:userUuid/activation']!(w.farmerAB),
    );
    expect(farmer.statusCode).toBe(200);
  });
});
