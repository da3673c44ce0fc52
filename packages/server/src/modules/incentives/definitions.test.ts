import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INCENTIVE_MESSAGES } from '@ebt/core/incentives';
import { auditLog, incentives } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { incentiveRow, type IncentiveWorld, makeIncentive, makeIncentiveWorld } from '../../testing/incentives.js';

// Incentive definitions (B§2 "Admin incentives", B§5 "Incentive definition", B§7; docs/decisions/0040): add, read,
// update and the form's choices. Writes need NDGADMIN_ACCESS; every rule is the server's too, with nothing changed on
// a refusal.

const t = useTestApp();
let w: IncentiveWorld;
beforeAll(async () => {
  w = await makeIncentiveWorld(t);
});

const db = () => t.database.db;
const definition = (overrides: Record<string, unknown> = {}) => ({
  name: `Fresh Match ${Math.random().toString(36).slice(2, 8)}`,
  programId: w.programs.programA.id,
  fundingId: w.funding.a.id,
  startDate: '2026-12-01',
  endDate: '2027-06-30',
  matchRate: '5.25',
  accrualMaxDay: '10',
  accrualMaxMonth: '',
  accrualMaxTrx: null,
  accrualFeeRate: 1.5,
  redemptionFeeRate: '0.5',
  ...overrides,
});
const post = (token: string, payload: unknown) =>
  t.injectAs(token, { method: 'POST', url: '/account-api/incentive', payload: payload as object });
const put = (token: string, uuid: string, payload: unknown) =>
  t.injectAs(token, { method: 'PUT', url: `/account-api/incentive/${uuid}`, payload: payload as object });
const count = async () => (await db().select({ id: incentives.id }).from(incentives)).length;

describe('POST /account-api/incentive', () => {
  it("adds an incentive with two-decimal rates: 'New incentive added.', an audit row", async () => {
    const body = definition();
    const res = await post(w.tokens.platformAdmin, body);
    expect(res.statusCode, res.body).toBe(200);
    const { message, incentiveUuid } = res.json() as { message: string; incentiveUuid: string };
    expect(message).toBe('New incentive added.');
    expect(await incentiveRow(db(), incentiveUuid)).toMatchObject({
      name: body.name,
      programId: w.programs.programA.id,
      fundingSourceId: w.funding.a.id,
      startDate: '2026-12-01',
      endDate: '2027-06-30',
      matchRate: '5.25',
      accrualMaxDay: '10.00',
      accrualMaxMonth: '0.00',
      accrualMaxTrx: '0.00',
      accrualFeeRate: '1.50',
      redemptionFeeRate: '0.50',
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'incentive'), eq(auditLog.entityId, incentiveUuid)));
    expect(audit).toMatchObject({ action: 'create', actorUserId: w.users.platformAdmin.id });
    expect(audit!.after).toMatchObject({ name: body.name, matchRate: '5.25' });
  });

  it('needs NDGADMIN_ACCESS: program admins, agency staff and recipients get 403, no session 401', async () => {
    const before = await count();
    for (const token of [w.tokens.programAdminA, w.tokens.agencyAdminA1, w.tokens.agencyUserA1, w.tokens.recipient])
      expect((await post(token, definition())).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/account-api/incentive', payload: definition() })).statusCode,
    ).toBe(401);
    expect(await count()).toBe(before);
  });

  it('enforces every field rule with a 400 naming the field, and adds nothing', async () => {
    const before = await count();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', INCENTIVE_MESSAGES.NAME_REQUIRED],
      [{ name: 'n'.repeat(101) }, 'name', 'Must be at most 100 characters.'],
      [{ matchRate: -0.01 }, 'matchRate', INCENTIVE_MESSAGES.RATE_NEGATIVE],
      [{ accrualMaxTrx: '-1' }, 'accrualMaxTrx', INCENTIVE_MESSAGES.RATE_NEGATIVE],
      [{ redemptionFeeRate: '1.234' }, 'redemptionFeeRate', INCENTIVE_MESSAGES.RATE_INVALID],
      [{ accrualFeeRate: 'lots' }, 'accrualFeeRate', INCENTIVE_MESSAGES.RATE_INVALID],
      [{ accrualMaxDay: 10_000_000 }, 'accrualMaxDay', 'Cannot be more than 9,999,999.99.'],
      [{ startDate: '' }, 'startDate', INCENTIVE_MESSAGES.START_REQUIRED],
      [{ startDate: '12/01/2026' }, 'startDate', INCENTIVE_MESSAGES.INVALID_DATE],
      [{ startDate: '2026-11-22' }, 'startDate', INCENTIVE_MESSAGES.START_BEFORE_TODAY],
      [{ endDate: '2026-11-22', startDate: '2026-11-23' }, 'endDate', INCENTIVE_MESSAGES.END_BEFORE_TODAY],
      [{ endDate: '2026-11-30' }, 'endDate', INCENTIVE_MESSAGES.END_BEFORE_START],
      [{ fundingId: w.funding.b.id }, 'fundingId', INCENTIVE_MESSAGES.FUNDING_NOT_IN_PROGRAM],
      [{ fundingId: undefined }, 'fundingId', INCENTIVE_MESSAGES.FUNDING_REQUIRED],
      [{ programId: undefined }, 'programId', INCENTIVE_MESSAGES.PROGRAM_REQUIRED],
    ];
    for (const [change, field, message] of refusals) {
      const res = await post(w.tokens.platformAdmin, definition(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errorMessages, JSON.stringify(change)).toContainEqual(
        expect.objectContaining({ field, appErrorMessage: message }),
      );
    }
    expect(await count()).toBe(before);
  });

  it('starts from today in the program zone and reads a date-time there (resolution 17)', async () => {
    const today = await post(w.tokens.platformAdmin, definition({ startDate: '2026-11-23', endDate: '' }));
    expect(today.statusCode, today.body).toBe(200);
    // 2026-12-02T03:00Z is still 1 December in New York.
    const late = await post(w.tokens.platformAdmin, definition({ startDate: '2026-12-02T03:00:00Z', endDate: null }));
    expect(late.statusCode, late.body).toBe(200);
    expect((await incentiveRow(db(), late.json().incentiveUuid))!.startDate).toBe('2026-12-01');
  });

  it('answers 404 for an unknown program and 409 for a name taken in the program, ignoring case', async () => {
    expect((await post(w.tokens.platformAdmin, definition({ programId: 2_000_000 }))).statusCode).toBe(404);
    await makeIncentive(db(), w.programs.programA, w.funding.a.id, { name: 'Market Match' });
    const before = await count();
    const taken = await post(w.tokens.platformAdmin, definition({ name: 'MARKET match' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(INCENTIVE_MESSAGES.NAME_TAKEN);
    expect(await count()).toBe(before);
    // The same name in another program is another incentive.
    const other = await post(
      w.tokens.platformAdmin,
      definition({ name: 'Market Match', programId: w.programs.programB.id, fundingId: w.funding.b.id }),
    );
    expect(other.statusCode, other.body).toBe(200);
  });
});

describe('GET /account-api/incentive/{id}', () => {
  it("answers the incentive to staff of its program and 404 to others'", async () => {
    const made = await makeIncentive(db(), w.programs.programA, w.funding.a.id, { accrualMaxDay: '20.00' });
    const res = await t.injectAs(w.tokens.programAdminA, { method: 'GET', url: `/account-api/incentive/${made.uuid}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      incentiveUuid: made.uuid,
      name: made.name,
      matchRate: 5.25,
      accrualMaxDay: 20,
      program: { programId: w.programs.programA.id },
      funding: { fundingId: w.funding.a.id, name: 'State Funds' },
    });
    const other = await t.injectAs(w.tokens.agencyAdminB1, {
      method: 'GET',
      url: `/account-api/incentive/${made.uuid}`,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(INCENTIVE_MESSAGES.INCENTIVE_NOT_FOUND);
  });
});

describe('PUT /account-api/incentive/{id}', () => {
  it("updates name, funding, dates and rates: 'Incentive updated.', an audit row with before and after", async () => {
    const made = await makeIncentive(db(), w.programs.programA, w.funding.a.id, { startDate: '2024-03-01' });
    const res = await put(
      w.tokens.platformAdmin,
      made.uuid,
      definition({ name: 'Renamed', fundingId: w.funding.a2.id, startDate: '2023-02-01', endDate: '', matchRate: 7 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Incentive updated.');
    expect(await incentiveRow(db(), made.uuid)).toMatchObject({
      name: 'Renamed',
      fundingSourceId: w.funding.a2.id,
      startDate: '2023-02-01',
      endDate: null,
      matchRate: '7.00',
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'incentive'), eq(auditLog.entityId, made.uuid)));
    expect(audit).toMatchObject({ action: 'update' });
    expect(audit!.before).toMatchObject({ name: made.name, startDate: '2024-03-01' });
    expect(audit!.after).toMatchObject({ name: 'Renamed', startDate: '2023-02-01' });
  });

  it('refuses a start before 2023-02-01, a negative rate, a new past end and another program; nothing changes', async () => {
    const made = await makeIncentive(db(), w.programs.programA, w.funding.a.id, {
      startDate: '2024-03-01',
      endDate: '2026-06-30',
    });
    const same = { name: made.name, startDate: '2024-03-01', endDate: '2026-06-30' };
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ startDate: '2023-01-31' }, 400, INCENTIVE_MESSAGES.START_BEFORE_EDIT_MIN],
      [{ matchRate: -1 }, 400, INCENTIVE_MESSAGES.RATE_NEGATIVE],
      [{ endDate: '2026-07-31' }, 400, INCENTIVE_MESSAGES.END_BEFORE_TODAY],
      [{ startDate: '2027-01-01', endDate: '2026-12-31' }, 400, INCENTIVE_MESSAGES.END_BEFORE_START],
      [{ programId: w.programs.programB.id }, 400, INCENTIVE_MESSAGES.PROGRAM_READ_ONLY],
      [{ fundingId: w.funding.b.id }, 400, INCENTIVE_MESSAGES.FUNDING_NOT_IN_PROGRAM],
    ];
    for (const [change, status, message] of refusals) {
      const res = await put(w.tokens.platformAdmin, made.uuid, definition({ ...same, ...change }));
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().errorMessages[0].appErrorMessage).toBe(message);
    }
    expect(await incentiveRow(db(), made.uuid)).toEqual(made);
    // Its saved past dates stay acceptable: a rate alone can be corrected.
    const fixed = await put(w.tokens.platformAdmin, made.uuid, definition({ ...same, matchRate: 6 }));
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await incentiveRow(db(), made.uuid))!.matchRate).toBe('6.00');
  });

  it('needs NDGADMIN_ACCESS (403, nothing changed), answers 404 for none and 409 for a taken name', async () => {
    const made = await makeIncentive(db(), w.programs.programA, w.funding.a.id);
    const taken = await makeIncentive(db(), w.programs.programA, w.funding.a.id);
    for (const token of [w.tokens.programAdminA, w.tokens.agencyUserA1])
      expect((await put(token, made.uuid, definition({ name: 'Hijacked' }))).statusCode).toBe(403);
    expect((await put(w.tokens.platformAdmin, '00000000-0000-4000-8000-000000000000', definition())).statusCode).toBe(
      404,
    );
    const res = await put(w.tokens.platformAdmin, made.uuid, definition({ name: taken.name.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessages[0]).toMatchObject({
      field: 'name',
      appErrorMessage: INCENTIVE_MESSAGES.NAME_TAKEN,
    });
    expect(await incentiveRow(db(), made.uuid)).toEqual(made);
  });
});

describe('the form choices', () => {
  it('lists every program for platform admins and only their own for program admins', async () => {
    const all = await t.injectAs(w.tokens.platformAdmin, { method: 'GET', url: '/account-api/incentive/programs' });
    expect(all.statusCode).toBe(200);
    const names = (all.json() as { programName: string }[]).map((p) => p.programName);
    expect(names).toEqual(expect.arrayContaining(['Alpha Program', 'Beta Program']));
    expect(all.json()[0]).toEqual(
      expect.objectContaining({
        programId: expect.any(Number),
        shortName: expect.any(String),
        timeZone: 'America/New_York',
      }),
    );
    const own = await t.injectAs(w.tokens.programAdminA, { method: 'GET', url: '/account-api/incentive/programs' });
    expect((own.json() as { programName: string }[]).map((p) => p.programName)).toEqual(['Alpha Program']);
  });

  it("lists a program's funding sources by name, and 404 for a program outside the scope", async () => {
    const url = `/account-api/incentive/programs/${w.programs.programA.id}/funding`;
    const res = await t.injectAs(w.tokens.platformAdmin, { method: 'GET', url });
    expect(res.json()).toEqual([
      { fundingId: w.funding.a.id, name: 'State Funds' },
      { fundingId: w.funding.a2.id, name: 'USDA' },
    ]);
    expect((await t.injectAs(w.tokens.agencyAdminB1, { method: 'GET', url })).statusCode).toBe(404);
    expect(
      (await t.injectAs(w.tokens.platformAdmin, { method: 'GET', url: '/account-api/incentive/programs/x/funding' }))
        .statusCode,
    ).toBe(400);
  });
});
