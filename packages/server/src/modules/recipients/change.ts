import { ACCOUNT_STATUS, ACCOUNT_TYPE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import {
  isRecipientFieldUpdate,
  isSameAgencyMove,
  type MoveRecipientBody,
  RECIPIENT_MESSAGES,
  type RecipientAccount,
  type UpdateRecipientBody,
} from '@ebt/core/recipients';
import type { recipientAccounts } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { canSeeAgency } from '../../platform/caller.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { checkAgencyFunding } from '../../platform/agency-funding.js';
import { AppError } from '../../platform/errors.js';
import { agencyInScope } from '../../platform/search.js';
import { auditView, RECIPIENT_ACCOUNT_ENTITY, type RecipientColumns, recipientColumns } from './accounts.js';
import { loadRecipient } from './detail.js';
import {
  agencyUuidOf,
  emailInUse,
  followAccountIfPending,
  lockProgramRecipients,
  lockRecipientAccount,
  moveIssuedBenefits,
  updateRecipientAccount,
} from './queries.js';

// Changes to one recipient account: the update and status change (PUT) and the move to another agency (part 1 §4,
// §5, §7; docs/decisions/0009). Each locks the account row first, so two changes never interleave.

/** The portal user follows the account's name, e-mail and phone while it is Pending (queries.ts). */
const USER_FIELDS = ['email', 'firstName', 'lastName', 'middleName', 'mobilePhone'] as const;

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

    const after = await updateRecipientAccount(tx, before.id, {
      ...changes,
      updationChannel: body.updationChannel ?? 'API',
      updatedAt: now,
    });
    if (before.userId !== null && USER_FIELDS.some((field) => changes[field] !== undefined))
      await followAccountIfPending(tx, ctx.caller, before.userId, after, now);

    const statusOnly = changes.statusId !== undefined && Object.keys(changes).length === 1;
    await recordAudit(tx, ctx, {
      action: statusOnly ? (changes.statusId === ACCOUNT_STATUS.ACTIVE ? 'activate' : 'inactivate') : 'update',
      entity: RECIPIENT_ACCOUNT_ENTITY,
      entityId: before.uuid,
      before: auditView(before),
      after: auditView(after),
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
    const current = await agencyUuidOf(tx, account.agencyId);
    // fromAgency is the agency the screen showed (null: none); a different one means the page is stale.
    const shown = body.fromAgency ? body.fromAgency.toLowerCase() : null;
    if (body.fromAgency !== undefined && shown !== (current ? current.toLowerCase() : null)) {
      throw AppError.conflict(RECIPIENT_MESSAGES.MOVE_FROM_AGENCY_CHANGED, 'fromAgency');
    }
    if (!canSeeAgency(caller, account.programId, account.agencyId)) throw noAccess();

    const target = await agencyInScope(ctx, body.toAgency, tx);
    if (!target) throw noAccess();
    if (target.programId !== account.programId)
      throw AppError.badRequest(RECIPIENT_MESSAGES.MOVE_TARGET_OTHER_PROGRAM, 'toAgency');
    if (target.id === account.agencyId) throw AppError.badRequest(MESSAGES.MOVE_SAME_AGENCY, 'toAgency');

    await updateRecipientAccount(tx, account.id, { agencyId: target.id, updationChannel: 'API', updatedAt: now });
    const benefitsMoved = await moveIssuedBenefits(tx, account.id, target.id, now);
    // The issued benefits moved their amounts between the agencies' funding roll-ups (decision 0029): the new agency
    // may cross its alert threshold, the old one fall back below it (re-armed). Not enforced: a move issues nothing,
    // and refusing it would keep a person at an agency that no longer serves them.
    if (benefitsMoved > 0) await checkAgencyFunding(tx, ctx, [account.agencyId, target.id], { enforce: false });
    await recordAudit(tx, ctx, {
      action: 'move',
      entity: RECIPIENT_ACCOUNT_ENTITY,
      entityId: account.uuid,
      before: { agencyUuid: current, benefitsMoved: 0 },
      after: { agencyUuid: target.uuid, benefitsMoved },
    });
    return loadRecipient(tx, caller, body.accountUuid);
  });
}
