import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FARMER_APPLICATION_MESSAGES as M } from '@ebt/core/farmer-applications';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { MESSAGES } from '@ebt/core/messages';
import {
  auditLog,
  farmerApplicationConfirmations,
  farmerApplicationEvents,
  farmerApplicationPrograms,
  farmerApplications,
} from '../../db/schema/index.js';
import { decrypt, sha256 } from '../../platform/crypto.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram } from '../../testing/factories.js';
import {
  ACCOUNT,
  confirmedContact,
  lastMessage,
  openProgram,
  ROUTING,
  statusTokenIn,
  TAX_ID,
  validForm,
} from '../../testing/farmer-applications.js';

// POST /merchant-api/farmer-application (docs/decisions/0111): the whole application once the contact is confirmed;
// every field rule answers 400 with its field, all problems at once.

const t = useTestApp();
let open: { id: number; name: string };
let other: { id: number; name: string };
let closed: { id: number; name: string };

beforeAll(async () => {
  const db = t.database.db;
  open = await makeProgram(db, { name: 'Open Farmers Program' });
  other = await makeProgram(db, { name: 'Other Farmers Program' });
  closed = await makeProgram(db, { name: 'Closed Farmers Program' });
  await openProgram(db, open);
  await openProgram(db, other);
  await openProgram(db, closed, { open: false });
});

beforeEach(() => t.clock.advance(2 * 3_600_000));

const submit = (payload: object) => t.app.inject({ method: 'POST', url: '/merchant-api/farmer-application', payload });
const keys = () => ({ current: t.config.encryptionKey, previous: t.config.previousEncryptionKeys });
const fieldsOf = (res: { json(): unknown }) =>
  (res.json() as { errorMessages: { field?: string; appErrorMessage: string }[] }).errorMessages.map((e) => [
    e.field,
    e.appErrorMessage,
  ]);

async function confirmedForm(overrides: Parameters<typeof validForm>[1] = {}, programIds = [open.id]) {
  const form = validForm(programIds, overrides);
  return { ...form, confirmationId: await confirmedContact(t, form) };
}

describe('a whole application', () => {
  it('is stored with its numbers sealed, the confirmation used, its history, audit and the farmer told', async () => {
    const form = await confirmedForm({ businessPhone: '860.555.0100', mailingAddress: null }, [open.id, other.id]);
    const res = await submit(form);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    const [row] = await t.database.db
      .select()
      .from(farmerApplications)
      .where(eq(farmerApplications.uuid, answer.applicationUuid));
    expect(answer).toEqual({
      applicationUuid: row!.uuid,
      applicationNumber: `FA-${String(row!.id).padStart(6, '0')}`,
      status: 'submitted',
      message: M.SUBMITTED,
    });
    expect(row).toMatchObject({
      status: 'submitted',
      language: 'en',
      farmName: form.farmName,
      email: form.email,
      mobilePhone: '8605550142',
      businessPhone: '8605550100',
      address1: form.farmAddress.addressOne,
      address2: null,
      stateCode: 'CT',
      mailingAddress: null,
      markets: [{ name: 'Hartford Farmers Market', city: 'Hartford', when: 'Saturdays 8-12' }],
      taxIdLast4: '5678',
      accountNumberLast4: '7889',
      routingNumberLast4: '0015',
      bankMiddleName: null,
      signature: 'Rosa Field',
    });
    expect(row!.answers).toEqual([
      {
        programId: open.id,
        key: 'grow',
        label: 'Do you grow what you sell?',
        labelEs: '¿Cultiva lo que vende?',
        kind: 'yes-no',
        value: 'yes',
      },
      {
        programId: open.id,
        key: 'certs',
        label: 'Certifications',
        labelEs: 'Certificaciones',
        kind: 'text',
        value: '',
      },
      {
        programId: other.id,
        key: 'grow',
        label: 'Do you grow what you sell?',
        labelEs: '¿Cultiva lo que vende?',
        kind: 'yes-no',
        value: 'yes',
      },
      {
        programId: other.id,
        key: 'certs',
        label: 'Certifications',
        labelEs: 'Certificaciones',
        kind: 'text',
        value: '',
      },
    ]);
    expect(row!.signedAt.getTime()).toBe(t.clock.now().getTime());
    // Sealed: no whole number in the row; the token kept as its sha256 and sealed.
    const stored = JSON.stringify(row);
    for (const whole of [TAX_ID, ACCOUNT, ROUTING]) expect(stored).not.toContain(whole);
    expect(decrypt(row!.taxIdEncrypted, keys())).toBe(TAX_ID);
    expect(decrypt(row!.accountNumberEncrypted, keys())).toBe(ACCOUNT);
    expect(decrypt(row!.routingNumberEncrypted, keys())).toBe(ROUTING);
    const mail = await lastMessage(t.database.db, form.email);
    const token = statusTokenIn(mail.body);
    expect(token).toHaveLength(43);
    expect(row!.statusTokenHash).toBe(sha256(token));
    expect(decrypt(row!.statusTokenEncrypted, keys())).toBe(token);
    expect(stored).not.toContain(token);
    expect(res.body).not.toContain(token);

    const programs = await t.database.db
      .select()
      .from(farmerApplicationPrograms)
      .where(eq(farmerApplicationPrograms.applicationId, row!.id));
    expect(programs.map((p) => p.programId).sort()).toEqual([open.id, other.id].sort());
    const [confirmation] = await t.database.db
      .select()
      .from(farmerApplicationConfirmations)
      .where(eq(farmerApplicationConfirmations.uuid, form.confirmationId));
    expect(confirmation!.usedAt?.getTime()).toBe(t.clock.now().getTime());
    const events = await t.database.db
      .select()
      .from(farmerApplicationEvents)
      .where(eq(farmerApplicationEvents.applicationId, row!.id));
    expect(events.map((e) => e.action)).toEqual(['submitted']);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, row!.uuid));
    expect(audits.map((a) => [a.action, a.entity, a.actorUserId])).toEqual([['create', 'farmer_application', null]]);
    expect(audits[0]!.after).toMatchObject({
      tinMasked: '****5678',
      accountMasked: '****7889',
      routingMasked: '****0015',
    });
    const audited = JSON.stringify(audits);
    for (const whole of [TAX_ID, ACCOUNT, ROUTING, token]) expect(audited).not.toContain(whole);

    expect(mail.subject).toBe(`We received your application ${answer.applicationNumber}`);
    expect(mail.body).toContain('Hello Rosa,');
    expect(mail.body).toContain(`${t.config.publicUrl}/apply/farmer/status?hash=${token}`);
    expect(mail.body).toContain('Open Farmers Program, Other Farmers Program');
    const sms = await lastMessage(t.database.db, '8605550142', 'sms');
    expect(sms.body).toContain(token);
    expect(sms.body.length).toBeLessThanOrEqual(160);
  });

  it('tells a farmer who applied in Spanish in Spanish, and takes the e-mail in any case', async () => {
    const form = await confirmedForm({ language: 'es' });
    const res = await submit({ ...form, email: form.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await lastMessage(t.database.db, form.email.toUpperCase());
    expect(mail.subject).toBe(`Recibimos su solicitud ${res.json().applicationNumber}`);
    expect(mail.body).toContain('Hola, Rosa:');
  });
});

describe('the confirmation an application names', () => {
  it('must exist and be confirmed (409 CONTACT_NOT_CONFIRMED on confirmationId)', async () => {
    const unknown = await submit({ ...validForm([open.id]), confirmationId: '00000000-0000-4000-8000-000000000009' });
    expect(unknown.statusCode).toBe(409);
    expect(fieldsOf(unknown)).toEqual([['confirmationId', M.CONTACT_NOT_CONFIRMED]]);

    const form = validForm([open.id]);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/merchant-api/farmer-application/confirmations',
      payload: { email: form.email, mobilePhone: form.mobilePhone },
    });
    const unconfirmed = await submit({ ...form, confirmationId: sent.json().confirmationId });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(M.CONTACT_NOT_CONFIRMED);
  });

  it('carries one application only, and only within 24 hours', async () => {
    const form = await confirmedForm();
    expect((await submit(form)).statusCode).toBe(201);
    const again = await submit(form);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.CONTACT_NOT_CONFIRMED);

    const late = await confirmedForm();
    t.clock.advance(24 * 3_600_000 + 1000);
    expect((await submit(late)).statusCode).toBe(409);
  });

  it('makes one application of two submissions sent at once', async () => {
    const form = await confirmedForm();
    const answers = await Promise.all([submit(form), submit(form)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(farmerApplications).where(eq(farmerApplications.email, form.email));
    expect(rows).toHaveLength(1);
  });

  it('must name the e-mail and mobile confirmed (409 CONTACT_CHANGED on the field)', async () => {
    const form = await confirmedForm();
    const email = await submit({ ...form, email: `other.${form.email}` });
    expect(email.statusCode).toBe(409);
    expect(fieldsOf(email)).toEqual([['email', M.CONTACT_CHANGED]]);
    const mobile = await submit({ ...form, mobilePhone: '860-555-0199' });
    expect(fieldsOf(mobile)).toEqual([['mobilePhone', M.CONTACT_CHANGED]]);
    // The same phone written otherwise is the same phone.
    expect((await submit({ ...form, mobilePhone: '8605550142' })).statusCode).toBe(201);
  });
});

describe('the field rules the schema holds', () => {
  const bank = validForm([1]).bankAccount;
  const address = validForm([1]).farmAddress;
  it.each([
    ['email', { email: 'rosa@' }, MESSAGES.INVALID_EMAIL],
    ['mobilePhone', { mobilePhone: '555-0142' }, MESSAGES.INVALID_PHONE],
    ['confirmationId', { confirmationId: 'not-a-uuid' }, undefined],
    ['programIds', { programIds: [] }, M.PROGRAM_REQUIRED],
    ['programIds', { programIds: [1, 1] }, M.PROGRAM_REQUIRED],
    ['farmName', { farmName: ' ' }, MESSAGES.FIELD_REQUIRED],
    ['farmName', { farmName: 'x'.repeat(51) }, undefined],
    ['contactFirstName', { contactFirstName: '' }, MESSAGES.FIELD_REQUIRED],
    ['contactLastName', { contactLastName: '' }, MESSAGES.FIELD_REQUIRED],
    ['businessPhone', { businessPhone: '12' }, MESSAGES.INVALID_PHONE],
    ['farmAddress.addressOne', { farmAddress: { ...address, addressOne: '' } }, MESSAGES.FIELD_REQUIRED],
    ['farmAddress.city', { farmAddress: { ...address, city: '' } }, MESSAGES.FIELD_REQUIRED],
    ['farmAddress.stateCode', { farmAddress: { ...address, stateCode: 'XX' } }, MESSAGES.STATE_REQUIRED],
    ['farmAddress.zipcode', { farmAddress: { ...address, zipcode: '0603' } }, MESSAGES.INVALID_ZIP],
    ['mailingAddress.zipcode', { mailingAddress: { ...address, zipcode: 'ABCDE' } }, MESSAGES.INVALID_ZIP],
    ['markets', { markets: [] }, M.MARKET_REQUIRED],
    ['markets.0.name', { markets: [{ name: '', city: '', when: '' }] }, MESSAGES.FIELD_REQUIRED],
    ['crops', { crops: '' }, MESSAGES.FIELD_REQUIRED],
    [
      'answers.0.value',
      { answers: [{ programId: 1, key: 'grow', value: 'x'.repeat(501) }] },
      MESSAGES.VALIDATION_FAILED,
    ],
    ['tinTypeId', { tinTypeId: 3 }, undefined],
    ['agreed', { agreed: false }, M.AGREEMENT_REQUIRED],
    ['signature', { signature: '' }, M.SIGNATURE_REQUIRED],
    ['taxId', { taxId: '12345678' }, M.TAX_ID_DIGITS],
    ['taxId', { taxId: '12-3456789' }, M.TAX_ID_DIGITS],
    [
      'bankAccount.bankRoutingNumber',
      { bankAccount: { ...bank, bankRoutingNumber: '011000016' } },
      MERCHANT_MESSAGES.ROUTING_CHECK_DIGIT,
    ],
    [
      'bankAccount.bankAccountNumber',
      { bankAccount: { ...bank, bankAccountNumber: '123', confirmAccountNumber: '123' } },
      M.ACCOUNT_DIGITS,
    ],
    [
      'bankAccount.confirmAccountNumber',
      { bankAccount: { ...bank, confirmAccountNumber: '44556677880' } },
      M.ACCOUNTS_DIFFER,
    ],
    ['bankAccount.bankAccountType', { bankAccount: { ...bank, bankAccountType: 5 } }, undefined],
    ['bankAccount.firstName', { bankAccount: { ...bank, firstName: '' } }, MESSAGES.FIELD_REQUIRED],
    ['bankAccount.middleName', { bankAccount: { ...bank, middleName: 'AB' } }, undefined],
    ['language', { language: 'fr' }, undefined],
  ])('refuses %s with 400 on the field', async (field, change, message) => {
    const res = await submit({
      ...validForm([open.id]),
      confirmationId: '00000000-0000-4000-8000-000000000009',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    const entries = fieldsOf(res);
    expect(entries.map(([f]) => f)).toContain(field);
    if (message) expect(entries).toContainEqual([field, message]);
  });
});

describe('the field rules of the programs, their questions and the signature', () => {
  it('refuses a program not taking applications (closed, disabled or unknown) on programIds', async () => {
    const disabled = await makeProgram(t.database.db, { statusId: 1 });
    await openProgram(t.database.db, disabled);
    for (const programId of [closed.id, disabled.id, 999_999]) {
      const form = await confirmedForm({ answers: [] }, [programId]);
      const res = await submit(form);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toContainEqual(['programIds', M.NOT_TAKING]);
    }
  });

  it('names each question answered wrong by answers.<programId>.<key>', async () => {
    const form = await confirmedForm(
      {
        answers: [
          { programId: open.id, key: 'grow', value: 'maybe' },
          { programId: open.id, key: 'nope', value: 'yes' },
          { programId: other.id, key: 'grow', value: 'no' },
        ],
      },
      [open.id],
    );
    const res = await submit(form);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([
      [`answers.${open.id}.grow`, M.ANSWER_YES_NO],
      [`answers.${open.id}.nope`, M.QUESTION_UNKNOWN],
      [`answers.${other.id}.grow`, M.QUESTION_UNKNOWN],
    ]);

    const missing = await submit({ ...form, answers: [{ programId: open.id, key: 'certs', value: 'Organic' }] });
    expect(fieldsOf(missing)).toEqual([[`answers.${open.id}.grow`, M.ANSWER_REQUIRED]]);
    const blank = await submit({ ...form, answers: [{ programId: open.id, key: 'grow', value: '' }] });
    expect(fieldsOf(blank)).toEqual([[`answers.${open.id}.grow`, M.ANSWER_REQUIRED]]);
  });

  it("refuses a signature that is not the contact's full name, and takes one with a middle name or other case", async () => {
    const form = await confirmedForm({ signature: 'R. Field' });
    const res = await submit(form);
    expect(fieldsOf(res)).toEqual([['signature', M.SIGNATURE_NOT_CONTACT]]);
    expect((await submit({ ...form, signature: '  rosa  maria FIELD ' })).statusCode).toBe(201);
  });

  it('answers every problem at once', async () => {
    const form = await confirmedForm({ signature: 'Someone Else', answers: [] }, [open.id, closed.id]);
    const res = await submit(form);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([
      ['programIds', M.NOT_TAKING],
      // The programs' questions in the order of their names.
      [`answers.${closed.id}.grow`, M.ANSWER_REQUIRED],
      [`answers.${open.id}.grow`, M.ANSWER_REQUIRED],
      ['signature', M.SIGNATURE_NOT_CONTACT],
    ]);
    // Nothing was stored and the confirmation is still good.
    expect(
      await t.database.db.select().from(farmerApplications).where(eq(farmerApplications.email, form.email)),
    ).toHaveLength(0);
    expect(
      (await submit({ ...validForm([open.id]), email: form.email, confirmationId: form.confirmationId })).statusCode,
    ).toBe(201);
  });
});
