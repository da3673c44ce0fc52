import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { FARMER_APPLICATION_MESSAGES as M, type FarmerApplicationSettingsBody } from '@ebt/core/farmer-applications';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { MESSAGES } from '@ebt/core/messages';
import { auditLog, farmerApplicationSettings } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { buildWorld, type World } from '../../testing/world.js';

// A program's farmer application settings (docs/decisions/0111), kept by platform administrators.

const t = useTestApp();
let w: World<'p' | 'q', never, 'platformAdmin' | 'programAdmin'>;

beforeAll(async () => {
  w = await buildWorld(t, {
    programs: { p: { name: 'Peach Program' }, q: { name: 'Quail Program' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdmin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p'] },
    },
  });
});

const url = (programUuid: string) => `/admin-api/programs/${programUuid}/farmer-application`;
const get = (programUuid: string, token = w.tokens.platformAdmin) =>
  t.injectAs(token, { method: 'GET', url: url(programUuid) });
const put = (programUuid: string, payload: object, token = w.tokens.platformAdmin) =>
  t.injectAs(token, { method: 'PUT', url: url(programUuid), payload });

const settings = (overrides: Partial<FarmerApplicationSettingsBody> = {}): FarmerApplicationSettingsBody => ({
  open: true,
  agreementText: 'I agree to the rules of the program.',
  agreementTextEs: 'Acepto las reglas del programa.',
  questions: [
    {
      key: 'grow',
      kind: 'yes-no',
      label: 'Do you grow what you sell?',
      labelEs: '¿Cultiva lo que vende?',
      required: true,
      effectiveFrom: '2026-01-01',
      effectiveTo: null,
    },
    {
      key: 'acres',
      kind: 'text',
      label: 'How many acres?',
      labelEs: '',
      required: false,
      effectiveFrom: '2026-01-01',
      effectiveTo: '2026-12-31',
    },
  ],
  ...overrides,
});

describe('GET /admin-api/programs/{programUuid}/farmer-application', () => {
  it('answers a program never set as closed, with no agreement and no questions', async () => {
    const res = await get(w.programs.q.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      programUuid: w.programs.q.uuid,
      programId: w.programs.q.id,
      programName: 'Quail Program',
      open: false,
      agreementText: '',
      agreementTextEs: null,
      questions: [],
      updatedAt: null,
    });
  });

  it('answers 404 for an unknown program and 403 to a program admin', async () => {
    const unknown = await get('00000000-0000-4000-8000-00000000000f');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MERCHANT_MESSAGES.PROGRAM_NOT_FOUND);
    expect((await get(w.programs.p.uuid, w.tokens.programAdmin)).statusCode).toBe(403);
    expect((await put(w.programs.p.uuid, settings(), w.tokens.programAdmin)).statusCode).toBe(403);
  });
});

describe('PUT /admin-api/programs/{programUuid}/farmer-application', () => {
  it('saves the settings, then changes them, auditing before and after', async () => {
    const first = await put(w.programs.p.uuid, settings());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      programUuid: w.programs.p.uuid,
      open: true,
      agreementTextEs: 'Acepto las reglas del programa.',
      message: M.SETTINGS_SAVED,
      updatedAt: t.clock.now().toISOString(),
    });
    expect(first.json().questions[1]).toEqual({
      key: 'acres',
      kind: 'text',
      label: 'How many acres?',
      labelEs: null,
      required: false,
      effectiveFrom: '2026-01-01',
      effectiveTo: '2026-12-31',
    });
    const second = await put(w.programs.p.uuid, settings({ open: false, questions: [] }));
    expect(second.statusCode).toBe(200);
    const got = (await get(w.programs.p.uuid)).json();
    expect(got).toMatchObject({ open: false, questions: [], agreementText: 'I agree to the rules of the program.' });
    expect(got.message).toBeUndefined();
    const [row] = await t.database.db
      .select()
      .from(farmerApplicationSettings)
      .where(eq(farmerApplicationSettings.programId, w.programs.p.id));
    expect(row!.updatedBy).toBe(w.users.platformAdmin.id);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'farmer_application_settings'), eq(auditLog.entityId, w.programs.p.uuid)));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ action: 'update', before: null, actorUserId: w.users.platformAdmin.id });
    expect(audits[1]!.before).toMatchObject({ open: true });
    expect(audits[1]!.after).toMatchObject({ open: false, questions: [] });
  });

  it.each([
    [
      'questions.0.effectiveTo',
      settings({ questions: [{ ...settings().questions[0]!, effectiveTo: '2025-12-31' }] }),
      M.QUESTION_DATES,
    ],
    [
      'questions',
      settings({ questions: [settings().questions[0]!, settings().questions[0]!] }),
      M.QUESTION_KEYS_UNIQUE,
    ],
    ['agreementText', settings({ agreementText: '' }), MESSAGES.FIELD_REQUIRED],
    ['questions.0.key', settings({ questions: [{ ...settings().questions[0]!, key: 'Has Space' }] }), undefined],
    [
      'questions.0.kind',
      settings({ questions: [{ ...settings().questions[0]!, kind: 'number' as 'text' }] }),
      undefined,
    ],
    [
      'questions.0.label',
      settings({ questions: [{ ...settings().questions[0]!, label: '' }] }),
      MESSAGES.FIELD_REQUIRED,
    ],
    [
      'questions.0.effectiveFrom',
      settings({ questions: [{ ...settings().questions[0]!, effectiveFrom: '2026-02-30' }] }),
      undefined,
    ],
  ])('refuses %s with 400 on the field', async (field, body, message) => {
    const res = await put(w.programs.q.uuid, body);
    expect(res.statusCode).toBe(400);
    const entries = (res.json() as { errorMessages: { field?: string; appErrorMessage: string }[] }).errorMessages;
    expect(entries.map((e) => e.field)).toContain(field);
    if (message) expect(entries).toContainEqual(expect.objectContaining({ field, appErrorMessage: message }));
  });

  it('takes a closed program without an agreement, and answers 404 for an unknown program', async () => {
    expect((await put(w.programs.q.uuid, settings({ open: false, agreementText: '' }))).statusCode).toBe(200);
    expect((await put('00000000-0000-4000-8000-00000000000f', settings())).statusCode).toBe(404);
  });
});
