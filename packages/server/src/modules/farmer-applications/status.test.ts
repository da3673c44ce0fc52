import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { FARMER_APPLICATION_MESSAGES as M, type FarmerApplicationStatusAnswer } from '@ebt/core/farmer-applications';
import {
  auditLog,
  farmerApplicationEvents,
  farmerApplicationPrograms,
  farmerApplications,
  farmerApplicationSettings,
} from '../../db/schema/index.js';
import { decrypt } from '../../platform/crypto.js';
import { useTestApp } from '../../testing/app.js';
import {
  ACCOUNT,
  lastMessage,
  makeFarmerApplication,
  openProgram,
  QUESTIONS,
  ROUTING,
  statusTokenIn,
  submitThroughApi,
  TAX_ID,
  validForm,
} from '../../testing/farmer-applications.js';
import { buildWorld, type World } from '../../testing/world.js';

// The farmer's status link (docs/decisions/0111): where the application stands, numbers masked; while staff wait for
// more information, the farmer completes it through the same link and it goes back to staff.

const t = useTestApp();
let w: World<'p' | 'q', never, 'admin'>;

beforeAll(async () => {
  w = await buildWorld(t, {
    programs: { p: { name: 'Pioneer Farmers' }, q: { name: 'Quarry Farmers' } },
    users: { admin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p', 'q'] } },
  });
  await openProgram(t.database.db, w.programs.p);
  await openProgram(t.database.db, w.programs.q);
});

beforeEach(() => t.clock.advance(2 * 3_600_000));

const statusOf = (token: string) =>
  t.app.inject({ method: 'GET', url: `/merchant-api/farmer-application/status/${token}` });
const update = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/merchant-api/farmer-application/status/${token}`, payload });
const askMore = async (applicationUuid: string, note: string) => {
  const token = await t.signIn(w.users.admin.username);
  const res = await t.injectAs(token, {
    method: 'POST',
    url: `/merchant-api/farmer-applications/${applicationUuid}/more-info`,
    payload: { note },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

/** The form's fields the update takes (the contact stays as confirmed). */
function updateBody(form: ReturnType<typeof validForm>, overrides: Record<string, unknown> = {}) {
  const { email: _email, mobilePhone: _mobile, ...fields } = form;
  return { ...fields, taxId: '', bankAccount: null, ...overrides };
}

describe('GET /merchant-api/farmer-application/status/{token}', () => {
  it('answers the application with its numbers masked, and no programs while it is with staff', async () => {
    const form = validForm([w.programs.p.id]);
    const { token, applicationUuid, applicationNumber } = await submitThroughApi(t, form);
    const res = await statusOf(token);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as FarmerApplicationStatusAnswer;
    expect(answer.programs).toEqual([]);
    expect(answer.application).toMatchObject({
      applicationUuid,
      applicationNumber,
      status: 'submitted',
      language: 'en',
      programs: [{ programId: w.programs.p.id, programName: 'Pioneer Farmers' }],
      farmName: form.farmName,
      email: form.email,
      mobilePhone: '8605550142',
      farmAddress: {
        addressOne: form.farmAddress.addressOne,
        addressTwo: null,
        city: 'Glastonbury',
        stateCode: 'CT',
        zipcode: '06033',
      },
      taxId: '****5678',
      bankAccount: { routingNumber: '****0015', accountNumber: '****7889', bankName: 'Harvest Credit Union' },
      staffRequest: null,
      refusalReason: null,
      decidedAt: null,
    });
    for (const whole of [TAX_ID, ACCOUNT, ROUTING]) expect(res.body).not.toContain(whole);
  });

  it('answers 404 for a link that opens nothing, or an application since expunged, and 400 for a malformed one', async () => {
    const unknown = await statusOf('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.LINK_UNKNOWN);
    expect((await statusOf('short')).statusCode).toBe(400);
    const { application, token } = await makeFarmerApplication(t.database.db, t.config, { programs: [w.programs.p] });
    expect((await statusOf(token)).statusCode).toBe(200);
    await t.database.db.delete(farmerApplications).where(eq(farmerApplications.id, application.id));
    expect((await statusOf(token)).statusCode).toBe(404);
  });

  it("answers the programs' questions in effect while it waits on the farmer, even of a program closed since", async () => {
    const { application, token } = await makeFarmerApplication(t.database.db, t.config, {
      programs: [w.programs.p],
      status: 'more-info',
      staffRequest: 'Which markets?',
    });
    const closedSince = await buildWorld(t, { programs: { c: { name: 'Closed Since' } } });
    await openProgram(t.database.db, closedSince.programs.c, {
      open: false,
      questions: [...QUESTIONS, { ...QUESTIONS[0]!, key: 'gone', effectiveTo: '2026-06-30' }],
    });
    await t.database.db
      .insert(farmerApplicationPrograms)
      .values({ applicationId: application.id, programId: closedSince.programs.c.id });
    const answer = (await statusOf(token)).json() as FarmerApplicationStatusAnswer;
    expect(answer.application.staffRequest).toBe('Which markets?');
    expect(answer.programs.map((p) => [p.programName, p.questions.map((q) => q.key)])).toEqual([
      ['Closed Since', ['grow', 'certs']],
      ['Pioneer Farmers', ['grow', 'certs']],
    ]);
  });
});

describe('PUT /merchant-api/farmer-application/status/{token}', () => {
  it('takes the completed application back to staff, keeping the numbers left blank', async () => {
    const form = validForm([w.programs.p.id]);
    const { token, applicationUuid } = await submitThroughApi(t, form);
    await askMore(applicationUuid, 'Tell us which markets you sell at on weekdays.');
    const mail = await lastMessage(t.database.db, form.email);
    expect(mail.subject).toMatch(/^More information needed: application FA-/);
    expect(mail.body).toContain('Tell us which markets you sell at on weekdays.');
    expect(statusTokenIn(mail.body)).toBe(token);
    const waiting = (await statusOf(token)).json() as FarmerApplicationStatusAnswer;
    expect(waiting.application.status).toBe('more-info');
    expect(waiting.programs.map((p) => p.programId)).toEqual([w.programs.p.id]);

    const markets = [...form.markets, { name: 'Tuesday Market', city: 'Vernon', when: 'Tuesdays 3-6' }];
    const res = await update(
      token,
      updateBody(form, {
        markets,
        programIds: [w.programs.p.id, w.programs.q.id],
        answers: [...form.answers, { programId: w.programs.q.id, key: 'grow', value: 'no' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applicationUuid, status: 'submitted', message: M.RESUBMITTED });
    const [row] = await t.database.db
      .select()
      .from(farmerApplications)
      .where(eq(farmerApplications.uuid, applicationUuid));
    expect(row).toMatchObject({
      status: 'submitted',
      staffRequest: 'Tell us which markets you sell at on weekdays.',
      taxIdLast4: '5678',
      accountNumberLast4: '7889',
    });
    expect(row!.markets).toHaveLength(2);
    expect(decrypt(row!.taxIdEncrypted, { current: t.config.encryptionKey, previous: [] })).toBe(TAX_ID);
    const events = await t.database.db
      .select()
      .from(farmerApplicationEvents)
      .where(eq(farmerApplicationEvents.applicationId, row!.id));
    expect(events.map((e) => e.action)).toEqual(['submitted', 'more-info', 'resubmitted']);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'resubmit'));
    expect(audit).toMatchObject({ entity: 'farmer_application', entityId: applicationUuid, actorUserId: null });
    expect(audit!.before).toMatchObject({ status: 'more-info', programIds: [w.programs.p.id] });
    expect(audit!.after).toMatchObject({ status: 'submitted' });
    // Back with staff: the farmer can no longer change it.
    const again = await update(token, updateBody(form));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.NOT_WAITING_FOR_YOU);
  });

  it('replaces the tax id and bank account the farmer types again', async () => {
    const form = validForm([w.programs.p.id]);
    const { token, applicationUuid } = await submitThroughApi(t, form);
    await askMore(applicationUuid, 'The bank refused the account number.');
    const bankAccount = { ...form.bankAccount, bankAccountNumber: '99887766', confirmAccountNumber: '99887766' };
    const res = await update(token, updateBody(form, { taxId: '987654321', bankAccount }));
    expect(res.statusCode, res.body).toBe(200);
    const answer = (await statusOf(token)).json() as FarmerApplicationStatusAnswer;
    expect(answer.application.taxId).toBe('****4321');
    expect(answer.application.bankAccount.accountNumber).toBe('****7766');
  });

  it('keeps a program that stopped taking applications, refuses a new one that does not take them', async () => {
    const form = validForm([w.programs.p.id]);
    const { token, applicationUuid } = await submitThroughApi(t, form);
    await askMore(applicationUuid, 'Please check your answers.');
    const closed = await buildWorld(t, { programs: { c: {} } });
    await openProgram(t.database.db, closed.programs.c, { open: false });
    const added = await update(token, updateBody(form, { programIds: [w.programs.p.id, closed.programs.c.id] }));
    expect(added.statusCode).toBe(400);
    expect(added.json().errorMessages).toContainEqual(
      expect.objectContaining({ field: 'programIds', appErrorMessage: M.NOT_TAKING }),
    );
    await t.database.db
      .update(farmerApplicationSettings)
      .set({ open: false })
      .where(eq(farmerApplicationSettings.programId, w.programs.p.id));
    try {
      const badSignature = await update(token, updateBody(form, { signature: 'Nobody' }));
      expect(badSignature.json().errorMessages).toEqual([
        expect.objectContaining({ field: 'signature', appErrorMessage: M.SIGNATURE_NOT_CONTACT }),
      ]);
      expect((await update(token, updateBody(form))).statusCode).toBe(200);
    } finally {
      await openProgram(t.database.db, w.programs.p);
    }
  });

  it('answers 404 for an unknown link and 409 to an application with staff', async () => {
    const form = validForm([w.programs.p.id]);
    expect((await update('B'.repeat(43), updateBody(form))).statusCode).toBe(404);
    const { token } = await makeFarmerApplication(t.database.db, t.config, { programs: [w.programs.p] });
    expect((await update(token, updateBody(form))).statusCode).toBe(409);
  });
});
