import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { MERCHANT_USER_MESSAGES } from '@ebt/core/merchant-users';
import { MESSAGES } from '@ebt/core/messages';
import { auditLog, merchantUsers, outbox, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeUser } from '../../testing/factories.js';
import { makeMerchant } from '../../testing/merchants.js';
import { makeFarmer } from '../../testing/farmer.js';
import { validInvite } from '../../testing/merchant-users.js';
import { buildWorld, type World } from '../../testing/world.js';

const t = useTestApp();
type W = World<'p' | 'q', 'a', 'admin' | 'adminQ' | 'agencyUser' | 'platformAdmin'>;
let w: W;

beforeAll(async () => {
  w = await buildWorld(t, {
    programs: { p: {}, q: {} },
    agencies: { a: { program: 'p' } },
    users: {
      admin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p'] },
      adminQ: { roleId: ROLE.PROGRAM_ADMIN, programs: ['q'] },
      agencyUser: { roleId: ROLE.AGENCY_USER, agencies: ['a'] },
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
    },
  });
});

const merchantOf = (program: 'p' | 'q') => makeMerchant(t.database.db, { programs: [w.programs[program]] });
const invite = (token: string, merchantUuid: string, payload: object) =>
  t.injectAs(token, { method: 'POST', url: `/merchant-api/merchant/${merchantUuid}/users`, payload });

async function userByEmail(email: string) {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}
async function linksOf(userId: number) {
  return t.database.db.select().from(merchantUsers).where(eq(merchantUsers.userId, userId));
}
async function mailTo(to: string) {
  return t.database.db.select().from(outbox).where(eq(outbox.to, to));
}

describe('POST /merchant-api/merchant/{id}/users', () => {
  it('makes a Pending farmer user with a username from the e-mail, links them and queues the activation e-mail', async () => {
    const merchant = await merchantOf('p');
    const body = validInvite({ email: 'Maria.Lopez+stall@Example.com', mobile: '(860) 555-0177' });
    const res = await invite(w.tokens.admin, merchant.uuid, body);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ message: MERCHANT_USER_MESSAGES.PERSON_INVITED, outcome: 'invited' });
    expect(answer.username).toBe('marialopezstall');
    const user = (await userByEmail(body.email))!;
    expect(user).toMatchObject({
      uuid: answer.userUuid,
      username: 'marialopezstall',
      roleId: ROLE.FARMER,
      statusId: USER_STATUS.PENDING,
      firstName: body.firstname,
      lastName: body.lastname,
      mobile: '8605550177',
      passwordHash: null,
      emailVerified: false,
    });
    expect(await linksOf(user.id)).toEqual([
      expect.objectContaining({ merchantId: merchant.id, createdBy: w.users.admin.id, revokedAt: null }),
    ]);
    const [mail] = await mailTo(body.email);
    expect(mail!.subject).toBe('Activate your MarketLink account');
    expect(mail!.body).toMatch(/\/validate\?hash=[A-Za-z0-9_-]+/);
    // The user's rows name the user; the link's, the merchant and the user (its key).
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [user.uuid, `${merchant.uuid}:${user.uuid}`]));
    expect(audit.map((a) => `${a.entity}:${a.action}`).sort()).toEqual([
      'merchant_user:invite',
      'user:create',
      'user:send-activation',
    ]);
    expect(audit.every((a) => a.actorUserId === w.users.admin.id)).toBe(true);
  });

  it('draws the next free username when the e-mail name is taken', async () => {
    const merchant = await merchantOf('p');
    await makeUser(t.database.db, { username: 'takenname' });
    const res = await invite(w.tokens.admin, merchant.uuid, validInvite({ email: 'taken.name@example.org' }));
    expect(res.json().username).toBe('takenname1');
    const short = await invite(w.tokens.admin, merchant.uuid, validInvite({ email: 'jo@example.org' }));
    expect(short.json().username).toBe('jo000000');
  });

  it('links an existing farmer user to a second merchant and tells them, with no new account', async () => {
    const first = await merchantOf('q');
    const second = await merchantOf('p');
    const farmer = await makeFarmer(t.database.db, [first]);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await invite(w.tokens.admin, second.uuid, validInvite({ email: farmer.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: MERCHANT_USER_MESSAGES.PERSON_LINKED,
      outcome: 'linked',
      userUuid: farmer.uuid,
      username: farmer.username,
    });
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
    const links = await linksOf(farmer.id);
    expect(links.map((l) => l.merchantId).sort()).toEqual([first.id, second.id].sort());
    // Their names stay theirs: the invitation's are not written over them.
    expect((await userByEmail(farmer.email))!.lastName).toBe(farmer.lastName);
    const [mail] = await mailTo(farmer.email);
    expect(mail!.subject).toBe(`You can now sell for ${second.name} on MarketLink`);
    expect(mail!.body).toContain(`Sign in as ${farmer.username}`);
    expect(mail).toMatchObject({ kind: 'farmer-invite' });
    expect(mail!.html).toContain('<html lang="en">');
    // Inviting them again to the same merchant is refused.
    const again = await invite(w.tokens.admin, second.uuid, validInvite({ email: farmer.email }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MERCHANT_USER_MESSAGES.ALREADY_LINKED);
  });

  it('renews a revoked link when the person is invited again', async () => {
    const merchant = await merchantOf('p');
    const farmer = await makeFarmer(t.database.db, [merchant]);
    const revoke = await t.injectAs(w.tokens.admin, {
      method: 'DELETE',
      url: `/merchant-api/merchant/${merchant.uuid}/users/${farmer.uuid}`,
    });
    expect(revoke.statusCode).toBe(200);
    const res = await invite(w.tokens.admin, merchant.uuid, validInvite({ email: farmer.email }));
    expect(res.json()).toMatchObject({ outcome: 'relinked', message: MERCHANT_USER_MESSAGES.PERSON_RELINKED });
    expect(await linksOf(farmer.id)).toEqual([
      expect.objectContaining({ merchantId: merchant.id, revokedAt: null, revokedBy: null }),
    ]);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, `${merchant.uuid}:${farmer.uuid}`), eq(auditLog.action, 'invite')));
    expect(row).toMatchObject({ entity: 'merchant_user', before: { linked: false }, after: { linked: true } });
  });

  it('refuses an e-mail of a staff user with 409 and leaves nothing behind', async () => {
    const merchant = await merchantOf('p');
    const res = await invite(w.tokens.admin, merchant.uuid, validInvite({ email: w.users.agencyUser.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: MERCHANT_USER_MESSAGES.EMAIL_NOT_FARMER,
      errorMessages: [expect.objectContaining({ field: 'email' })],
    });
    const links = await t.database.db.select().from(merchantUsers).where(eq(merchantUsers.merchantId, merchant.id));
    expect(links).toEqual([]);
    expect(await mailTo(w.users.agencyUser.email)).toEqual([]);
  });

  it('refuses an e-mail of a disabled farmer user', async () => {
    const merchant = await merchantOf('p');
    const farmer = await makeFarmer(t.database.db, [], { statusId: USER_STATUS.DISABLED });
    const res = await invite(w.tokens.admin, merchant.uuid, validInvite({ email: farmer.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MERCHANT_USER_MESSAGES.EMAIL_NOT_USABLE);
  });

  it('answers 404 for a merchant outside the caller’s programs', async () => {
    const merchant = await merchantOf('q');
    const body = validInvite();
    const res = await invite(w.tokens.admin, merchant.uuid, body);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    expect(await userByEmail(body.email)).toBeUndefined();
  });

  it('refuses an agency user (MERCHANT_VIEW only) with 403', async () => {
    const merchant = await merchantOf('p');
    const res = await invite(w.tokens.agencyUser, merchant.uuid, validInvite());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.PRIVILEGE_ERROR);
  });

  it('answers 400 with the field groups’ messages for a bad form', async () => {
    const merchant = await merchantOf('p');
    const res = await invite(w.tokens.admin, merchant.uuid, { firstname: '', lastname: 'X', email: 'no', mobile: '1' });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errorMessages as { field?: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['email', 'firstname', 'mobile']);
  });

  it('lets a platform admin invite to any merchant', async () => {
    const merchant = await merchantOf('q');
    const res = await invite(w.tokens.platformAdmin, merchant.uuid, validInvite());
    expect(res.statusCode).toBe(200);
  });
});
