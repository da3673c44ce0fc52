import type { CallerProgram } from '@ebt/core/programs';
import { callerProgramsQuery } from '../../platform/caller-programs.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { moneyOut } from '../../platform/wire.js';

export async function listCallerPrograms(context: RequestContext): Promise<CallerProgram[]> {
  const rows = await callerProgramsQuery(requireCaller(context));
  return rows.map((p) => ({
    programUuid: p.uuid,
    programId: p.id,
    programName: p.name,
    shortName: p.shortName,
    programStatusId: p.statusId,
    benefitExpiration: p.benefitExpirationDays,
    incentiveExpiration: p.incentiveExpirationDays,
    benefitAmount: moneyOut(p.benefitAmount),
    enableBenefitNote: p.enableBenefitNote,
    benefitOptionTypeId: p.benefitOptionTypeId,
    lastIssuanceDate: p.lastIssuanceDate,
    // The zone the issue service takes "today" in (benefits/issue.ts), so the form's today is the server's.
    timeZone: p.timeZone,
    startDate: p.startDate,
    endDate: p.endDate,
    contactEmail: p.contactEmail,
    contactPhone: p.contactPhone,
    contactAddress1: p.contactAddress1,
    contactAddress2: p.contactAddress2,
    contactCity: p.contactCity,
    contactStateCode: p.contactStateCode,
    contactZip: p.contactZip,
  }));
}
