import { randomUUID } from 'node:crypto';
import { AGENCY_MESSAGES, type AddAgencyInput, type AgencySaved } from '@ebt/core/agencies';
import { DEFAULT_FUNDING_ALERT } from '@ebt/core/constants';
import { fromCents, toCents } from '@ebt/core/format';
import { PRIVILEGE } from '@ebt/core/privileges';
import { agencies } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { programInScope } from '../../platform/search.js';
import { CODE_INDEX } from './writes.js';

// POST /account-api/agency (B§2 "Add Agency", B§5 "Agency", B§7; docs/decisions/0028-agencies.md). AGENCY_ADD adds;
// funding fields (amount, date, and an alert other than the default on) need AGENCY_FUNDING_UPDATE as on update (B§6), so a caller without it who sends them gets 403 rather
// than a silently dropped value. The code is unique in the program ignoring case; the unique index settles a race.

export async function addAgency(context: RequestContext, body: AddAgencyInput): Promise<AgencySaved> {
  const ctx = requireCaller(context);
  const program = await programInScope(ctx, { uuid: body.programUuid.toLowerCase() });
  if (!program) throw AppError.notFound(AGENCY_MESSAGES.PROGRAM_NOT_FOUND);
  // fundingAlert is a funding field too (decision 0028): anything but the default (alerts on) needs the right.
  const sendsFunding =
    body.fundingAmount != null || body.fundingDate != null || body.fundingAlert !== DEFAULT_FUNDING_ALERT;
  if (sendsFunding && !ctx.caller.privileges.has(PRIVILEGE.AGENCY_FUNDING_UPDATE))
    throw AppError.forbidden(AGENCY_MESSAGES.PRIVILEGE_ERROR);
  const fundingAmount = body.fundingAmount == null ? null : fromCents(toCents(body.fundingAmount));
  const now = ctx.now();

  return ctx.db.transaction(async (tx) => {
    const uuid = randomUUID();
    try {
      await tx.insert(agencies).values({
        uuid,
        programId: program.id,
        name: body.agencyName,
        code: body.agencyCode,
        fundingAmount,
        fundingAlert: body.fundingAlert,
        fundingDate: body.fundingDate ?? null,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if (isUniqueViolation(error, CODE_INDEX))
        throw AppError.conflict(AGENCY_MESSAGES.AGENCY_CODE_NOT_UNIQUE, 'agencyCode');
      throw error;
    }
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: 'agency',
      entityId: uuid,
      after: {
        programId: program.id,
        agencyName: body.agencyName,
        agencyCode: body.agencyCode,
        fundingAmount,
        fundingAlert: body.fundingAlert,
        fundingDate: body.fundingDate ?? null,
      },
    });
    return { message: AGENCY_MESSAGES.AGENCY_ADDED, agencyUuid: uuid };
  });
}
