import { eq } from 'drizzle-orm';
import { AGENCY_MESSAGES, type AgencySaved, agencyChanges, type UpdateAgencyInput } from '@ebt/core/agencies';
import { fromCents, toCents } from '@ebt/core/format';
import { PRIVILEGE } from '@ebt/core/privileges';
import { agencies } from '../../db/schema/index.js';
import { checkAgencyFunding } from '../../platform/agency-funding.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { lockAgency } from './queries.js';
import { agencyAuditView, CODE_INDEX } from './writes.js';

// PUT /account-api/agency/{agencyUuid} (B§2 "Update Agency", B§5, B§6, B§7; docs/decisions/0028-agencies.md). The
// program is read-only. Name and code need AGENCY_UPDATE, the funding fields AGENCY_FUNDING_UPDATE (program admins and
// platform admins): a field sent with its stored value is no change, a change without its right answers 403 and
// nothing is written. One transaction: the agency row locked first, the update, the funding re-check (a new amount
// may cross the alert threshold or re-arm it; decision 0029), the audit row.

export async function updateAgency(
  context: RequestContext,
  agencyUuid: string,
  body: UpdateAgencyInput,
): Promise<AgencySaved> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const agency = await lockAgency(tx, ctx.caller, agencyUuid.toLowerCase());
    if (!agency) throw AppError.notFound(AGENCY_MESSAGES.AGENCY_NOT_FOUND);
    if (body.programUuid !== undefined && body.programUuid.toLowerCase() !== agency.programUuid)
      throw AppError.badRequest(AGENCY_MESSAGES.PROGRAM_READ_ONLY, 'programUuid');
    const before = agencyAuditView(agency);
    const changes = agencyChanges(before, body);
    if (changes.names && !ctx.caller.privileges.has(PRIVILEGE.AGENCY_UPDATE))
      throw AppError.forbidden(AGENCY_MESSAGES.PRIVILEGE_ERROR);
    if (changes.funding && !ctx.caller.privileges.has(PRIVILEGE.AGENCY_FUNDING_UPDATE))
      throw AppError.forbidden(AGENCY_MESSAGES.PRIVILEGE_ERROR);
    if (changes.fields.length === 0) return { message: AGENCY_MESSAGES.AGENCY_UPDATED, agencyUuid: agency.uuid };

    const after = {
      agencyName: body.agencyName ?? before.agencyName,
      agencyCode: body.agencyCode ?? before.agencyCode,
      fundingAmount:
        body.fundingAmount === undefined
          ? before.fundingAmount
          : body.fundingAmount === null
            ? null
            : fromCents(toCents(body.fundingAmount)),
      fundingAlert: body.fundingAlert ?? before.fundingAlert,
      fundingDate: body.fundingDate === undefined ? before.fundingDate : body.fundingDate,
    };
    try {
      await tx
        .update(agencies)
        .set({
          name: after.agencyName,
          code: after.agencyCode,
          fundingAmount: after.fundingAmount,
          fundingAlert: after.fundingAlert,
          fundingDate: after.fundingDate,
          updatedAt: ctx.now(),
        })
        .where(eq(agencies.id, agency.id));
    } catch (error) {
      if (isUniqueViolation(error, CODE_INDEX))
        throw AppError.conflict(AGENCY_MESSAGES.AGENCY_CODE_NOT_UNIQUE, 'agencyCode');
      throw error;
    }
    if (changes.funding) await checkAgencyFunding(tx, ctx, [agency.id], { enforce: false });
    await recordAudit(tx, ctx, { action: 'update', entity: 'agency', entityId: agency.uuid, before, after });
    return { message: AGENCY_MESSAGES.AGENCY_UPDATED, agencyUuid: agency.uuid };
  });
}
