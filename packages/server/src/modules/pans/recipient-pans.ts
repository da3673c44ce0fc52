import { ACCOUNT_STATUS, ACCOUNT_TYPE, PAN_STATUS, PAN_TYPE, PROGRAM_STATUS } from '@ebt/core/enums';
import { maskPan, todayIn } from '@ebt/core/format';
import { ruleMessage } from '@ebt/core/messages';
import {
  activePanLimit,
  assignPanDigits,
  cardExpirationDate,
  cardLifeMonths,
  fullAssignPan,
  isReassignable,
  PAN_MESSAGES,
  panPrefixOf,
  remainingPans,
  type GeneratePanBody,
  type Pan,
  type PanAssigned,
  type PanGenerated,
} from '@ebt/core/pans';
import type { DbOrTx } from '../../db/client.js';
import { recordAudit } from '../../platform/audit.js';
import { canSeeAgency, canSeeProgram } from '../../platform/caller.js';
import { requireCaller, type CallerContext, type RequestContext } from '../../platform/context.js';
import { lookupHashes } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { insertNewPans } from './numbers.js';
import { pinStateOf } from './pins.js';
import { accountWithPans, lockAccount, lockPanByHash, updatePan, type LockedAccount } from './queries.js';

// A recipient's PANs (B§2 "Recipient PANs", B§4, B§5, B§7; decision 0036): the list, a new PAN, and assigning a
// printed one. The account must be in the caller's scope (agency staff: their agencies; program admins: their
// programs), else 404 as for a missing one; the program of the request must be the account's.

/** The keys that read sealed PANs: the current one and those before it (DATA_ENCRYPTION_PREVIOUS_KEYS). */
export function keyring(ctx: CallerContext) {
  return { current: ctx.config.encryptionKey, previous: ctx.config.previousEncryptionKeys };
}

/**
 * GET /account-api/pans?programId&accountUuid: the account's PANs, newest first, masked ('*' and the last four, B§9;
 * decision 0097: the whole number only through POST /account-api/pans/{panId}/reveal, one card at a time, audited);
 * the newest PAN_LIST_LIMIT at most (a program's printed-PAN account may hold thousands).
 */
export async function listRecipientPans(context: RequestContext, programId: number, accountUuid: string) {
  const ctx = requireCaller(context);
  const rows = await accountWithPans(ctx.db, accountUuid.toLowerCase());
  const account = rows[0]?.account;
  if (!account || account.programId !== programId || !canSeeAgency(ctx.caller, account.programId, account.agencyId))
    throw AppError.notFound(PAN_MESSAGES.RECIPIENT_NOT_FOUND);
  return rows.flatMap(({ pan, timeZone }): Pan[] =>
    pan === null
      ? []
      : [
          {
            panId: pan.panId,
            pan: maskPan(pan.panLast4),
            panTypeId: pan.panTypeId,
            panStatusId: pan.panStatusId,
            locked: pan.locked,
            activeDate: pan.activeDate,
            expirationDate: pan.expirationDate,
            ...pinStateOf({ ...pan, timeZone }, ctx),
          },
        ],
  );
}

/**
 * The account locked for a new or assigned PAN, refused as B§5 says: missing or out of scope 404; another program
 * than the request's 404 too (the page names both); account type 1 and no PAN left to hold (maxPrintedPans < 1)
 * 422. Answers the account and its program's PAN prefix.
 */
async function lockAccountForNewPan(tx: DbOrTx, ctx: CallerContext, programId: number, accountUuid: string) {
  const account = await lockAccount(tx, accountUuid.toLowerCase());
  if (!account || account.programId !== programId || !canSeeAgency(ctx.caller, account.programId, account.agencyId))
    throw AppError.notFound(PAN_MESSAGES.RECIPIENT_NOT_FOUND);
  if (account.accountTypeId === ACCOUNT_TYPE.EXTERNAL) throw AppError.unprocessable(PAN_MESSAGES.ACCOUNT_TYPE_NO_PANS);
  // An Inactive or Deleted account, or a disabled program, takes no new card (the screens disable the buttons).
  if (account.statusId !== ACCOUNT_STATUS.ACTIVE) throw AppError.unprocessable(PAN_MESSAGES.ACCOUNT_NOT_ACTIVE);
  if (account.programStatusId !== PROGRAM_STATUS.ENABLED)
    throw AppError.unprocessable(PAN_MESSAGES.PROGRAM_NOT_ENABLED);
  const limit = activePanLimit(account.maxPrintedPans, account.configuration);
  if (remainingPans(limit, account.activeCount) < 1)
    throw AppError.unprocessable(ruleMessage(PAN_MESSAGES.NO_MORE_PANS, { max: limit }));
  return { account, prefix: panPrefixOf(account) };
}

function todayOf(ctx: CallerContext, account: Pick<LockedAccount, 'timeZone'>) {
  return todayIn(account.timeZone || ctx.config.defaultTimeZone, ctx.now());
}

/**
 * POST /account-api/pans: a new Virtual PAN for the recipient, Active from today, expiring after the program's card
 * life ('A new Pan has been generated.'). One transaction: the account locked, the number drawn and inserted, the
 * audit row.
 */
export async function generatePan(context: RequestContext, body: GeneratePanBody): Promise<PanGenerated> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const { account, prefix } = await lockAccountForNewPan(tx, ctx, body.programId, body.accountUuid);
    if (!prefix) throw AppError.unprocessable(PAN_MESSAGES.PROGRAM_WITHOUT_PREFIX);
    const today = todayOf(ctx, account);
    const expirationDate = cardExpirationDate(today, cardLifeMonths(account.configuration));
    const [panId] = await insertNewPans(
      tx,
      ctx.config,
      prefix,
      {
        programId: account.programId,
        accountId: account.id,
        panTypeId: PAN_TYPE.VIRTUAL,
        panStatusId: PAN_STATUS.ACTIVE,
        activeDate: today,
        expirationDate,
        at: ctx.now(),
      },
      1,
    );
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: 'pan',
      entityId: panId,
      after: { accountUuid: account.uuid, typeId: PAN_TYPE.VIRTUAL, statusId: PAN_STATUS.ACTIVE, expirationDate },
    });
    return { panId: panId!, message: PAN_MESSAGES.PAN_GENERATED };
  });
}

/**
 * PUT /benefit-api/pans/{pan19}/{accountUuid} with the program: moves an unassigned printed PAN to the recipient
 * ('PAN reassigned.'). 19 digits, or the last 10 prefixed with the program's nine (B§5). 404 'The PAN entered was
 * not found.' (also for a PAN of a program the caller cannot see), 400 'The PAN and recipient must be in the same
 * program.', 422 'The PAN entered cannot be reassigned.' (not an unassigned printed PAN, or Lost, Stolen or Used).
 * The PAN becomes Active from today; its printed expiration date stays.
 */
export async function assignPan(
  context: RequestContext,
  entry: string,
  accountUuid: string,
  programId: number,
): Promise<PanAssigned> {
  const ctx = requireCaller(context);
  const digits = assignPanDigits(entry);
  if (!digits) throw AppError.badRequest(PAN_MESSAGES.INVALID_ASSIGN_PAN, 'pan19');
  return ctx.db.transaction(async (tx) => {
    const { account, prefix } = await lockAccountForNewPan(tx, ctx, programId, accountUuid);
    const pan19 = fullAssignPan(digits, prefix);
    const found = pan19 ? await lockPanByHash(tx, lookupHashes(pan19, ctx.config)) : undefined;
    if (!found || !canSeeProgram(ctx.caller, found.programId)) throw AppError.notFound(PAN_MESSAGES.PAN_NOT_FOUND);
    if (found.programId !== account.programId) throw AppError.badRequest(PAN_MESSAGES.PAN_PROGRAM_MISMATCH);
    // Still on the program's printed-PAN account (decision 0035): not yet anybody's.
    const unassigned = found.isCardPool;
    if (!isReassignable({ ...found, unassigned })) throw AppError.unprocessable(PAN_MESSAGES.PAN_NOT_REASSIGNABLE);
    const today = todayOf(ctx, account);
    await updatePan(tx, found.id, {
      accountId: account.id,
      panStatusId: PAN_STATUS.ACTIVE,
      locked: false,
      activeDate: today,
      updatedAt: ctx.now(),
    });
    await recordAudit(tx, ctx, {
      action: 'assign',
      entity: 'pan',
      entityId: found.id,
      before: { accountIdentifier: found.recipientIdentifier, statusId: found.panStatusId },
      after: { accountUuid: account.uuid, statusId: PAN_STATUS.ACTIVE, activeDate: today },
    });
    return { panId: found.id, message: PAN_MESSAGES.PAN_REASSIGNED };
  });
}
