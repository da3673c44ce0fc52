import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { USER_MESSAGES } from '@ebt/core/users';
import { outbox } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import {
  lastAudit,
  makeUsersWorld,
  placesOf,
  userByUsername,
  userCount,
  type UsersWorld,
  validUserForm,
} from '../../testing/users.js';

// POST /user-api/user (B§5 "Add user", "User form", B§6 creator rules; docs/decisions/0024-users.md).

const t = useTestApp();
let w: UsersWorld;
beforeAll(async () => {
  w = await makeUsersWorld(t);
});
const db = () => t.database.db;
const add = (token: string, payload: object) => t.injectAs(token, { method: 'POST', url: '/user-api/user', payload });

/** The form of `roleId` with the place that role takes, in the creator's scope. */
function formFor(roleId: number) {
  const places =
    roleId === ROLE.PROGRAM_ADMIN || roleId === ROLE.PROGRAM_USER
      ? { programUuid: w.programs.programA.uuid }
      : roleId === ROLE.AGENCY_ADMIN || roleId === ROLE.AGENCY_USER
        ? { agencyUuid: w.agencies.a1.uuid }
        : {};
  return validUserForm({ roleId, ...places });
}

describe('the creator matrix (B§6): each creator role × each target role', () => {
  const CREATORS = {
    platformAdmin: [1, 2, 4, 5, 6],
    programAdminA: [1, 5, 6],
    agencyAdminA1: [5, 6],
    agencyUserA1: [6],
    programUserA: [],
  } as const;
  for (const [creator, allowed] of Object.entries(CREATORS))
    for (const target of [1, 2, 4, 5, 6]) {
      const may = (allowed as readonly number[]).includes(target);
      it(`${creator} ${may ? 'adds' : 'is refused (403)'} role ${target}`, async () => {
        const form = formFor(target);
        const res = await add(w.tokens[creator as keyof typeof CREATORS], form);
        const row = await userByUsername(db(), form.username);
        if (may) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toEqual({ message: 'User added.', userUuid: row!.uuid });
          expect(row).toMatchObject({ roleId: target, statusId: 0, passwordHash: null, mobile: '8605550199' });
        } else {
          expect(res.statusCode).toBe(403);
          expect(row).toBeUndefined();
        }
      });
    }

  it('refuses role 3 for everyone with the Recipient Add notice, adding nothing', async () => {
    const before = await userCount(db());
    for (const token of [w.tokens.platformAdmin, w.tokens.programAdminA, w.tokens.agencyUserA1]) {
      const res = await add(token, formFor(ROLE.RECIPIENT));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A recipient must be added on the Recipient Add screen.');
    }
    expect(await userCount(db())).toBe(before);
  });
});

describe('places by role (B§5 Add user)', () => {
  it('links a program admin to its program and clears an agency sent with it', async () => {
    const form = validUserForm({
      roleId: ROLE.PROGRAM_ADMIN,
      programUuid: w.programs.programA.uuid,
      agencyUuid: w.agencies.a1.uuid,
    });
    expect((await add(w.tokens.programAdminA, form)).statusCode).toBe(200);
    const row = (await userByUsername(db(), form.username))!;
    expect(await placesOf(db(), row.id)).toEqual({ programIds: [w.programs.programA.id], agencyIds: [] });
  });

  it('links an agency user to its agency and clears a program sent with it', async () => {
    const form = validUserForm({ agencyUuid: w.agencies.a1.uuid, programUuid: w.programs.programA.uuid });
    expect((await add(w.tokens.agencyAdminA1, form)).statusCode).toBe(200);
    const row = (await userByUsername(db(), form.username))!;
    expect(await placesOf(db(), row.id)).toEqual({ programIds: [], agencyIds: [w.agencies.a1.id] });
  });

  it('takes a program for role 2 on the admin side', async () => {
    const form = formFor(ROLE.PROGRAM_USER);
    expect((await add(w.tokens.platformAdmin, form)).statusCode).toBe(200);
    const row = (await userByUsername(db(), form.username))!;
    expect((await placesOf(db(), row.id)).programIds).toEqual([w.programs.programA.id]);
  });

  it.each([
    [ROLE.PROGRAM_ADMIN, 'A program must be selected for this role.'],
    [ROLE.AGENCY_USER, 'An agency must be selected for this role.'],
  ])('role %i without its place answers 400 and adds nothing', async (roleId, message) => {
    const form = validUserForm({ roleId });
    const res = await add(w.tokens.programAdminA, form);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await userByUsername(db(), form.username)).toBeUndefined();
  });

  it('answers 404 for a program or agency outside the caller’s scope', async () => {
    const otherProgram = validUserForm({ roleId: ROLE.PROGRAM_ADMIN, programUuid: w.programs.programB.uuid });
    const res = await add(w.tokens.programAdminA, otherProgram);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(USER_MESSAGES.PROGRAM_NOT_FOUND);
    const otherAgency = validUserForm({ agencyUuid: w.agencies.a2.uuid });
    const res2 = await add(w.tokens.agencyAdminA1, otherAgency);
    expect(res2.statusCode).toBe(404);
    expect(res2.json().message).toBe(USER_MESSAGES.AGENCY_NOT_FOUND);
    expect(await userByUsername(db(), otherProgram.username)).toBeUndefined();
    expect(await userByUsername(db(), otherAgency.username)).toBeUndefined();
  });
});

describe('the User form rules (B§5): each refusal is a 400 and adds nothing', () => {
  it.each([
    ['a username starting with a digit', { username: '1staffer99' }],
    ['a 7-character username', { username: 'staff12' }],
    ['a 21-character username', { username: `s${'1'.repeat(20)}` }],
    ['a first name of 101 characters', { firstname: 'x'.repeat(101) }],
    ['a last name of 101 characters', { lastname: 'x'.repeat(101) }],
    ['a middle name of 2 characters', { middlename: 'QR' }],
    ['an e-mail of 256 characters', { email: `${'x'.repeat(244)}@example.org` }],
    ['a bad e-mail', { email: 'nobody' }],
    ['no mobile phone', { mobile: '' }],
    ['a bad other phone', { phone: '12' }],
    ['no status', { userStatusId: undefined }],
    ['status Deleted', { userStatusId: 4 }],
    ['no role', { roleId: undefined }],
  ])('%s', async (_name, patch) => {
    const before = await userCount(db());
    const res = await add(w.tokens.platformAdmin, { ...formFor(ROLE.AGENCY_USER), ...patch });
    expect(res.statusCode).toBe(400);
    expect(await userCount(db())).toBe(before);
  });

  it('stores phones as digits', async () => {
    const form = { ...formFor(ROLE.AGENCY_USER), phone: '860.555.0123' };
    expect((await add(w.tokens.agencyUserA1, form)).statusCode).toBe(200);
    expect(await userByUsername(db(), form.username)).toMatchObject({ mobile: '8605550199', phone: '8605550123' });
  });
});

describe('taken username or e-mail (409)', () => {
  it('refuses a username taken in another case, and a taken e-mail', async () => {
    const form = formFor(ROLE.AGENCY_USER);
    expect((await add(w.tokens.agencyAdminA1, form)).statusCode).toBe(200);
    const before = await userCount(db());
    const sameName = await add(w.tokens.agencyAdminA1, {
      ...formFor(ROLE.AGENCY_USER),
      username: form.username.toUpperCase(),
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('Username already exists.');
    const sameEmail = await add(w.tokens.agencyAdminA1, {
      ...formFor(ROLE.AGENCY_USER),
      email: form.email.toUpperCase(),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('Email already exists.');
    expect(await userCount(db())).toBe(before);
  });
});

describe('audit and activation', () => {
  it('audits the new user without any secret', async () => {
    const form = formFor(ROLE.AGENCY_USER);
    const res = await add(w.tokens.agencyAdminA1, form);
    const audit = await lastAudit(db(), res.json().userUuid, 'create');
    expect(audit?.actorUserId).toBe(w.users.agencyAdminA1.id);
    expect(audit?.after).toMatchObject({
      username: form.username,
      roleId: ROLE.AGENCY_USER,
      agencyId: w.agencies.a1.id,
    });
    expect(JSON.stringify(audit?.after)).not.toMatch(/password/i);
  });

  it("queues the activation e-mail when 'Send Activation Email' is ticked, and none otherwise", async () => {
    const ticked = formFor(ROLE.AGENCY_USER);
    expect((await add(w.tokens.agencyAdminA1, { ...ticked, sendActivation: true })).statusCode).toBe(200);
    expect(await db().select().from(outbox).where(eq(outbox.to, ticked.email))).toHaveLength(1);
    const unticked = formFor(ROLE.AGENCY_USER);
    expect((await add(w.tokens.agencyAdminA1, unticked)).statusCode).toBe(200);
    expect(await db().select().from(outbox).where(eq(outbox.to, unticked.email))).toHaveLength(0);
  });

  it('adds nothing when the activation cannot be sent (a Disabled user)', async () => {
    const form = { ...formFor(ROLE.AGENCY_USER), userStatusId: 3, sendActivation: true };
    const res = await add(w.tokens.agencyAdminA1, form);
    expect(res.statusCode).toBe(409);
    expect(await userByUsername(db(), form.username)).toBeUndefined();
  });
});
