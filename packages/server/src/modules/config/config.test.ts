import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_MESSAGES } from '@ebt/core/config';
import { ROLE } from '@ebt/core/enums';
import { auditLog, configEntries } from '../../db/schema/index.js';
import { configValueInForce } from '../../platform/config-values.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld } from '../../testing/world.js';

// Configuration keys with effective dates (B§2 "Admin configuration", B§4 "Configuration value", B§5, B§7, B§8;
// resolution 21; docs/decisions/0031). The test clock's today is 2026-11-23 (America/New_York).

const t = useTestApp();
const db = () => t.database.db;

async function makeWorld() {
  return buildWorld(t, {
    programs: { program: {} },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdmin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['program'] },
      agencyAdmin: { roleId: ROLE.AGENCY_ADMIN },
    },
  });
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
  await db()
    .insert(configEntries)
    .values([
      { configKey: 'demo.rate', configValue: '1', effectiveDate: '2025-01-01' },
      { configKey: 'demo.rate', configValue: '2', effectiveDate: '2026-11-23' },
      { configKey: 'demo.rate', configValue: '3', effectiveDate: '2027-01-01' },
      { configKey: 'demo.later', configValue: 'soon', effectiveDate: '2027-03-01' },
      { configKey: 'demo.later', configValue: 'sooner', effectiveDate: '2027-02-01' },
    ]);
});

const admin = () => w.tokens.platformAdmin;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin()) =>
  t.injectAs(token, { method, url, ...(payload ? { payload } : {}) });
const messageOf = (res: { json(): unknown }) => (res.json() as { message: string }).message;
const valuesOf = async (key: string) =>
  (await db().select().from(configEntries).where(eq(configEntries.configKey, key)))
    .map((e) => `${e.effectiveDate}=${e.configValue}`)
    .sort();

describe('GET /admin-api/config and /admin-api/config/{key}', () => {
  it('lists each key with the value in effect today, or its first future value, and the update instant in UTC', async () => {
    const res = await call('GET', '/admin-api/config');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { configKey: string; configValue: string; effectiveDate: string; updated: string }[];
    expect(rows.find((r) => r.configKey === 'demo.rate')).toMatchObject({
      configValue: '2',
      effectiveDate: '2026-11-23',
    });
    expect(rows.find((r) => r.configKey === 'demo.later')).toMatchObject({
      configValue: 'sooner',
      effectiveDate: '2027-02-01',
    });
    expect(rows.find((r) => r.configKey === 'demo.rate')!.updated).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(rows.map((r) => r.configKey)).toEqual([...rows.map((r) => r.configKey)].sort());
  });

  it("answers a key's history newest first, and 404 for an unknown key", async () => {
    const res = await call('GET', '/admin-api/config/demo.rate');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { effectiveDate: string }[]).map((e) => e.effectiveDate)).toEqual([
      '2027-01-01',
      '2026-11-23',
      '2025-01-01',
    ]);
    const missing = await call('GET', '/admin-api/config/no.such.key');
    expect(missing.statusCode).toBe(404);
    expect(messageOf(missing)).toBe(CONFIG_MESSAGES.CONFIG_KEY_NOT_FOUND);
  });
});

describe('POST /admin-api/config', () => {
  it("adds a new key ('New configuration key and value added.') and a value to a key ('New configuration value added.')", async () => {
    const key = await call('POST', '/admin-api/config', {
      configKey: 'walk.newKey',
      configValue: 'first',
      effectiveDate: '2026-11-23',
    });
    expect(key.statusCode, key.body).toBe(200);
    expect(messageOf(key)).toBe('New configuration key and value added.');
    const value = await call('POST', '/admin-api/config', {
      configKey: 'walk.newKey',
      configValue: 'second',
      effectiveDate: '2026-12-25',
    });
    expect(messageOf(value)).toBe('New configuration value added.');
    expect(await valuesOf('walk.newKey')).toEqual(['2026-11-23=first', '2026-12-25=second']);
    const [row] = await db().select().from(configEntries).where(eq(configEntries.configValue, 'second'));
    expect(row!.updatedBy).toBe(w.users.platformAdmin.id);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'config_entry'), eq(auditLog.entityId, 'walk.newKey@2026-12-25')));
    expect(audit).toMatchObject({ action: 'create', actorUserId: w.users.platformAdmin.id });
  });

  it('refuses a second value on the same key and date (409) and a date in the past (400)', async () => {
    const twice = await call('POST', '/admin-api/config', {
      configKey: 'demo.rate',
      configValue: 'x',
      effectiveDate: '2027-01-01',
    });
    expect(twice.statusCode).toBe(409);
    expect(messageOf(twice)).toBe(CONFIG_MESSAGES.CONFIG_VALUE_EXISTS);
    const past = await call('POST', '/admin-api/config', {
      configKey: 'demo.rate',
      configValue: 'x',
      effectiveDate: '2026-11-22',
    });
    expect(past.statusCode).toBe(400);
    expect(messageOf(past)).toBe(CONFIG_MESSAGES.CONFIG_DATE_PAST);
    expect(await valuesOf('demo.rate')).toEqual(['2025-01-01=1', '2026-11-23=2', '2027-01-01=3']);
  });

  it.each([
    ['a malformed effective date', { effectiveDate: '2027-1-05' }],
    ['an impossible effective date', { effectiveDate: '2027-02-30' }],
    ['an effective date of 11 characters', { effectiveDate: '2027-01-050' }],
    ['a missing effective date', { effectiveDate: undefined }],
    ['an empty value', { configValue: '  ' }],
    ['a value of 256 characters', { configValue: 'v'.repeat(256) }],
    ['a key of 256 characters', { configKey: 'k'.repeat(256) }],
    ['an empty key', { configKey: '' }],
  ])('answers 400 for %s and adds nothing', async (_name, overrides) => {
    const before = await db().select().from(configEntries);
    const res = await call('POST', '/admin-api/config', {
      configKey: 'bad.input',
      configValue: 'v',
      effectiveDate: '2027-01-05',
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await db().select().from(configEntries)).toHaveLength(before.length);
  });
});

describe('PUT and DELETE /admin-api/config', () => {
  it("updates a future value and its date ('Configuration value updated.') and deletes one ('Configuration value deleted.')", async () => {
    await call('POST', '/admin-api/config', {
      configKey: 'walk.future',
      configValue: 'a',
      effectiveDate: '2027-05-01',
    });
    const res = await call('PUT', '/admin-api/config', {
      configKey: 'walk.future',
      configValue: 'b',
      effectiveDate: '2027-05-01',
      newEffectiveDate: '2027-06-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(messageOf(res)).toBe('Configuration value updated.');
    expect(await valuesOf('walk.future')).toEqual(['2027-06-01=b']);
    const same = await call('PUT', '/admin-api/config', {
      configKey: 'walk.future',
      configValue: 'c',
      effectiveDate: '2027-06-01',
    });
    expect(same.statusCode).toBe(200);
    expect(await valuesOf('walk.future')).toEqual(['2027-06-01=c']);

    const deleted = await call('DELETE', '/admin-api/config', {
      configKey: 'walk.future',
      effectiveDate: '2027-06-01',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(messageOf(deleted)).toBe('Configuration value deleted.');
    expect(await valuesOf('walk.future')).toEqual([]);
  });

  it('deletes with the fields as query parameters too (resolution 21)', async () => {
    await call('POST', '/admin-api/config', { configKey: 'walk.query', configValue: 'a', effectiveDate: '2027-05-01' });
    const res = await t.injectAs(admin(), {
      method: 'DELETE',
      url: '/admin-api/config?configKey=walk.query&effectiveDate=2027-05-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await valuesOf('walk.query')).toEqual([]);
    const neither = await t.injectAs(admin(), { method: 'DELETE', url: '/admin-api/config' });
    expect(neither.statusCode).toBe(400);
  });

  it('refuses to change or delete a value in effect today or earlier (409) and changes nothing', async () => {
    for (const effectiveDate of ['2026-11-23', '2025-01-01']) {
      const update = await call('PUT', '/admin-api/config', {
        configKey: 'demo.rate',
        configValue: 'z',
        effectiveDate,
      });
      expect(update.statusCode).toBe(409);
      expect(messageOf(update)).toBe(CONFIG_MESSAGES.CONFIG_VALUE_NOT_EDITABLE);
      const remove = await call('DELETE', '/admin-api/config', { configKey: 'demo.rate', effectiveDate });
      expect(remove.statusCode).toBe(409);
    }
    expect(await valuesOf('demo.rate')).toEqual(['2025-01-01=1', '2026-11-23=2', '2027-01-01=3']);
  });

  it('refuses to move a value onto a date the key already has (409) or into the past (400), and 404 for a value that does not exist', async () => {
    await call('POST', '/admin-api/config', { configKey: 'walk.move', configValue: 'a', effectiveDate: '2027-05-01' });
    await call('POST', '/admin-api/config', { configKey: 'walk.move', configValue: 'b', effectiveDate: '2027-06-01' });
    const onto = await call('PUT', '/admin-api/config', {
      configKey: 'walk.move',
      configValue: 'a2',
      effectiveDate: '2027-05-01',
      newEffectiveDate: '2027-06-01',
    });
    expect(onto.statusCode).toBe(409);
    const past = await call('PUT', '/admin-api/config', {
      configKey: 'walk.move',
      configValue: 'a2',
      effectiveDate: '2027-05-01',
      newEffectiveDate: '2026-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(await valuesOf('walk.move')).toEqual(['2027-05-01=a', '2027-06-01=b']);
    const missing = await call('PUT', '/admin-api/config', {
      configKey: 'walk.move',
      configValue: 'x',
      effectiveDate: '2027-07-01',
    });
    expect(missing.statusCode).toBe(404);
    const bad = await call('PUT', '/admin-api/config', {
      configKey: 'walk.move',
      configValue: 'x',
      effectiveDate: '2027-05-01',
      newEffectiveDate: '01/06/2027',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is for platform administrators only: 403 for program and agency staff, 401 without a session', async () => {
    for (const token of [w.tokens.programAdmin, w.tokens.agencyAdmin]) {
      expect((await call('GET', '/admin-api/config', undefined, token)).statusCode).toBe(403);
      expect((await call('GET', '/admin-api/config/demo.rate', undefined, token)).statusCode).toBe(403);
      const body = { configKey: 'walk.refused', configValue: 'a', effectiveDate: '2027-05-01' };
      expect((await call('POST', '/admin-api/config', body, token)).statusCode).toBe(403);
      expect((await call('PUT', '/admin-api/config', body, token)).statusCode).toBe(403);
      expect((await call('DELETE', '/admin-api/config', body, token)).statusCode).toBe(403);
    }
    expect((await t.injectAs(null, { method: 'GET', url: '/admin-api/config' })).statusCode).toBe(401);
    expect(await valuesOf('walk.refused')).toEqual([]);
  });

  it('a change through the API is what the product reads next on this instance', async () => {
    expect(await configValueInForce(db(), 'walk.read', '2027-05-01')).toBeNull();
    await call('POST', '/admin-api/config', { configKey: 'walk.read', configValue: '42', effectiveDate: '2027-05-01' });
    expect(await configValueInForce(db(), 'walk.read', '2027-05-01')).toBe('42');
    expect(await configValueInForce(db(), 'walk.read', '2027-04-30')).toBeNull();
  });
});
