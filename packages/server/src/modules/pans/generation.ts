import { PAN_STATUS, PAN_TYPE, PROGRAM_STATUS } from '@ebt/core/enums';
import { todayIn } from '@ebt/core/format';
import {
  bulkCountProblem,
  cardExpirationDate,
  cardLifeMonths,
  PAN_MESSAGES,
  panPrefixOf,
  type BulkPanGenerated,
  type PanGenerationSetup,
  type PrintedPanPage,
} from '@ebt/core/pans';
import { totalPages } from '@ebt/core/pager';
import { recordAudit } from '../../platform/audit.js';
import { canSeeProgram } from '../../platform/caller.js';
import { configInteger } from '../../platform/config-values.js';
import { requireCaller, type CallerContext, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { insertNewPans } from './numbers.js';
import {
  ensurePrintedAccount,
  printedAccount,
  printedPanPageOf,
  programById,
  programWithPool,
  setGenerationFirstPan,
  startGeneration,
} from './queries.js';

// Bulk printed PAN generation (B§2, B§4, B§5, B§7, resolution 18; decision 0035). Printed PANs are made on the
// program's printed-PAN account (type 1) and wait there until staff assign one to a recipient. The program's
// max_printed_pans bounds how many may wait at once: maxPrintedPans of the setup is that bound less the Active PANs
// waiting. Administrators may go past it (B§5); nobody past 9999 in one generation.

/** Configuration key: minutes a generation stays in process when its PDF is never fetched (docs/configuration.md). */
export const GENERATION_HOLD_KEY = 'pan.generationHoldMinutes';
export const GENERATION_HOLD_MINUTES = 5;
/** The hold is clamped to 1-60 minutes whatever the configuration says (docs/configuration.md). */
const holdMinutesWithin = (minutes: number) => Math.min(60, Math.max(1, Math.trunc(minutes)));

/** The program, when the caller may generate for it (administrators: any; others: their programs), else 404. */
async function generationProgram(ctx: CallerContext, programId: number) {
  const program = canSeeProgram(ctx.caller, programId) ? await programById(ctx.db, programId) : undefined;
  if (!program) throw AppError.notFound(PAN_MESSAGES.PROGRAM_NOT_FOUND);
  return program;
}

const isAdministrator = (ctx: CallerContext) => ctx.caller.scope === 'all';

/**
 * GET /account-api/account/pangen/{programId}: the program's printed-PAN account (made on first use, decision 0035)
 * and how many printed PANs may still be made; bin and series for the screen.
 */
export async function getGenerationSetup(context: RequestContext, programId: number): Promise<PanGenerationSetup> {
  const ctx = requireCaller(context);
  // One statement when the account exists (architecture.md "The request path"): the program, its account, its count.
  let row = canSeeProgram(ctx.caller, programId) ? await programWithPool(ctx.db, programId) : undefined;
  if (!row) throw AppError.notFound(PAN_MESSAGES.PROGRAM_NOT_FOUND);
  if (!row.pool) {
    // Made on first use, audited: this GET changes data (the audit walk's CHANGING_GETS).
    await ctx.db.transaction(async (tx) => {
      const made = await ensurePrintedAccount(tx, programId);
      if (made)
        await recordAudit(tx, ctx, {
          action: 'create',
          entity: 'recipient_account',
          entityId: made.id,
          after: { accountUuid: made.uuid, programId, isCardPool: true, accountTypeId: 1 },
        });
    });
    row = await programWithPool(ctx.db, programId);
  }
  const { program, pool, activeCount } = row!;
  if (!pool) throw AppError.notFound(PAN_MESSAGES.GENERATION_SETUP_ERROR);
  return {
    accountUuid: pool.uuid,
    accountTypeId: pool.accountTypeId,
    maxPrintedPans: Math.max(0, program.maxPrintedPans - activeCount),
    programId: program.id,
    programName: program.name,
    shortName: program.shortName,
    bin: program.bin,
    seriesNbr: program.seriesNbr,
  };
}

/**
 * POST /account-api/pans/gen/printed: `count` printed PANs in one transaction ('New Pans have been generated.').
 * 409 'A pan generation is currently in process for this program.' while another one is (the partial unique index,
 * which holds across server instances); 422 when the count is more than the program may still take (for
 * non-administrators: the count available changed since the screen read it, or was never that high).
 */
export async function generatePrintedPans(
  context: RequestContext,
  body: { programId: number; accountUuid: string; count: number },
): Promise<BulkPanGenerated> {
  const ctx = requireCaller(context);
  const program = await generationProgram(ctx, body.programId);
  if (program.statusId !== PROGRAM_STATUS.ENABLED) throw AppError.unprocessable(PAN_MESSAGES.PROGRAM_NOT_ENABLED);
  const prefix = panPrefixOf(program);
  if (!prefix) throw AppError.unprocessable(PAN_MESSAGES.PROGRAM_WITHOUT_PREFIX);
  const today = todayIn(program.timeZone || ctx.config.defaultTimeZone, ctx.now());
  const holdMinutes = await configInteger(ctx.db, GENERATION_HOLD_KEY, today, GENERATION_HOLD_MINUTES);
  return ctx.db.transaction(async (tx) => {
    const account = await printedAccount(tx, program.id);
    if (!account || account.uuid !== body.accountUuid.toLowerCase())
      throw AppError.badRequest(PAN_MESSAGES.NOT_THE_PRINTED_ACCOUNT, 'accountUuid');
    const now = ctx.now();
    const { id: panGenId, released } = await startGeneration(tx, {
      programId: program.id,
      accountId: account.id,
      count: body.count,
      createdBy: ctx.caller.userId,
      holdMinutes: holdMinutesWithin(holdMinutes),
    });
    // A generation whose PDF never came within the hold ends Failed, audited (decision 0035).
    for (const releasedId of released)
      await recordAudit(tx, ctx, {
        action: 'release',
        entity: 'pan_generation',
        entityId: releasedId,
        before: { statusId: 0 },
        after: { statusId: 2 },
      });
    if (panGenId === undefined) throw AppError.conflict(PAN_MESSAGES.GENERATION_IN_PROCESS);
    // Read after the generation row: no other generation of the program can change the pool until this one ends.
    const fresh = (await printedAccount(tx, program.id))!;
    const available = Math.max(0, program.maxPrintedPans - fresh.activeCount);
    if (bulkCountProblem(body.count, available, isAdministrator(ctx)))
      throw AppError.unprocessable(PAN_MESSAGES.GENERATION_COUNT_CHANGED);
    const expirationDate = cardExpirationDate(today, cardLifeMonths(program.configuration));
    const ids = await insertNewPans(
      tx,
      ctx.config,
      prefix,
      {
        programId: program.id,
        accountId: account.id,
        panTypeId: PAN_TYPE.PRINTED,
        panStatusId: PAN_STATUS.ACTIVE,
        activeDate: null,
        expirationDate,
        panGenerationId: panGenId,
        at: now,
      },
      body.count,
    );
    await setGenerationFirstPan(tx, panGenId, ids[0]!);
    // One row for the generation: its PANs carry its id (pans.pan_generation_id), 9,999 rows would say no more.
    await recordAudit(tx, ctx, {
      action: 'generate',
      entity: 'pan_generation',
      entityId: panGenId,
      after: {
        programId: program.id,
        count: body.count,
        firstId: ids[0],
        lastId: ids.at(-1),
        available,
        overMaximum: body.count > available,
      },
    });
    return { panGenId, panId: ids[0]!, count: ids.length, message: PAN_MESSAGES.PANS_GENERATED };
  });
}

/** GET /account-api/pans/printed?programId&page&pageSize: the printed PANs waiting on the program's account. */
export async function listPrintedPans(
  context: RequestContext,
  query: { programId: number; page: number; pageSize: number },
): Promise<PrintedPanPage> {
  const ctx = requireCaller(context);
  // One statement (architecture.md "The request path"): the program, its account's page and count.
  const rows = canSeeProgram(ctx.caller, query.programId)
    ? await printedPanPageOf(ctx.db, query.programId, query.page * query.pageSize, query.pageSize)
    : [];
  if (rows.length === 0) throw AppError.notFound(PAN_MESSAGES.PROGRAM_NOT_FOUND);
  const total = Number(rows[0]!.total ?? 0);
  return {
    data: rows
      .filter((r) => r.pan_id !== null)
      .map((r) => ({
        panId: Number(r.pan_id),
        last4: r.last4!,
        panGenId: r.pan_gen_id === null ? null : Number(r.pan_gen_id),
        panStatusId: Number(r.pan_status_id),
        expirationDate: r.expiration_date,
        createdDate: new Date(r.created_at!).toISOString(),
      })),
    page: query.page,
    totalCount: total,
    totalPages: totalPages(total, query.pageSize),
    countCapped: false,
  };
}
