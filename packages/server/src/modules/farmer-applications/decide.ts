import {
  canAskMoreInfo,
  canRefuse,
  FARMER_APPLICATION_MESSAGES as M,
  type FarmerApplicationStatus,
  type MoreInfoBody,
  type RefuseBody,
  type StaffDecision,
} from '@ebt/core/farmer-applications';
import type { DbOrTx } from '../../db/client.js';
import { recordAudit } from '../../platform/audit.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { statusLink, tellMoreInfo, tellRefused } from './notices.js';
import {
  type ApplicationRow,
  insertEvent,
  lockApplicationInScope,
  programsOfApplication,
  updateApplication,
} from './queries.js';
import { ENTITY } from './submit.js';
import { recipientOf, statusTokenOf } from './view.js';

// Staff ask the farmer for more information, or refuse the application with a reason (docs/decisions/0111). Each in
// one transaction that locks the application first, writes its history and audit rows, and queues the farmer's
// e-mail and text message in their language with the status link.

/** The application in the caller's scope, its row locked; 404 when missing or out of scope. */
export async function lockInScope(tx: DbOrTx, ctx: CallerContext, applicationUuid: string): Promise<ApplicationRow> {
  const app = await lockApplicationInScope(tx, ctx.caller, applicationUuid.toLowerCase());
  if (!app) throw AppError.notFound(M.APPLICATION_NOT_FOUND);
  return app;
}

/** What the farmer's message says of the application: its number, farm, programs and link. */
export async function noticeFacts(tx: DbOrTx, ctx: RequestContext, app: ApplicationRow) {
  const programs = await programsOfApplication(tx, app.id);
  return {
    applicationId: app.id,
    farmName: app.farmName,
    programNames: programs.map((p) => p.programName),
    contacts: programs.map((p) => ({ name: p.programName, email: p.contactEmail, phone: p.contactPhone })),
    link: statusLink(ctx, statusTokenOf(app, ctx.config)),
  };
}

/** POST /merchant-api/farmer-applications/{applicationUuid}/more-info */
export async function askMoreInfo(
  context: RequestContext,
  applicationUuid: string,
  body: MoreInfoBody,
): Promise<StaffDecision> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const app = await lockInScope(tx, ctx, applicationUuid);
    if (!canAskMoreInfo(app.status as FarmerApplicationStatus)) throw AppError.conflict(M.ALREADY_DECIDED);
    const now = ctx.now();
    await updateApplication(tx, app.id, { status: 'more-info', staffRequest: body.note, updatedAt: now });
    await insertEvent(tx, {
      applicationId: app.id,
      action: 'more-info',
      note: body.note,
      byUserId: ctx.caller.userId,
      at: now,
    });
    await recordAudit(tx, ctx, {
      action: 'more-info',
      entity: ENTITY,
      entityId: app.uuid,
      before: { status: app.status, staffRequest: app.staffRequest },
      after: { status: 'more-info', staffRequest: body.note },
    });
    await tellMoreInfo(tx, ctx, recipientOf(app), { ...(await noticeFacts(tx, ctx, app)), note: body.note });
    return { message: M.MORE_INFO_SENT, status: 'more-info', merchantUuid: null };
  });
}

/** POST /merchant-api/farmer-applications/{applicationUuid}/refuse */
export async function refuseApplication(
  context: RequestContext,
  applicationUuid: string,
  body: RefuseBody,
): Promise<StaffDecision> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const app = await lockInScope(tx, ctx, applicationUuid);
    if (!canRefuse(app.status as FarmerApplicationStatus)) throw AppError.conflict(M.ALREADY_DECIDED);
    const now = ctx.now();
    await updateApplication(tx, app.id, {
      status: 'refused',
      refusalReason: body.reason,
      decidedAt: now,
      decidedBy: ctx.caller.userId,
      updatedAt: now,
    });
    await insertEvent(tx, {
      applicationId: app.id,
      action: 'refused',
      note: body.reason,
      byUserId: ctx.caller.userId,
      at: now,
    });
    await recordAudit(tx, ctx, {
      action: 'refuse',
      entity: ENTITY,
      entityId: app.uuid,
      before: { status: app.status, refusalReason: app.refusalReason },
      after: { status: 'refused', refusalReason: body.reason },
    });
    await tellRefused(tx, ctx, recipientOf(app), { ...(await noticeFacts(tx, ctx, app)), reason: body.reason });
    return { message: M.REFUSED, status: 'refused', merchantUuid: null };
  });
}
