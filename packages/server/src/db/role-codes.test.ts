import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVILEGE, PRIVILEGE_LIST } from '@ebt/core/privileges';
import type { Database } from './client.js';
import { rolePrivileges, roles } from './schema/index.js';
import { createTestDatabase } from '../testing/database.js';

// roles.privilege_codes follows role_privileges through the trigger of migration 0033 (decision 0084); the caller of
// every request reads it. schema.test.ts covers inserts, deletes and renamed codes; this file, writers at once.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const idOf = (code: string) => PRIVILEGE_LIST.find((p) => p.code === code)!.privilegeId;

describe('roles.privilege_codes', () => {
  // Two grants of one role written by two transactions at once: the second recomputation waits for the first's
  // advisory lock, then reads the grants afresh and sees the first's. Both codes arrive.
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')('keeps both of two grants written at once', async () => {
    const { db } = database;
    const [role] = await db.insert(roles).values({ id: 91, descr: 'Concurrent role' }).returning();
    const [a, b] = [idOf(PRIVILEGE.BULK_PAN_GEN), idOf(PRIVILEGE.OTP_RESET)];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let granted!: () => void;
    const firstGranted = new Promise<void>((resolve) => (granted = resolve));
    const first = db.transaction(async (tx) => {
      await tx.insert(rolePrivileges).values({ roleId: role!.id, privilegeId: a });
      granted();
      await released;
    });
    await firstGranted;
    const second = db.transaction(async (tx) => {
      await tx.insert(rolePrivileges).values({ roleId: role!.id, privilegeId: b });
    });
    // Let the second reach the lock and wait on it before the first commits.
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([first, second]);
    const [row] = await db.select({ codes: roles.privilegeCodes }).from(roles).where(eq(roles.id, role!.id));
    expect(row!.codes).toBe([PRIVILEGE.BULK_PAN_GEN, PRIVILEGE.OTP_RESET].sort().join(','));
    await db
      .delete(rolePrivileges)
      .where(and(eq(rolePrivileges.roleId, role!.id), inArray(rolePrivileges.privilegeId, [a, b])));
    await db.delete(roles).where(eq(roles.id, role!.id));
  });
});
