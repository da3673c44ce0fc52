import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { merchantUsers } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeMerchant } from '../../testing/merchants.js';
import { makeFarmer } from '../../testing/farmer.js';
import { buildWorld, type World } from '../../testing/world.js';

const t = useTestApp();
let w: World<'p' | 'q', 'a', 'admin' | 'agencyUser' | 'recipient'>;

beforeAll(async () => {
  w = await buildWorld(t, {
    programs: { p: {}, q: {} },
    agencies: { a: { program: 'p' } },
    users: {
      admin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p'] },
      agencyUser: { roleId: ROLE.AGENCY_USER, agencies: ['a'] },
      recipient: { roleId: ROLE.RECIPIENT },
    },
  });
});

const list = (token: string, merchantUuid: string) =>
  t.injectAs(token, { method: 'GET', url: `/merchant-api/merchant/${merchantUuid}/users` });

describe('GET /merchant-api/merchant/{id}/users', () => {
  it('lists the people active first, with the count of their other merchants and never their names', async () => {
    const db = t.database.db;
    const merchant = await makeMerchant(db, { programs: [w.programs.p] });
    const elsewhere = await makeMerchant(db, { programs: [w.programs.q], name: 'Hidden Orchard' });
    const gone = await makeFarmer(db, [merchant], { mobile: '8605550111' });
    await db
      .update(merchantUsers)
      .set({ revokedAt: new Date(), revokedBy: w.users.admin.id })
      .where(eq(merchantUsers.userId, gone.id));
    const both = await makeFarmer(db, [merchant, elsewhere], { statusId: USER_STATUS.PENDING, password: null });
    const res = await list(w.tokens.admin, merchant.uuid);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ totalCount: 2, countCapped: false });
    expect(answer.data.map((p: { userUuid: string }) => p.userUuid)).toEqual([both.uuid, gone.uuid]);
    expect(answer.data[0]).toMatchObject({
      username: both.username,
      firstname: both.firstName,
      lastname: both.lastName,
      email: both.email,
      userStatusId: USER_STATUS.PENDING,
      revokedAt: null,
      revokedBy: null,
      otherMerchantCount: 1,
    });
    expect(answer.data[1]).toMatchObject({
      mobile: '8605550111',
      revokedBy: w.users.admin.username,
      otherMerchantCount: 0,
    });
    expect(answer.data[1].revokedAt).toEqual(expect.any(String));
    expect(res.body).not.toContain('Hidden Orchard');
  });

  it('answers an empty list for a merchant nobody sells for, to an agency user of its program', async () => {
    const merchant = await makeMerchant(t.database.db, { programs: [w.programs.p] });
    const res = await list(w.tokens.agencyUser, merchant.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], totalCount: 0, countCapped: false });
  });

  it('answers 404 for a merchant outside the caller’s programs, and 403 to a recipient', async () => {
    const merchant = await makeMerchant(t.database.db, { programs: [w.programs.q] });
    const res = await list(w.tokens.admin, merchant.uuid);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    expect((await list(w.tokens.recipient, merchant.uuid)).statusCode).toBe(403);
    expect(
      (await t.injectAs(null, { method: 'GET', url: `/merchant-api/merchant/${merchant.uuid}/users` })).statusCode,
    ).toBe(401);
  });
});
