import {
  EXTERNAL_CARD_LIST_CAP,
  EXTERNAL_CARD_MESSAGES,
  type ExternalCard,
  type ExternalCardList,
} from '@ebt/core/external-cards';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { cappedList } from '../../platform/search.js';
import { findOwnCard, listAccountCards, listOwnCards } from './queries.js';
import { cardWire } from './wire.js';

// The reads of the external card area (A§7 "Recipient portal", B§7 "External cards"; decision 0039).

/** GET /account-api/external-pan/all: the signed-in recipient's cards in all their programs. */
export async function listOwnExternalCards(context: RequestContext): Promise<ExternalCardList> {
  const ctx = requireCaller(context);
  const list = await cappedList(EXTERNAL_CARD_LIST_CAP, (limit) => listOwnCards(ctx.db, ctx.caller.accountIds, limit));
  return { ...list, data: list.data.map(cardWire) };
}

/**
 * GET /account-api/external-pan/all/{id} (staff): the cards of one recipient account, read-only. The account must be
 * in the caller's scope (agency staff: their agencies; program admins: their programs), else 404 as when missing.
 * The cards shown are the account's, so a program's staff never see what the same person attached in another program.
 */
export async function listAccountExternalCards(
  context: RequestContext,
  accountUuid: string,
): Promise<ExternalCardList> {
  const ctx = requireCaller(context);
  let found = false;
  const list = await cappedList(EXTERNAL_CARD_LIST_CAP, async (limit) => {
    const answer = await listAccountCards(ctx.db, ctx.caller, accountUuid.toLowerCase(), limit);
    found = answer.found;
    return answer.cards;
  });
  if (!found) throw AppError.notFound(EXTERNAL_CARD_MESSAGES.RECIPIENT_NOT_FOUND);
  return { ...list, data: list.data.map(cardWire) };
}

/** GET /account-api/external-pan/{id}: one of the recipient's own cards; another person's answers 404. */
export async function getOwnExternalCard(context: RequestContext, cardUuid: string): Promise<ExternalCard> {
  const ctx = requireCaller(context);
  const row = await findOwnCard(ctx.db, ctx.caller.accountIds, cardUuid.toLowerCase());
  if (!row) throw AppError.notFound(EXTERNAL_CARD_MESSAGES.CARD_NOT_FOUND);
  return cardWire(row);
}
