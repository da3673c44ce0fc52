import { PROGRAM_MESSAGES, type ProgramDetail } from '@ebt/core/programs';
import type { Config } from '../../config.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { moneyOut } from '../../platform/wire.js';
import { findProgramDetail, type ProgramDetailRow } from './queries.js';
import { shownConfiguration } from './writes.js';

/** A program as GET /admin-api/programs/{uuid} answers it: B§3's fields, the configuration's secrets masked. */
export function programDetailOf(row: ProgramDetailRow, config: Config): ProgramDetail {
  return {
    programUuid: row.uuid,
    programId: row.id,
    programName: row.name,
    shortName: row.shortName,
    programStatusId: row.statusId,
    bin: row.bin,
    seriesNbr: row.seriesNbr,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    contactAddress1: row.contactAddress1,
    contactAddress2: row.contactAddress2,
    contactCity: row.contactCity,
    contactStateCode: row.contactStateCode,
    contactZip: row.contactZip,
    startDate: row.startDate,
    endDate: row.endDate,
    configuration: shownConfiguration(row, config),
    fundingSources: row.fundingSources.map((s) => ({ fundingId: Number(s.fundingId), name: s.name })),
    benefitExpiration: row.benefitExpirationDays,
    incentiveExpiration: row.incentiveExpirationDays,
    benefitAmount: moneyOut(row.benefitAmount),
    fundingAmount: moneyOut(row.fundingAmount),
    fundingDate: row.fundingDate,
    lastIssuanceDate: row.lastIssuanceDate,
    enableBenefitNote: row.enableBenefitNote,
    benefitOptionTypeId: row.benefitOptionTypeId,
    panPrefixFixed: Boolean(row.panPrefixFixed),
    pinRequired: row.pinRequired,
  };
}

/** GET /admin-api/programs/{uuid} (B§7): one statement after the caller's; an unknown uuid answers 404. */
export async function getProgram(context: RequestContext, programUuid: string): Promise<ProgramDetail> {
  const ctx = requireCaller(context);
  const row = await findProgramDetail(ctx.db, programUuid.toLowerCase());
  if (!row) throw AppError.notFound(PROGRAM_MESSAGES.PROGRAM_NOT_FOUND);
  return programDetailOf(row, ctx.config);
}
