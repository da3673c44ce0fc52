import { eq } from 'drizzle-orm';
import { ACCOUNT_TYPE, PAN_STATUS } from '@ebt/core/enums';
import { todayIn } from '@ebt/core/format';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { fillMessage } from '@ebt/core/messages';
import {
  PAN_MESSAGES,
  PIN_TRIES_PER_DAY,
  pinProblem,
  type CardChanged,
  type PinCleared,
  type SetPinBody,
} from '@ebt/core/pans';
import type { DbOrTx } from '../../db/client.js';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { canSeeAgency } from '../../platform/caller.js';
import { requireCaller, type CallerContext, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { checkCurrentPassword } from '../../platform/current-password.js';
import { pinHash } from '../../platform/pin.js';
import { notifyAccounts } from '../../platform/recipient-notices.js';
import { cardNoticeMail } from './notices.js';
import { cardsOfAccounts, panById, updatePan, type PanRecord } from './queries.js';

// Card PINs (docs/security.md "Card PINs"): the recipient sets or changes the PIN of one of their own Active cards (a
// change needs their password), staff who may manage the recipient's PANs clear it and the recipient is told to set a
// new one. The PIN is kept only as its keyed hash (platform/pin.ts); no answer, audit row or log line carries either.

/** What the card answers say of its PIN: set or not, since when, and whether today's wrong tries are used up. */
interface PinColumns {
  pinSet: boolean | null;
  pinSetAt: Date | null;
  pinWrongDay: string | null;
  pinWrongCount: number | null;
  timeZone: string | null;
}

/**
 * The PIN fields of a card answer. `pinTriesExceeded`: the card took PIN_TRIES_PER_DAY wrong PINs on the program's
 * today, and refuses PIN calls until the program's midnight.
 */
export function pinStateOf(row: PinColumns, ctx: Pick<CallerContext, 'config' | 'now'>) {
  const today = todayIn(row.timeZone || ctx.config.defaultTimeZone, ctx.now());
  return {
    pinSet: Boolean(row.pinSet),
    pinSetAt: row.pinSet && row.pinSetAt ? row.pinSetAt.toISOString() : null,
    pinTriesExceeded: row.pinWrongDay === today && (row.pinWrongCount ?? 0) >= PIN_TRIES_PER_DAY,
  };
}

/** The recipient's cards as RecipientCard answers them (the columns of cardsOfAccounts, mapped). */
export async function ownCards(ctx: CallerContext) {
  const rows = await cardsOfAccounts(ctx.db, ctx.caller.accountIds);
  return rows.map((r) => ({
    panId: r.panId,
    last4: r.last4,
    panTypeId: r.panTypeId,
    panStatusId: r.panStatusId,
    locked: r.locked,
    activeDate: r.activeDate,
    expirationDate: r.expirationDate,
    programUuid: r.programUuid,
    programName: r.programName,
    ...pinStateOf(r, ctx),
  }));
}

/** The caller's password, checked as the account page's password change checks it (one window of wrong ones). */
async function checkPinPassword(ctx: CallerContext, pan: PanRecord, password: string | undefined) {
  if (!password) throw AppError.badRequest(PAN_MESSAGES.PIN_CURRENT_PASSWORD_REQUIRED, 'currentPassword');
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ctx.caller.userId));
  await checkCurrentPassword(ctx, user?.passwordHash, password, {
    action: 'pin-change-failed',
    entity: 'pan',
    entityId: pan.id,
  });
}

/** One of the caller's own cards that may take a PIN: 404 for another's or a missing one, 422 when not Active. */
async function ownPinCard(db: DbOrTx, ctx: CallerContext, panId: number, lock: boolean) {
  const pan = await panById(db, panId, lock);
  if (!pan || !ctx.caller.accountIds.includes(pan.accountId)) throw AppError.notFound(PAN_MESSAGES.CARD_NOT_FOUND);
  // A printed card still in the program's pool has no holder; only an Active card is used at a terminal.
  if (pan.isCardPool || pan.panStatusId !== PAN_STATUS.ACTIVE)
    throw AppError.unprocessable(PAN_MESSAGES.PIN_CARD_NOT_ACTIVE);
  return pan;
}

/**
 * PUT /account-api/pans/currentuser/{panId}/pin: sets the PIN of one of the recipient's own Active cards, or changes
 * it (the current password then checked first, its failures kept outside the change's transaction). The change is one
 * transaction: the card locked, the hash and its time written, the day's wrong tries reset, the audit row (whether a
 * PIN was set and when, never the PIN or its hash).
 */
export async function setMyCardPin(context: RequestContext, panId: number, body: SetPinBody): Promise<CardChanged> {
  const ctx = requireCaller(context);
  const seen = await ownPinCard(ctx.db, ctx, panId, false);
  const problem = pinProblem(body.pin, seen.panLast4);
  if (problem === 'card') throw AppError.badRequest(PAN_MESSAGES.PIN_IS_CARD, 'pin');
  if (problem === 'trivial') throw AppError.badRequest(PAN_MESSAGES.PIN_TRIVIAL, 'pin');
  if (problem === 'format') throw AppError.badRequest(PAN_MESSAGES.PIN_FORMAT, 'pin');
  const passwordChecked = seen.pinHash !== null;
  if (passwordChecked) await checkPinPassword(ctx, seen, body.currentPassword);
  const changed = await ctx.db.transaction(async (tx) => {
    const pan = await ownPinCard(tx, ctx, panId, true);
    // A PIN set meanwhile (another tab): changing it needs the password, which this request did not prove.
    if (pan.pinHash !== null && !passwordChecked)
      throw AppError.badRequest(PAN_MESSAGES.PIN_CURRENT_PASSWORD_REQUIRED, 'currentPassword');
    const at = ctx.now();
    await updatePan(tx, pan.id, {
      pinHash: pinHash(pan.id, body.pin, ctx.config.pinKeys),
      pinSetAt: at,
      pinWrongDay: null,
      pinWrongCount: 0,
      updatedAt: at,
    });
    const was = pan.pinHash !== null;
    await recordAudit(tx, ctx, {
      action: was ? 'pin-change' : 'pin-set',
      entity: 'pan',
      entityId: pan.id,
      before: { pinSet: was, pinSetAt: was ? (pan.pinSetAt?.toISOString() ?? null) : null },
      after: { pinSet: true, pinSetAt: at.toISOString() },
    });
    return was;
  });
  const card = (await ownCards(ctx)).find((c) => c.panId === panId)!;
  return { message: changed ? PAN_MESSAGES.PIN_CHANGED : PAN_MESSAGES.PIN_SET, card };
}

/**
 * DELETE /account-api/pans/{panId}/pin: staff within the recipient's scope (as the status change) clear the card's
 * PIN, and its wrong tries. One transaction: the card locked, the PIN cleared, the recipient told (inbox, and e-mail or
 * SMS per their preferences, in their language) to set a new one before paying, the audit row. 404 out of scope or
 * missing, 422 when the card has no PIN.
 */
export async function clearCardPin(context: RequestContext, panId: number): Promise<PinCleared> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const pan = await panById(tx, panId, true);
    if (!pan || !canSeeAgency(ctx.caller, pan.programId, pan.agencyId))
      throw AppError.notFound(PAN_MESSAGES.CARD_NOT_FOUND);
    if (pan.pinHash === null) throw AppError.unprocessable(PAN_MESSAGES.PIN_NOT_SET);
    const at = ctx.now();
    await updatePan(tx, pan.id, { pinHash: null, pinSetAt: null, pinWrongDay: null, pinWrongCount: 0, updatedAt: at });
    await pinClearedNotice(tx, ctx, pan);
    await recordAudit(tx, ctx, {
      action: 'pin-clear',
      entity: 'pan',
      entityId: pan.id,
      before: { pinSet: true, pinSetAt: pan.pinSetAt?.toISOString() ?? null },
      after: { pinSet: false, pinSetAt: null },
    });
    return { message: PAN_MESSAGES.PIN_CLEARED };
  });
}

/** Tells the recipient their card's PIN was cleared (event 7 'Your card status changes'), in English or Spanish. */
async function pinClearedNotice(tx: DbOrTx, ctx: CallerContext, pan: PanRecord) {
  if (pan.accountTypeId === ACCOUNT_TYPE.EXTERNAL || pan.isCardPool) return;
  const values = { last4: pan.panLast4, program: pan.programName };
  const es = MESSAGES_ES.PAN_MESSAGES;
  await notifyAccounts(
    tx,
    ctx,
    [
      {
        accountId: pan.accountId,
        eventId: NOTIFICATION_EVENT.CARD_STATUS,
        text: fillMessage(PAN_MESSAGES.PIN_NOTICE_CLEARED, values),
        subject: PAN_MESSAGES.PIN_NOTICE_SUBJECT,
        es: { subject: es.PIN_NOTICE_SUBJECT!, text: fillMessage(es.PIN_NOTICE_CLEARED!, values) },
        kind: 'card-pin-cleared',
        mail: cardNoticeMail(pan, 'NEXT_CARD_PIN'),
      },
    ],
    'card-pin',
  );
}
