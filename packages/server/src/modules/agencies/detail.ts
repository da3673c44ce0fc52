import { AGENCY_MESSAGES, type AgencyDetail, type AgencyUser } from '@ebt/core/agencies';
import { toCents } from '@ebt/core/format';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type AgencyRecord, agencyWithUsers, findAgencyDetail } from './queries.js';

// GET /account-api/agency/{id} and GET /account-api/agency/{id}/user (B§2 "Update Agency", B§3, B§7;
// docs/decisions/0028-agencies.md). One read each after the caller's; out of scope answers 404 like missing.

const amount = (value: string | null) => (value === null ? null : toCents(value) / 100);

export function agencyDetailOf(a: AgencyRecord): AgencyDetail {
  return {
    agencyUuid: a.uuid,
    agencyName: a.name,
    agencyCode: a.code,
    programUuid: a.programUuid,
    programName: a.programName,
    program: { programUuid: a.programUuid, programName: a.programName },
    fundingAmount: amount(a.fundingAmount),
    fundingAlert: a.fundingAlert,
    fundingDate: a.fundingDate,
    issuedAmount: amount(a.issuedAmount) ?? 0,
  };
}

export async function getAgency(context: RequestContext, agencyUuid: string): Promise<AgencyDetail> {
  const ctx = requireCaller(context);
  const agency = await findAgencyDetail(ctx.db, ctx.caller, agencyUuid.toLowerCase());
  if (!agency) throw AppError.notFound(AGENCY_MESSAGES.AGENCY_NOT_FOUND);
  return agencyDetailOf(agency);
}

/** The agency's admins and users (deleted users left out), admins first, then by username. */
export async function getAgencyUsers(context: RequestContext, agencyUuid: string): Promise<AgencyUser[]> {
  const ctx = requireCaller(context);
  const found = await agencyWithUsers(ctx.db, ctx.caller, agencyUuid.toLowerCase());
  if (!found) throw AppError.notFound(AGENCY_MESSAGES.AGENCY_NOT_FOUND);
  return found;
}
