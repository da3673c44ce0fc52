import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { applicationPrograms, applications } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeAgency, makeProgram, makeUser } from '../../testing/factories.js';

const t = useTestApp();

describe('GET /account-api/account/programs', () => {
  it("answers only the caller's programs, with the benefit defaults as numbers and dates", async () => {
    const { db } = t.database;
    const mine = await makeProgram(db, {
      benefitAmount: '25.50',
      benefitExpirationDays: 90,
      lastIssuanceDate: '2027-06-30',
    });
    const other = await makeProgram(db);
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [mine] });
    const res = await t.injectAs(await t.signIn(admin.username), {
      method: 'GET',
      url: '/account-api/account/programs',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        programUuid: mine.uuid,
        programName: mine.name,
        benefitAmount: 25.5,
        benefitExpiration: 90,
        lastIssuanceDate: '2027-06-30',
        enableBenefitNote: false,
      }),
    ]);
    expect(JSON.stringify(res.json())).not.toContain(other.uuid);
  });

  it('gives agency staff the programs of their agencies and platform admins every program', async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    const agency = await makeAgency(db, program);
    const agencyUser = await makeUser(db, { roleId: ROLE.AGENCY_USER, agencies: [agency] });
    const staffView = await t.injectAs(await t.signIn(agencyUser.username), {
      method: 'GET',
      url: '/account-api/account/programs',
    });
    expect(staffView.json().map((p: { programUuid: string }) => p.programUuid)).toEqual([program.uuid]);

    const platformAdmin = await makeUser(db, { roleId: ROLE.PLATFORM_ADMIN });
    const adminView = await t.injectAs(await t.signIn(platformAdmin.username), {
      method: 'GET',
      url: '/account-api/account/programs',
    });
    expect(adminView.json().map((p: { programUuid: string }) => p.programUuid)).toContain(program.uuid);
  });

  it('refuses a recipient with the privilege message', async () => {
    const recipient = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
    const res = await t.injectAs(await t.signIn(recipient.username), {
      method: 'GET',
      url: '/account-api/account/programs',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.PRIVILEGE_ERROR);
  });
});

describe('GET /account-api/application', () => {
  it("lists the applications of the caller's programs only", async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    const otherProgram = await makeProgram(db);
    await db.insert(applications).values([
      { id: 901, name: 'Senior farmers market application' },
      { id: 902, name: 'Another program application' },
    ]);
    await db.insert(applicationPrograms).values([
      { applicationId: 901, programId: program.id },
      { applicationId: 902, programId: otherProgram.id },
    ]);
    const agencyAdmin = await makeUser(db, { roleId: ROLE.AGENCY_ADMIN, agencies: [await makeAgency(db, program)] });
    const token = await t.signIn(agencyAdmin.username);
    const res = await t.injectAs(token, { method: 'GET', url: '/account-api/application' });
    expect(res.json()).toEqual([{ applicationId: 901, name: 'Senior farmers market application' }]);
    const current = await t.injectAs(token, { method: 'GET', url: '/user-api/user/current' });
    expect(current.json().applications).toEqual([{ applicationId: 901, name: 'Senior farmers market application' }]);
  });
});
