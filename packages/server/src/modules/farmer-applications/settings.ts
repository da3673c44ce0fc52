import {
  FARMER_APPLICATION_MESSAGES as M,
  type FarmerApplicationSettings,
  type FarmerApplicationSettingsBody,
  type OpenFarmerProgram,
} from '@ebt/core/farmer-applications';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import type { StoredFarmerQuestion } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { lockSettings, openProgramRows, programSettingsByUuid, upsertSettings } from './queries.js';
import { throttlePublic } from './throttle.js';
import { formProgram } from './view.js';

// A program's farmer application settings (docs/decisions/0111), edited by platform administrators: whether it takes
// applications, its agreement in English and Spanish, and its own questions with their dates. A program without a row
// takes none. The public form lists the enabled programs that are open, with the questions in effect on each program's
// today.

type SettingsRow = NonNullable<Awaited<ReturnType<typeof lockSettings>>>;

function settingsAnswer(
  program: { programId: number; programUuid: string; programName: string },
  row: SettingsRow | null | undefined,
): FarmerApplicationSettings {
  return {
    programUuid: program.programUuid,
    programId: program.programId,
    programName: program.programName,
    open: row?.open ?? false,
    agreementText: row?.agreementText ?? '',
    agreementTextEs: row?.agreementTextEs ?? null,
    questions: (row?.questions ?? []).map((q) => ({
      ...q,
      labelEs: q.labelEs ?? null,
      effectiveTo: q.effectiveTo ?? null,
    })),
    updatedAt: row?.updatedAt?.toISOString() ?? null,
  };
}

/** GET /merchant-api/farmer-application/programs */
export async function listOpenPrograms(ctx: RequestContext): Promise<OpenFarmerProgram[]> {
  await throttlePublic(ctx, 'read');
  const now = ctx.now();
  return (await openProgramRows(ctx.db)).map((p) => formProgram(p, now));
}

/** GET /admin-api/programs/{programUuid}/farmer-application */
export async function getSettings(context: RequestContext, programUuid: string): Promise<FarmerApplicationSettings> {
  const ctx = requireCaller(context);
  const found = await programSettingsByUuid(ctx.db, programUuid.toLowerCase());
  if (!found) throw AppError.notFound(MERCHANT_MESSAGES.PROGRAM_NOT_FOUND);
  return settingsAnswer(found, found.settings);
}

/** The settings as the audit row holds them. */
const auditView = (row: SettingsRow | null | undefined) =>
  row
    ? {
        open: row.open,
        agreementText: row.agreementText,
        agreementTextEs: row.agreementTextEs,
        questions: row.questions,
      }
    : null;

/** PUT /admin-api/programs/{programUuid}/farmer-application */
export async function saveSettings(
  context: RequestContext,
  programUuid: string,
  body: FarmerApplicationSettingsBody,
): Promise<FarmerApplicationSettings> {
  const ctx = requireCaller(context);
  const found = await programSettingsByUuid(ctx.db, programUuid.toLowerCase());
  if (!found) throw AppError.notFound(MERCHANT_MESSAGES.PROGRAM_NOT_FOUND);
  const questions: StoredFarmerQuestion[] = body.questions.map((q) => ({
    key: q.key,
    kind: q.kind,
    label: q.label,
    labelEs: q.labelEs || null,
    required: q.required,
    effectiveFrom: q.effectiveFrom,
    effectiveTo: q.effectiveTo || null,
  }));
  return ctx.db.transaction(async (tx) => {
    const before = await lockSettings(tx, found.programId);
    const saved = await upsertSettings(tx, {
      programId: found.programId,
      open: body.open,
      agreementText: body.agreementText,
      agreementTextEs: body.agreementTextEs || null,
      questions,
      updatedAt: ctx.now(),
      updatedBy: ctx.caller.userId,
    });
    await recordAudit(tx, ctx, {
      action: 'update',
      entity: 'farmer_application_settings',
      entityId: found.programUuid,
      before: auditView(before),
      after: auditView(saved),
    });
    return { ...settingsAnswer(found, saved), message: M.SETTINGS_SAVED };
  });
}
