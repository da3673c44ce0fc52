import { eq } from 'drizzle-orm';
import { PROGRAM_MESSAGES, type ProgramBody, type ProgramSaved } from '@ebt/core/programs';
import { programs } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
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

// PUT /admin-api/programs/{uuid} (B§4 "Program funding sources", B§5 "Program", B§7; docs/decisions/0030). One
// transaction: the program locked first, the checks, the program's fields, its funding sources (added, renamed,
// removed), then the audit row with before and after. Any refusal rolls the whole save back.

export async function updateProgram(
  context: RequestContext,
  programUuid: string,
  body: ProgramBody,
): Promise<ProgramSaved> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const program = await lockProgram(tx, programUuid.toLowerCase());
    if (!program) throw AppError.notFound(PROGRAM_MESSAGES.PROGRAM_NOT_FOUND);
    await checkAgainstOthers(tx, body, program);
    const before = programAuditView(program, ctx.config);
    try {
      await tx
        .update(programs)
        .set({
          ...programColumns(body),
          ...configurationToStore(body.configuration, program.configurationSecrets, ctx.config),
          updatedAt: ctx.now(),
        })
        .where(eq(programs.id, program.id));
    } catch (error) {
      if (
        isUniqueViolation(error, 'programs_short_name_lower_key') ||
        isUniqueViolation(error, 'programs_short_name_unique')
      )
        throw AppError.conflict(PROGRAM_MESSAGES.SHORT_NAME_EXISTS, 'shortName');
      if (isUniqueViolation(error, 'programs_pan_prefix_key'))
        throw AppError.conflict(PROGRAM_MESSAGES.PAN_PREFIX_EXISTS, 'bin');
      throw error;
    }
    await applyFundingSources(tx, program.id, program.fundingSources, body.fundingSources);
    const after = programAuditView((await lockProgram(tx, program.uuid))!, ctx.config);
    await recordAudit(tx, ctx, { action: 'update', entity: 'program', entityId: program.uuid, before, after });
    return { message: PROGRAM_MESSAGES.PROGRAM_UPDATED, programUuid: program.uuid };
  });
}
