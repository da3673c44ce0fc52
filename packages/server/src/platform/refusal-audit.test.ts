import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { auditLog } from '../db/schema/index.js';
import { useTestApp } from '../testing/app.js';
import { makeUser } from '../testing/factories.js';
import { ACCESS_DENIED_ACTION } from './refusal-audit.js';

const t = useTestApp();

const refusals = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, ACCESS_DENIED_ACTION));

describe('refusal audit', () => {
  it('records a 403 with the caller, the method and the route pattern, never the path values or query', async () => {
    const recipient = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
    const token = await t.signIn(recipient.username);
    const accountUuid = randomUUID();
    const res = await t.injectAs(token, {
      method: 'GET',
      url: `/account-api/account/${accountUuid}?email=someone%40example.com`,
      remoteAddress: '10.5.6.7',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.PRIVILEGE_ERROR);

    // The row is written after the answer is sent: wait for it rather than slow the refusal down.
    const rows = await vi.waitFor(async () => {
      const found = await refusals();
      expect(found).toHaveLength(1);
      return found;
    });
    expect(rows[0]).toMatchObject({
      actorUserId: recipient.id,
      entity: 'route',
      entityId: 'GET /account-api/account/:accountUuid',
      after: { method: 'GET', route: '/account-api/account/:accountUuid' },
      ip: '10.5.6.7',
    });
    expect(JSON.stringify(rows[0])).not.toContain(accountUuid);
    expect(JSON.stringify(rows[0])).not.toContain('example.com');
  });

  it('writes nothing for answers other than 403', async () => {
    const admin = await makeUser(t.database.db, { roleId: ROLE.PLATFORM_ADMIN });
    const token = await t.signIn(admin.username);
    const before = (await refusals()).length;
    expect((await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/user-api/user/current' })).statusCode).toBe(401);
    // Give a stray write the time the first test needed, then check none came.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await refusals()).toHaveLength(before);
  });
});
