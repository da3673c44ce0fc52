import {
  applicationNumber,
  farmerMayUpdate,
  FARMER_APPLICATION_MESSAGES as M,
  type FarmerApplicationStatus,
  type FarmerApplicationStatusAnswer,
  type FarmerApplicationSubmitted,
  type FarmerApplicationUpdateBody,
} from '@ebt/core/farmer-applications';
import { phoneDigits } from '@ebt/core/validation';
import { recordAudit } from '../../platform/audit.js';
import type { RequestContext } from '../../platform/context.js';
import { sha256 } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { checkForm, storedAddress } from './fields.js';
import {
  applicationByTokenHash,
  insertEvent,
  lockApplicationById,
  programsOfApplication,
  programsWithSettings,
  saveApplicationPrograms,
  updateApplication,
} from './queries.js';
import { applicationAuditView, ENTITY, sealNumbers } from './submit.js';
import { throttlePublic } from './throttle.js';
import { formProgram, toView } from './view.js';

// The farmer's status link (docs/decisions/0111): GET shows where the application stands, numbers masked; while staff
// wait for more information, PUT completes it and sends it back to them. The link's secret is looked up by its sha256;
// an application refused and expunged is gone, and its link answers 404 like an unknown one.

async function applicationOfToken(ctx: RequestContext, token: string) {
  const row = await applicationByTokenHash(ctx.db, sha256(token));
  if (!row) throw AppError.notFound(M.LINK_UNKNOWN);
  return row;
}

/** GET /merchant-api/farmer-application/status/{token} */
export async function getStatus(ctx: RequestContext, token: string): Promise<FarmerApplicationStatusAnswer> {
  await throttlePublic(ctx, 'read');
  const row = await applicationOfToken(ctx, token);
  const programs = await programsOfApplication(ctx.db, row.id);
  const waiting = farmerMayUpdate(row.status as FarmerApplicationStatus);
  // While it waits on the farmer: its programs with the questions in effect today, open or not any more.
  const form = waiting
    ? await programsWithSettings(
        ctx.db,
        programs.map((p) => p.programId),
      )
    : [];
  const now = ctx.now();
  return { application: toView(row, programs), programs: form.map((p) => formProgram(p, now)) };
}

/** PUT /merchant-api/farmer-application/status/{token} */
export async function updateFromStatus(
  ctx: RequestContext,
  token: string,
  body: FarmerApplicationUpdateBody,
): Promise<FarmerApplicationSubmitted> {
  await throttlePublic(ctx, 'submit');
  const found = await applicationOfToken(ctx, token);
  if (!farmerMayUpdate(found.status as FarmerApplicationStatus)) throw AppError.conflict(M.NOT_WAITING_FOR_YOU);
  const kept = new Set((await programsOfApplication(ctx.db, found.id)).map((p) => p.programId));
  const form = await checkForm(ctx, body, kept);
  // A blank tax id or no bank account keeps the stored one.
  const { tax, bank } = sealNumbers(ctx, body);
  const now = ctx.now();

  return ctx.db.transaction(async (tx) => {
    const locked = await lockApplicationById(tx, found.id);
    if (!locked || !farmerMayUpdate(locked.status as FarmerApplicationStatus))
      throw AppError.conflict(M.NOT_WAITING_FOR_YOU);
    const programIds = form.programs.map((p) => p.programId);
    const before = { ...applicationAuditView(locked), programIds: [...kept].sort((a, b) => a - b) };
    const row = await updateApplication(tx, locked.id, {
      status: 'submitted',
      language: body.language,
      farmName: body.farmName,
      contactFirstName: body.contactFirstName,
      contactLastName: body.contactLastName,
      businessPhone: body.businessPhone ? phoneDigits(body.businessPhone) : null,
      address1: body.farmAddress.addressOne,
      address2: body.farmAddress.addressTwo || null,
      city: body.farmAddress.city,
      stateCode: body.farmAddress.stateCode,
      zipcode: body.farmAddress.zipcode,
      mailingAddress: body.mailingAddress ? storedAddress(body.mailingAddress) : null,
      markets: body.markets.map((m) => ({ name: m.name, city: m.city || null, when: m.when || null })),
      crops: body.crops,
      answers: form.answers,
      tinTypeId: body.tinTypeId,
      ...(tax ?? {}),
      ...(bank ?? {}),
      signature: body.signature,
      signedAt: now,
      updatedAt: now,
    });
    await saveApplicationPrograms(tx, row.id, programIds);
    await insertEvent(tx, { applicationId: row.id, action: 'resubmitted', at: now });
    await recordAudit(tx, ctx, {
      action: 'resubmit',
      entity: ENTITY,
      entityId: row.uuid,
      before,
      after: { ...applicationAuditView(row), programIds: [...programIds].sort((a, b) => a - b) },
    });
    return {
      applicationUuid: row.uuid,
      applicationNumber: applicationNumber(row.id),
      status: 'submitted' as const,
      message: M.RESUBMITTED,
    };
  });
}
