import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_MESSAGES } from '@ebt/core/agencies';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { PRIVILEGE, PRIVILEGE_LIST } from '@ebt/core/privileges';
import { agencies, auditLog, rolePrivileges, userAgencies } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeAgency } from '../../testing/factories.js';
import { type AgencyWorld, makeAgencyWorld } from '../../testing/agencies.js';

// POST /account-api/agency, GET and PUT /account-api/agency/{id} (B§2, B§5, B§6, B§7; docs/decisions/0028).

const t = useTestApp();
let w: AgencyWorld;
beforeAll(async () => {
  w = await makeAgencyWorld(t);
});

const db = () => t.database.db;
const rowOf = async (uuid: string) => (await db().select().from(agencies).where(eq(agencies.uuid, uuid)))[0]!;
const add = (token: string, payload: object) =>
  t.injectAs(token, { method: 'POST', url: '/account-api/agency', payload });
const put = (token: string, uuid: string, payload: object) =>
  t.injectAs(token, { method: 'PUT', url: `/account-api/agency/${uuid}`, payload });
const countAgencies = async () => (await db().select({ id: agencies.id }).from(agencies)).length;

describe('POST /account-api/agency', () => {
  it("adds the agency with fundingAlert 1 by default and answers 'Agency added.'", async () => {
    const res = await add(w.tokens.programAdminA, {
      agencyName: 'South Agency',
      agencyCode: 'S1',
      programUuid: w.programs.programA.uuid,
      fundingAmount: 2500.5,
      fundingDate: '2024-03-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Agency added.');
    const row = await rowOf(res.json().agencyUuid);
    expect(row).toMatchObject({
      programId: w.programs.programA.id,
      name: 'South Agency',
      code: 'S1',
      fundingAmount: '2500.50',
      fundingAlert: 1,
      fundingDate: '2024-03-01',
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'agency'), eq(auditLog.entityId, row.uuid)));
    expect(audit?.action).toBe('create');
  });

  it("answers 409 'Agency Code must be unique within a program.' for a code taken in any case", async () => {
    const before = await countAgencies();
    const res = await add(w.tokens.programAdminA, {
      agencyName: 'Another North',
      agencyCode: 'n1',
      programUuid: w.programs.programA.uuid,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(AGENCY_MESSAGES.AGENCY_CODE_NOT_UNIQUE);
    expect(await countAgencies()).toBe(before);
    // The same code in another program is fine.
    const other = await add(w.tokens.platformAdmin, {
      agencyName: 'North of Beta',
      agencyCode: 'N1',
      programUuid: w.programs.programB.uuid,
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('the database refuses a code differing only in case, whoever writes it', async () => {
    await expect(makeAgency(db(), w.programs.programA, { code: 'e1' })).rejects.toThrow();
  });

  it('refuses bad input with 400 and adds nothing: code of 21, amount 100000000, date 2022-12-31, no program', async () => {
    const valid = { agencyName: 'Bad', agencyCode: 'BAD', programUuid: w.programs.programA.uuid };
    const before = await countAgencies();
    for (const payload of [
      { ...valid, agencyCode: 'C'.repeat(21) },
      { ...valid, agencyName: 'N'.repeat(51) },
      { ...valid, fundingAmount: 100000000 },
      { ...valid, fundingAmount: -1 },
      { ...valid, fundingDate: '2022-12-31' },
      { agencyName: 'Bad', agencyCode: 'BAD' },
      { ...valid, programUuid: '' },
    ]) {
      const res = await add(w.tokens.programAdminA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const noProgram = await add(w.tokens.programAdminA, { agencyName: 'Bad', agencyCode: 'BAD' });
    expect(noProgram.json().errorMessages[0].appErrorMessage).toBe(AGENCY_MESSAGES.PROGRAM_REQUIRED);
    expect(await countAgencies()).toBe(before);
  });

  it('refuses callers without AGENCY_ADD (403) and a program outside the scope (404)', async () => {
    const payload = { agencyName: 'X', agencyCode: 'X1', programUuid: w.programs.programA.uuid };
    expect((await add(w.tokens.agencyAdminA1, payload)).statusCode).toBe(403);
    const res = await add(w.tokens.programAdminA, { ...payload, programUuid: w.programs.programB.uuid });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /account-api/agency funding fields', () => {
  it('refuses fundingAlert 0 (a funding field) without AGENCY_FUNDING_UPDATE (403); the default 1 is no funding', async () => {
    // Agency admins get AGENCY_ADD here (not by default) to be an adder without AGENCY_FUNDING_UPDATE.
    const grant = PRIVILEGE_LIST.filter((p) => p.code === PRIVILEGE.AGENCY_ADD).map((p) => ({
      roleId: ROLE.AGENCY_ADMIN,
      privilegeId: p.privilegeId,
    }));
    await db().insert(rolePrivileges).values(grant).onConflictDoNothing();
    try {
      const payload = { agencyName: 'Alertless', agencyCode: 'AL1', programUuid: w.programs.programA.uuid };
      const before = await countAgencies();
      for (const extra of [{ fundingAlert: 0 }, { fundingAmount: 10 }, { fundingDate: '2024-01-01' }]) {
        const res = await add(w.tokens.agencyAdminA1, { ...payload, ...extra });
        expect(res.statusCode, JSON.stringify(extra)).toBe(403);
      }
      expect(await countAgencies()).toBe(before);
      const res = await add(w.tokens.agencyAdminA1, { ...payload, fundingAlert: 1 });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await db()
        .delete(rolePrivileges)
        .where(
          and(eq(rolePrivileges.roleId, ROLE.AGENCY_ADMIN), eq(rolePrivileges.privilegeId, grant[0]!.privilegeId)),
        );
    }
  });
});

describe('GET /account-api/agency/{id}', () => {
  it('answers the agency with its funding', async () => {
    const res = await t.injectAs(w.tokens.agencyAdminA1, {
      method: 'GET',
      url: `/account-api/agency/${w.agencies.a1.uuid}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      agencyUuid: w.agencies.a1.uuid,
      agencyName: 'North Agency',
      agencyCode: 'N1',
      programUuid: w.programs.programA.uuid,
      programName: 'Alpha Program',
      program: { programUuid: w.programs.programA.uuid, programName: 'Alpha Program' },
      fundingAmount: 1000,
      fundingAlert: 1,
      fundingDate: '2024-01-01',
      issuedAmount: 0,
    });
  });

  it('answers 404 for an agency of another agency admin, program or a missing one', async () => {
    for (const [token, uuid] of [
      [w.tokens.agencyAdminA1, w.agencies.a2.uuid],
      [w.tokens.agencyAdminA1, w.agencies.b1.uuid],
      [w.tokens.programAdminA, w.agencies.b1.uuid],
      [w.tokens.platformAdmin, crypto.randomUUID()],
    ] as const) {
      const res = await t.injectAs(token, { method: 'GET', url: `/account-api/agency/${uuid}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(AGENCY_MESSAGES.AGENCY_NOT_FOUND);
    }
    expect(
      (await t.injectAs(w.tokens.recipient, { method: 'GET', url: `/account-api/agency/${w.agencies.a1.uuid}` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('PUT /account-api/agency/{id}', () => {
  it("updates name, code and funding for a program admin: 'Agency updated.'", async () => {
    const agency = await makeAgency(db(), w.programs.programA, { name: 'Old Name', code: 'OLD1' });
    const res = await put(w.tokens.programAdminA, agency.uuid, {
      agencyName: 'New Name',
      agencyCode: 'NEW1',
      programUuid: w.programs.programA.uuid,
      fundingAmount: 750.25,
      fundingAlert: 0,
      fundingDate: '2025-06-30',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Agency updated.');
    expect(await rowOf(agency.uuid)).toMatchObject({
      name: 'New Name',
      code: 'NEW1',
      fundingAmount: '750.25',
      fundingAlert: 0,
      fundingDate: '2025-06-30',
    });
  });

  it('lets an agency admin change name and code of their agency, with the funding sent back unchanged', async () => {
    const agency = await makeAgency(db(), w.programs.programA, { fundingAmount: '100.00' });
    await db().insert(userAgencies).values({ userId: w.users.agencyAdminA1.id, agencyId: agency.id });
    const token = await t.signIn(w.users.agencyAdminA1.username);
    const res = await put(token, agency.uuid, {
      agencyName: 'Renamed',
      agencyCode: 'RN1',
      fundingAmount: 100,
      fundingAlert: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(agency.uuid)).toMatchObject({ name: 'Renamed', code: 'RN1' });
  });

  it('refuses an agency admin changing funding (403) and changes nothing', async () => {
    const before = await rowOf(w.agencies.a1.uuid);
    for (const payload of [
      { fundingAmount: 5000 },
      { fundingDate: '2024-02-02' },
      { fundingAlert: 0 },
      { agencyName: 'Sneaky', fundingAmount: null },
    ]) {
      const res = await put(w.tokens.agencyAdminA1, w.agencies.a1.uuid, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().message).toBe(MESSAGES.PRIVILEGE_ERROR);
    }
    expect(await rowOf(w.agencies.a1.uuid)).toEqual(before);
  });

  it('refuses a user without AGENCY_UPDATE changing name or code (403), and another agency (404)', async () => {
    const before = await rowOf(w.agencies.a1.uuid);
    expect((await put(w.tokens.agencyUserA1, w.agencies.a1.uuid, { agencyName: 'Mine' })).statusCode).toBe(403);
    expect((await put(w.tokens.agencyAdminB1, w.agencies.a1.uuid, { agencyName: 'Mine' })).statusCode).toBe(404);
    expect((await put(w.tokens.agencyAdminA1, w.agencies.a2.uuid, { agencyCode: 'MINE' })).statusCode).toBe(404);
    expect(await rowOf(w.agencies.a1.uuid)).toEqual(before);
  });

  it('refuses a taken code (409), a program change (400) and bad input (400), changing nothing', async () => {
    const before = await rowOf(w.agencies.a2.uuid);
    const taken = await put(w.tokens.programAdminA, w.agencies.a2.uuid, { agencyCode: 'n1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(AGENCY_MESSAGES.AGENCY_CODE_NOT_UNIQUE);
    const moved = await put(w.tokens.platformAdmin, w.agencies.a2.uuid, { programUuid: w.programs.programB.uuid });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(AGENCY_MESSAGES.PROGRAM_READ_ONLY);
    for (const payload of [{ agencyCode: 'C'.repeat(21) }, { fundingAmount: 100000000 }, { fundingDate: '2022-12-31' }])
      expect((await put(w.tokens.programAdminA, w.agencies.a2.uuid, payload)).statusCode).toBe(400);
    expect(await rowOf(w.agencies.a2.uuid)).toEqual(before);
  });
});
