import { ACCOUNT_STATUS, ACCOUNT_TYPE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { PRIVILEGE } from '@ebt/core/privileges';
import {
  type AddRecipientBody,
  nextRecipientIdentifier,
  RECIPIENT_MESSAGES,
  type RecipientCreated,
} from '@ebt/core/recipients';
import type { recipientAccounts } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { canSeeProgram } from '../../platform/caller.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { agencyInScope, enabledProgramInScope, namesOtherProgram } from '../../platform/search.js';
import {
  auditView,
  createRecipientUser,
  RECIPIENT_ACCOUNT_ENTITY,
  recipientColumns,
  recipientUserAuditView,
} from './accounts.js';
import {
  emailInUse,
  highestGeneratedIdentifier,
  insertRecipientAccount,
  lockApplicant,
  lockProgramRecipients,
  markApplicantProcessed,
} from './queries.js';

// POST /account-api/account (part 1 §5 "Add Recipient", §6, §7; B§7 processing an applicant; docs/decisions/0009).

/**
 * One transaction: the program's lock, the e-mail check, the next Account ID, the portal user, the account, the
 * applicant's processed mark and the audit rows.
 */
export async function addRecipient(context: RequestContext, body: AddRecipientBody): Promise<RecipientCreated> {
  const ctx = requireCaller(context);
  const { caller } = ctx;
  const now = ctx.now();

  const program = await enabledProgramInScope(ctx, body.programUuid, RECIPIENT_MESSAGES);
  if (namesOtherProgram(body.recipientProgramIdentifier, program))
    throw AppError.badRequest(RECIPIENT_MESSAGES.PROGRAM_IDENTIFIER_MISMATCH, 'recipientProgramIdentifier');

  // Part 1 §6: agency staff must choose one of their agencies; program and platform admins may leave it empty
  // (a program-level account).
  let agencyId: number | null = null;
  if (body.agencyUuid) {
    const agency = await agencyInScope(ctx, body.agencyUuid);
    if (!agency) throw AppError.notFound(RECIPIENT_MESSAGES.AGENCY_NOT_FOUND);
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
      const row = await lockApplicant(tx, body.applicantId);
      // An applicant of a program the caller cannot see answers like a missing one (style.md "Access").
      if (!row || !canSeeProgram(caller, row.programId))
        throw AppError.notFound(RECIPIENT_MESSAGES.APPLICANT_NOT_FOUND);
      if (row.programId !== program.id)
        throw AppError.badRequest(RECIPIENT_MESSAGES.APPLICANT_OTHER_PROGRAM, 'applicantId');
      if (row.processedAccountId !== null)
        throw AppError.conflict(RECIPIENT_MESSAGES.APPLICANT_ALREADY_PROCESSED, 'applicantId');
      applicant = { id: row.id, uuid: row.uuid };
    }

    if (await emailInUse(tx, program.id, columns.email))
      throw AppError.conflict(MESSAGES.RECIPIENT_EMAIL_EXISTS, 'email');

    const recipientIdentifier = nextRecipientIdentifier(await highestGeneratedIdentifier(tx, program.id));
    if (!recipientIdentifier) throw new Error(`the 8-digit Account ID range of program ${program.id} is used up`);

    const user = await createRecipientUser(tx, columns, recipientIdentifier, now);
    let account: typeof recipientAccounts.$inferSelect;
    try {
      account = await insertRecipientAccount(tx, {
        programId: program.id,
        agencyId,
        userId: user.id,
        recipientIdentifier,
        statusId: ACCOUNT_STATUS.ACTIVE,
        accountTypeId,
        ...columns,
        creationChannel: body.creationChannel,
        applicantId: applicant?.id ?? null,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      // Only a writer that does not take the program's lock (a direct database load) can get here.
      if (isUniqueViolation(error, 'recipient_accounts_program_identifier_key'))
        throw AppError.conflict(RECIPIENT_MESSAGES.IDENTIFIER_TAKEN);
      throw error;
    }

    if (applicant !== null) {
      await markApplicantProcessed(tx, applicant.id, account.id, now);
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
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: RECIPIENT_ACCOUNT_ENTITY,
      entityId: account.uuid,
      after: auditView(account),
    });
    return { recipientIdentifier, programId: program.id, accountUuid: account.uuid };
  });
}
