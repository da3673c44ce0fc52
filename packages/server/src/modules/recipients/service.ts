import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { todayIn } from '@ebt/core/format';
import { DEFAULT_TIME_ZONE } from '@ebt/core/constants';
import {
  ACCOUNT_STATUS,
  ACCOUNT_STATUS_LABEL,
  ACCOUNT_TYPE,
  type AccountStatus,
  PROGRAM_STATUS,
  USER_STATUS,
} from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { PRIVILEGE } from '@ebt/core/privileges';
import {
  ACCOUNT_STATUS_OPTIONS,
  type AccountStatusOption,
  type AddRecipientBody,
  hasRecipientSearchCriterion,
  isRecipientFieldUpdate,
  isSameAgencyMove,
  type MoveRecipientBody,
  nextRecipientIdentifier,
  RECIPIENT_EXPORT_HEADERS,
  RECIPIENT_EXPORT_ROW_CAP,
  RECIPIENT_MESSAGES,
  RECIPIENT_SEARCH_COUNT_CAP,
  type RecipientAccount,
  type RecipientCreated,
  type RecipientExportQuery,
  recipientSearchCriteria,
  type RecipientSearchPage,
  type RecipientSearchQuery,
  totalPagesOf,
  type UpdateRecipientBody,
} from '@ebt/core/recipients';
import type { DbOrTx } from '../../db/client.js';
import { agencies, applicants, programs, recipientAccounts, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { canSeeAgency, canSeeProgram, type Caller } from '../../platform/caller.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type ExportColumn, exportFormat, keysetBatches, sendExport } from '../../platform/export.js';
import {
  accountWireFields,
  auditView,
  createRecipientUser,
  isUniqueViolation,
  RECIPIENT_ACCOUNT_ENTITY,
  type RecipientColumns,
  recipientColumns,
  recipientUserAuditView,
} from './accounts.js';
import {
  countRecipientsUpTo,
  emailInUse,
  exportRecipientBatch,
  findRecipientAccount,
  highestGeneratedIdentifier,
  lockProgramRecipients,
  lockRecipientAccount,
  moveIssuedBenefits,
  type RecipientAccountRecord,
  type RecipientExportRow,
  type RecipientFilter,
  searchRecipientRows,
} from './queries.js';
import { findAgencyByUuid as findAgency } from '../../platform/lookups.js';
import { pageWithCount } from '../../platform/search-counts.js';

// Recipients (part 1 §2-§9 "Recipient search", "Recipient detail", "Add Recipient"; docs/decisions/0009). Services
// apply the rules and the caller's scope; a record outside the scope answers 404 like a missing one (style.md).

const ENTITY = RECIPIENT_ACCOUNT_ENTITY;

// ---------------------------------------------------------------------------------------------------------------
// Search and export

/**
 * Resolves the program and agency choices of a search to ids. Null when a uuid names nothing, so nothing can match.
 * Scope is not checked here: the search itself is AND-ed with it.
 */
async function resolveFilter(
  ctx: CallerContext,
  query: Partial<Record<keyof RecipientSearchQuery, unknown>>,
): Promise<RecipientFilter | null> {
  const criteria = recipientSearchCriteria(query as Parameters<typeof recipientSearchCriteria>[0]);
  if (!hasRecipientSearchCriterion(criteria)) throw AppError.badRequest(MESSAGES.AT_LEAST_ONE_FIELD);
  const filter: RecipientFilter = { criteria };
  if (criteria.programUuid) {
    const [program] = await ctx.db
      .select({ id: programs.id })
      .from(programs)
      .where(eq(programs.uuid, criteria.programUuid))
      .limit(1);
    if (!program) return null;
    filter.programId = program.id;
  }
  if (criteria.agencyUuid) {
    const [agency] = await ctx.db
      .select({ id: agencies.id })
      .from(agencies)
      .where(eq(agencies.uuid, criteria.agencyUuid))
      .limit(1);
    if (!agency) return null;
    filter.agencyId = agency.id;
  }
  return filter;
}

/**
 * GET /account-api/account. The count stops at RECIPIENT_SEARCH_COUNT_CAP + 1 matches; pages past the cap answer no
 * rows (the offset is capped with the count, architecture.md "Search and lists").
 */
export async function searchRecipients(
  context: RequestContext,
  query: RecipientSearchQuery,
): Promise<RecipientSearchPage> {
  const ctx = requireCaller(context);
  const { page, pageSize } = query;
  const filter = await resolveFilter(ctx, query);
  if (!filter) return { data: [], page, totalCount: 0, totalPages: 0, countCapped: false };
  const offset = page * pageSize;
  const limit = Math.min(pageSize, RECIPIENT_SEARCH_COUNT_CAP - offset);
  const { rows: data, counted } = await pageWithCount({
    caller: ctx.caller,
    search: 'recipients',
    criteria: filter,
    page,
    offset,
    limit,
    now: ctx.now().getTime(),
    rows: () => searchRecipientRows(ctx.db, ctx.caller, filter, { limit, offset }),
    count: () => countRecipientsUpTo(ctx.db, ctx.caller, filter, RECIPIENT_SEARCH_COUNT_CAP),
  });
  const countCapped = counted > RECIPIENT_SEARCH_COUNT_CAP;
  const totalCount = Math.min(counted, RECIPIENT_SEARCH_COUNT_CAP);
  return { data, page, totalCount, totalPages: totalPagesOf(totalCount, pageSize), countCapped };
}

const EXPORT_COLUMNS: readonly ExportColumn<RecipientExportRow>[] = (() => {
  const values: ((row: RecipientExportRow) => string | null)[] = [
    (r) => r.recipientIdentifier,
    (r) => r.firstname,
    (r) => r.middlename,
    (r) => r.lastname,
    (r) => r.address1,
    (r) => r.address2,
    (r) => r.city,
    (r) => r.stateCode,
    (r) => r.zipcode,
    (r) => r.email,
    (r) => r.mobilePhone,
    (r) => r.programName,
    (r) => r.agencyName,
    (r) => ACCOUNT_STATUS_LABEL[r.accountStatusId as AccountStatus] ?? String(r.accountStatusId),
  ];
  return RECIPIENT_EXPORT_HEADERS.map((header, i) => ({ header, value: values[i]!, width: i === 9 ? 30 : undefined }));
})();

/**
 * GET /account-api/account/export: the search's matches as CSV (default) or XLSX (exportType=xlsx), streamed from
 * the database 1000 rows a batch by id, at most RECIPIENT_EXPORT_ROW_CAP rows (X-Export-Truncated: true past it).
 */
export async function exportRecipients(
  context: RequestContext,
  query: RecipientExportQuery,
  reply: FastifyReply,
): Promise<void> {
  const ctx = requireCaller(context);
  const filter = await resolveFilter(ctx, query);
  const counted = filter ? await countRecipientsUpTo(ctx.db, ctx.caller, filter, RECIPIENT_EXPORT_ROW_CAP) : 0;
  const rows = filter
    ? keysetBatches(
        (afterId, limit) => exportRecipientBatch(ctx.db, ctx.caller, filter, afterId, limit),
        (r) => r.id,
        {
          cap: RECIPIENT_EXPORT_ROW_CAP,
        },
      )
    : (async function* none(): AsyncGenerator<RecipientExportRow> {})();
  sendExport(reply, {
    format: exportFormat(query.exportType),
    filename: `recipients-${todayIn(DEFAULT_TIME_ZONE, ctx.now()).replaceAll('-', '')}`,
    sheetName: 'Recipients',
    columns: EXPORT_COLUMNS,
    rows,
    truncated: counted > RECIPIENT_EXPORT_ROW_CAP,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// One recipient

function toRecipientAccount(record: RecipientAccountRecord): RecipientAccount {
  const a = record.account;
  return {
    ...accountWireFields(a),
    programId: a.programId,
    programUuid: record.programUuid,
    programName: record.programName,
    agencyUuid: record.agencyUuid,
    agencyName: record.agencyName,
    userUuid: record.userUuid,
    username: record.username,
    applicantId: a.applicantId,
    maxPrintedPans: a.maxPrintedPans ?? record.programMaxPrintedPans,
    creationChannel: a.creationChannel,
    createdDate: a.createdAt.toISOString(),
    updatedDate: a.updatedAt.toISOString(),
  };
}

async function loadRecipient(
  db: DbOrTx,
  caller: Caller,
  accountUuid: string,
  notFound: string = RECIPIENT_MESSAGES.RECIPIENT_NOT_FOUND,
) {
  const record = await findRecipientAccount(db, caller, accountUuid);
  if (!record) throw AppError.notFound(notFound);
  return toRecipientAccount(record);
}

/** GET /account-api/account/{accountUuid}: missing and out-of-scope accounts both answer 404. */
export async function getRecipient(context: RequestContext, accountUuid: string): Promise<RecipientAccount> {
  const ctx = requireCaller(context);
  return loadRecipient(ctx.db, ctx.caller, accountUuid);
}

async function findProgram(db: DbOrTx, programUuid: string) {
  const [program] = await db
    .select({ id: programs.id, uuid: programs.uuid, shortName: programs.shortName, statusId: programs.statusId })
    .from(programs)
    .where(eq(programs.uuid, programUuid))
    .limit(1);
  return program;
}

/** recipientProgramIdentifier, when sent, names the program by its id, short name or uuid (decision 0009). */
function namesProgram(identifier: string | number, program: { id: number; uuid: string; shortName: string }): boolean {
  const value = String(identifier).trim().toLowerCase();
  return (
    value === String(program.id) || value === program.shortName.toLowerCase() || value === program.uuid.toLowerCase()
  );
}

/**
 * POST /account-api/account (part 1 §5-§7). One transaction: the program's lock, the e-mail check, the next
 * Account ID, the portal user, the account, the applicant's processed mark and the audit rows.
 */
export async function addRecipient(context: RequestContext, body: AddRecipientBody): Promise<RecipientCreated> {
  const ctx = requireCaller(context);
  const { caller } = ctx;
  const now = ctx.now();

  const program = await findProgram(ctx.db, body.programUuid);
  if (!program || !canSeeProgram(caller, program.id)) throw AppError.notFound(RECIPIENT_MESSAGES.PROGRAM_NOT_FOUND);
  if (program.statusId !== PROGRAM_STATUS.ENABLED)
    throw AppError.badRequest(RECIPIENT_MESSAGES.PROGRAM_NOT_ENABLED, 'programUuid');
  if (
    body.recipientProgramIdentifier != null &&
    body.recipientProgramIdentifier !== '' &&
    !namesProgram(body.recipientProgramIdentifier, program)
  ) {
    throw AppError.badRequest(RECIPIENT_MESSAGES.PROGRAM_IDENTIFIER_MISMATCH, 'recipientProgramIdentifier');
  }

  // Part 1 §6: agency staff must choose one of their agencies; program and platform admins may leave it empty
  // (a program-level account).
  let agencyId: number | null = null;
  if (body.agencyUuid) {
    const agency = await findAgency(ctx.db, body.agencyUuid);
    if (!agency || !canSeeAgency(caller, agency.programId, agency.id))
      throw AppError.notFound(RECIPIENT_MESSAGES.AGENCY_NOT_FOUND);
    if (agency.programId !== program.id)
      throw AppError.badRequest(RECIPIENT_MESSAGES.AGENCY_NOT_IN_PROGRAM, 'agencyUuid');
    agencyId = agency.id;
  } else if (caller.scope === 'agencies') {
    throw AppError.badRequest(MESSAGES.AGENCY_REQUIRED, 'agencyUuid');
  }

  // Part 1 §6: only platform admins may set the account type; for everyone else it is dropped.
  const accountTypeId = caller.scope === 'all' ? (body.accountTypeId ?? ACCOUNT_TYPE.STANDARD) : ACCOUNT_TYPE.STANDARD;
  if (body.applicantId != null && !caller.privileges.has(PRIVILEGE.PROCESS_APPLICANT)) throw AppError.forbidden();

  const columns = recipientColumns(body);
  return ctx.db.transaction(async (tx) => {
    await lockProgramRecipients(tx, program.id);

    let applicant: { id: number; uuid: string } | null = null;
    if (body.applicantId != null) {
      const [row] = await tx
        .select({
          id: applicants.id,
          uuid: applicants.uuid,
          programId: applicants.programId,
          processedAccountId: applicants.processedAccountId,
        })
        .from(applicants)
        .where(eq(applicants.id, body.applicantId))
        .limit(1)
        .for('update');
      // An applicant of a program the caller cannot see answers like a missing one (style.md "Access").
      if (!row || !canSeeProgram(caller, row.programId))
        throw AppError.notFound(RECIPIENT_MESSAGES.APPLICANT_NOT_FOUND);
      if (row.programId !== program.id)
        throw AppError.badRequest(RECIPIENT_MESSAGES.APPLICANT_OTHER_PROGRAM, 'applicantId');
      if (row.processedAccountId !== null)
        throw AppError.conflict(RECIPIENT_MESSAGES.APPLICANT_ALREADY_PROCESSED, 'applicantId');
      applicant = { id: row.id, uuid: row.uuid };
    }
    const applicantId = applicant?.id ?? null;

    if (await emailInUse(tx, program.id, columns.email))
      throw AppError.conflict(MESSAGES.RECIPIENT_EMAIL_EXISTS, 'email');

    const recipientIdentifier = nextRecipientIdentifier(await highestGeneratedIdentifier(tx, program.id));
    if (!recipientIdentifier) throw new Error(`the 8-digit Account ID range of program ${program.id} is used up`);

    const user = await createRecipientUser(tx, columns, recipientIdentifier, now);
    let account: typeof recipientAccounts.$inferSelect;
    try {
      [account] = (await tx
        .insert(recipientAccounts)
        .values({
          programId: program.id,
          agencyId,
          userId: user.id,
          recipientIdentifier,
          statusId: ACCOUNT_STATUS.ACTIVE,
          accountTypeId,
          ...columns,
          creationChannel: body.creationChannel,
          applicantId,
          createdAt: now,
          updatedAt: now,
        })
        .returning()) as [typeof recipientAccounts.$inferSelect];
    } catch (error) {
      // Only a writer that does not take the program's lock (a direct database load) can get here.
      if (isUniqueViolation(error, 'recipient_accounts_program_identifier_key'))
        throw AppError.conflict(RECIPIENT_MESSAGES.IDENTIFIER_TAKEN);
      throw error;
    }

    if (applicant !== null) {
      await tx
        .update(applicants)
        .set({ processedAccountId: account.id, processedAt: now })
        .where(eq(applicants.id, applicant.id));
      await recordAudit(tx, ctx, {
        action: 'process',
        entity: 'applicant',
        entityId: applicant.uuid,
        before: { processedAccountUuid: null },
        after: { processedAccountUuid: account.uuid, processedAt: now.toISOString() },
      });
    }
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: 'user',
      entityId: user.uuid,
      after: recipientUserAuditView(user),
    });
    await recordAudit(tx, ctx, { action: 'create', entity: ENTITY, entityId: account.uuid, after: auditView(account) });
    return { recipientIdentifier, programId: program.id, accountUuid: account.uuid };
  });
}

/**
 * PUT /account-api/account: a form save (every field; an accountStatusId in the body is applied too) or a status
 * change alone. Externally managed accounts (type 1) refuse field changes but may be activated or inactivated.
 */
export async function updateRecipient(context: RequestContext, body: UpdateRecipientBody): Promise<RecipientAccount> {
  const ctx = requireCaller(context);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockRecipientAccount(tx, ctx.caller, body.accountUuid);
    if (!before) throw AppError.notFound(RECIPIENT_MESSAGES.RECIPIENT_NOT_FOUND);
    // A§4: an Active account can be inactivated, a non-active one (Inactive or Deleted) activated. Deleted never
    // becomes Inactive; the same status again is no change. Checked first, so a refused save changes no field either.
    if (
      body.accountStatusId === ACCOUNT_STATUS.INACTIVE &&
      before.statusId !== ACCOUNT_STATUS.ACTIVE &&
      before.statusId !== ACCOUNT_STATUS.INACTIVE
    )
      throw AppError.conflict(RECIPIENT_MESSAGES.ONLY_ACTIVE_CAN_BE_INACTIVATED, 'accountStatusId');

    const changes: Partial<typeof recipientAccounts.$inferInsert> = {};
    if (isRecipientFieldUpdate(body)) {
      const columns = recipientColumns(body);
      for (const [key, value] of Object.entries(columns) as [keyof RecipientColumns, unknown][]) {
        if (before[key] !== value) Object.assign(changes, { [key]: value });
      }
      if (Object.keys(changes).length > 0 && before.accountTypeId === ACCOUNT_TYPE.EXTERNAL) {
        throw AppError.conflict(RECIPIENT_MESSAGES.ACCOUNT_NOT_EDITABLE);
      }
      if (changes.email !== undefined && columns.email.toLowerCase() !== (before.email ?? '').toLowerCase()) {
        await lockProgramRecipients(tx, before.programId);
        if (await emailInUse(tx, before.programId, columns.email, before.id))
          throw AppError.conflict(MESSAGES.RECIPIENT_EMAIL_EXISTS, 'email');
      }
    }
    if (body.accountStatusId !== undefined && body.accountStatusId !== before.statusId)
      changes.statusId = body.accountStatusId;
    if (Object.keys(changes).length === 0) return loadRecipient(tx, ctx.caller, body.accountUuid);

    const [after] = await tx
      .update(recipientAccounts)
      .set({ ...changes, updationChannel: body.updationChannel ?? 'API', updatedAt: now })
      .where(eq(recipientAccounts.id, before.id))
      .returning();

    // A recipient who has not activated yet gets the activation e-mail at the corrected address and name.
    if (
      before.userId !== null &&
      (changes.email !== undefined ||
        changes.firstName !== undefined ||
        changes.lastName !== undefined ||
        changes.middleName !== undefined ||
        changes.mobilePhone !== undefined)
    ) {
      await tx
        .update(users)
        .set({
          email: after!.email!,
          firstName: after!.firstName,
          middleName: after!.middleName,
          lastName: after!.lastName,
          mobile: after!.mobilePhone,
          updatedAt: now,
        })
        .where(and(eq(users.id, before.userId), eq(users.statusId, USER_STATUS.PENDING)));
    }
    const statusOnly = changes.statusId !== undefined && Object.keys(changes).length === 1;
    await recordAudit(tx, ctx, {
      action: statusOnly ? (changes.statusId === ACCOUNT_STATUS.ACTIVE ? 'activate' : 'inactivate') : 'update',
      entity: ENTITY,
      entityId: before.uuid,
      before: auditView(before),
      after: auditView(after!),
    });
    return loadRecipient(tx, ctx.caller, body.accountUuid);
  });
}

/**
 * PUT /account-api/account/move (part 1 §5, §8). Both agencies must be the caller's, else 404 'You must have access
 * to both agencies to move the recipient.' (also for a missing or out-of-scope account, so the answer tells nothing
 * about records the caller cannot see). The account's Issued benefits move with it (decision 0009).
 */
export async function moveRecipient(context: RequestContext, body: MoveRecipientBody): Promise<RecipientAccount> {
  const ctx = requireCaller(context);
  const { caller } = ctx;
  const now = ctx.now();
  if (body.fromAgency && isSameAgencyMove(body.fromAgency, body.toAgency))
    throw AppError.badRequest(MESSAGES.MOVE_SAME_AGENCY, 'toAgency');
  const noAccess = () => AppError.notFound(MESSAGES.MOVE_NEEDS_BOTH_AGENCIES);

  return ctx.db.transaction(async (tx) => {
    const account = await lockRecipientAccount(tx, caller, body.accountUuid);
    if (!account) throw noAccess();
    const current =
      account.agencyId === null
        ? null
        : (await tx.select({ uuid: agencies.uuid }).from(agencies).where(eq(agencies.id, account.agencyId)))[0];
    // fromAgency is the agency the screen showed (null: none); a different one means the page is stale.
    const shown = body.fromAgency ? body.fromAgency.toLowerCase() : null;
    if (body.fromAgency !== undefined && shown !== (current ? current.uuid.toLowerCase() : null)) {
      throw AppError.conflict(RECIPIENT_MESSAGES.MOVE_FROM_AGENCY_CHANGED, 'fromAgency');
    }
    if (!canSeeAgency(caller, account.programId, account.agencyId)) throw noAccess();

    const target = await findAgency(tx, body.toAgency);
    if (!target || !canSeeAgency(caller, target.programId, target.id)) throw noAccess();
    if (target.programId !== account.programId)
      throw AppError.badRequest(RECIPIENT_MESSAGES.MOVE_TARGET_OTHER_PROGRAM, 'toAgency');
    if (target.id === account.agencyId) throw AppError.badRequest(MESSAGES.MOVE_SAME_AGENCY, 'toAgency');

    await tx
      .update(recipientAccounts)
      .set({ agencyId: target.id, updationChannel: 'API', updatedAt: now })
      .where(eq(recipientAccounts.id, account.id));
    const benefitsMoved = await moveIssuedBenefits(tx, account.id, target.id, now);
    await recordAudit(tx, ctx, {
      action: 'move',
      entity: ENTITY,
      entityId: account.uuid,
      before: { agencyUuid: current?.uuid ?? null, benefitsMoved: 0 },
      after: { agencyUuid: target.uuid, benefitsMoved },
    });
    return loadRecipient(tx, caller, body.accountUuid);
  });
}

/** GET /account-api/statuses. */
export function listAccountStatuses(): AccountStatusOption[] {
  return [...ACCOUNT_STATUS_OPTIONS];
}
