import { randomUUID } from 'node:crypto';
import { todayIn } from '@ebt/core/format';
import { ruleMessage } from '@ebt/core/messages';
import { PROGRAM_MESSAGES, type ProgramBody, type ProgramSaved, programDateMin } from '@ebt/core/programs';
import { programs } from '../../db/schema/index.js';
import { ensurePrintedAccount } from '../pans/index.js';
import { recordAudit } from '../../platform/audit.js';
import { configInteger } from '../../platform/config-values.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { lockProgram } from './queries.js';
import {
  applyFundingSources,
  checkAgainstOthers,
  configurationToStore,
  programAuditView,
  programColumns,
} from './writes.js';

// POST /admin-api/programs (B§5 "Program", B§7; docs/decisions/0030): the program and its funding sources in one
// transaction, audited with the program's fields (configuration masked) and the sources' names.

/** The configuration key of a new program's printed-PAN maximum (docs/configuration.md), and its default. */
export const DEFAULT_MAX_PRINTED_PANS_KEY = 'pan.defaultMaxPrintedPans';
export const DEFAULT_MAX_PRINTED_PANS = 500;

export async function addProgram(context: RequestContext, body: ProgramBody): Promise<ProgramSaved> {
  const ctx = requireCaller(context);
  const today = todayIn(ctx.config.defaultTimeZone, ctx.now());
  // B§5: a new program starts today or later (editing allows any date from 2021-02-01, the schema's own minimum).
  const min = programDateMin('add', today);
  const tooEarly = ruleMessage(PROGRAM_MESSAGES.DATE_TOO_EARLY, { date: min });
  if (body.startDate < min) throw AppError.badRequest(tooEarly, 'startDate');
  if (body.endDate < min) throw AppError.badRequest(tooEarly, 'endDate');
  if (body.fundingSources.some((s) => s.fundingId > 0))
    throw AppError.badRequest(PROGRAM_MESSAGES.FUNDING_SOURCE_UNKNOWN, 'fundingSources');
  const stored = configurationToStore(body.configuration, null, ctx.config);
  const maxPrintedPans = await configInteger(ctx.db, DEFAULT_MAX_PRINTED_PANS_KEY, today, DEFAULT_MAX_PRINTED_PANS);

  return ctx.db.transaction(async (tx) => {
    await checkAgainstOthers(tx, body);
    const uuid = randomUUID();
    const now = ctx.now();
    let programId: number;
    try {
      const [row] = await tx
        .insert(programs)
        .values({
          uuid,
          ...programColumns(body),
          ...stored,
          maxPrintedPans: Math.max(0, maxPrintedPans),
          timeZone: ctx.config.defaultTimeZone,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: programs.id });
      programId = row!.id;
    } catch (error) {
      // A second request with the same short name or PAN digits that got past the checks first.
      if (
        isUniqueViolation(error, 'programs_short_name_lower_key') ||
        isUniqueViolation(error, 'programs_short_name_unique')
      )
        throw AppError.conflict(PROGRAM_MESSAGES.SHORT_NAME_EXISTS, 'shortName');
      if (isUniqueViolation(error, 'programs_pan_prefix_key'))
        throw AppError.conflict(PROGRAM_MESSAGES.PAN_PREFIX_EXISTS, 'bin');
      throw error;
    }
    await applyFundingSources(tx, programId, [], body.fundingSources);
    // The program's printed-PAN account (decision 0035), made with it and named in its audit row.
    const pool = await ensurePrintedAccount(tx, programId);
    const created = (await lockProgram(tx, uuid))!;
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: 'program',
      entityId: uuid,
      after: { ...programAuditView(created, ctx.config), cardPoolUuid: pool?.uuid ?? null },
    });
    return { message: PROGRAM_MESSAGES.PROGRAM_ADDED, programUuid: uuid };
  });
}
