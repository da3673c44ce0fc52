import {
  FARMER_APPLICATION_MESSAGES as M,
  type FarmerApplicationEvent,
  type StaffFarmerApplication,
  merchantIdentifierBase,
  suggestedMerchantIdentifier,
} from '@ebt/core/farmer-applications';
import { PRIVILEGE } from '@ebt/core/privileges';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findDuplicates } from './duplicates.js';
import {
  applicationInScopeByUuid,
  eventsOfApplication,
  identifiersStartingWith,
  programsOfApplication,
} from './queries.js';
import { toView } from './view.js';

// GET /merchant-api/farmer-applications/{applicationUuid} (docs/decisions/0111): the application, numbers masked, with
// its history, its duplicates and the Merchant ID to offer on approval. Out of the caller's scope answers 404 like a
// missing one.

export async function getStaffApplication(
  context: RequestContext,
  applicationUuid: string,
): Promise<StaffFarmerApplication> {
  const ctx = requireCaller(context);
  const found = await applicationInScopeByUuid(ctx.db, ctx.caller, applicationUuid.toLowerCase());
  if (!found) throw AppError.notFound(M.APPLICATION_NOT_FOUND);
  const app = found.application;
  const [programs, events, duplicates, taken] = await Promise.all([
    programsOfApplication(ctx.db, app.id),
    eventsOfApplication(ctx.db, app.id),
    findDuplicates(ctx.db, ctx.caller, ctx.config, app),
    identifiersStartingWith(ctx.db, merchantIdentifierBase(app.id)),
  ]);
  return {
    application: toView(app, programs),
    duplicates,
    history: events.map((e): FarmerApplicationEvent => ({
      at: e.at.toISOString(),
      action: e.action as FarmerApplicationEvent['action'],
      by: e.by,
      note: e.note,
    })),
    merchantUuid: found.merchantUuid,
    suggestedMerchantIdentifier: suggestedMerchantIdentifier(app.id, taken),
    canDecide: ctx.caller.privileges.has(PRIVILEGE.MERCHANT_ADD),
  };
}
