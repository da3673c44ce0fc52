import { eq } from 'drizzle-orm';
import {
  EXTERNAL_CARD_MESSAGES,
  type ExternalCard,
  externalCardDuplicate,
  panChangeOf,
  type UpdateExternalCardBody,
} from '@ebt/core/external-cards';
import { cardNameContainsPan } from '@ebt/core/validation';
import { externalCards } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { decrypt, lookupHashes, seal } from '../../platform/crypto.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { PAN_PROGRAM_KEY } from './add.js';
import { cardsWithNumber, findOwnAccountInProgram, lockCardNumber, lockOwnCard } from './queries.js';
import { cardAuditView, cardWire, ENTITY } from './wire.js';

/**
 * PUT /account-api/external-pan/{id} (A§4, A§7; decision 0039): name, type and status (the active flag: 1, else 2);
 * the number when a full one is sent (absent, empty or the masked form keeps it), the program when another of the
 * recipient's programs is named. One transaction: the card locked first (another person's: 404), the name rule
 * against the number the card will have (the stored one decrypted when kept), and, when the number or the program
 * changes, the duplicate rule under the number's lock as on attach.
 */
export async function updateExternalCard(
  context: RequestContext,
  cardUuid: string,
  body: UpdateExternalCardBody,
): Promise<ExternalCard> {
  const ctx = requireCaller(context);
  const own = ctx.caller.accountIds;
  return ctx.db.transaction(async (tx) => {
    const card = await lockOwnCard(tx, own, cardUuid.toLowerCase());
    if (!card) throw AppError.notFound(EXTERNAL_CARD_MESSAGES.CARD_NOT_FOUND);
    const panChange = panChangeOf(body.pan, card.panLast4);
    if (panChange === 'invalid') throw AppError.badRequest(EXTERNAL_CARD_MESSAGES.INVALID_NUMBER, 'pan');

    const target =
      body.programUuid === undefined || body.programUuid.toLowerCase() === card.programUuid
        ? {
            accountId: card.accountId,
            programId: card.programId,
            programUuid: card.programUuid,
            programName: card.programName,
          }
        : await findOwnAccountInProgram(tx, own, body.programUuid.toLowerCase());
    if (!target) throw AppError.notFound(EXTERNAL_CARD_MESSAGES.PROGRAM_NOT_FOUND);

    const pan =
      panChange === 'replace'
        ? body.pan!.trim()
        : decrypt(card.panEncrypted, {
            current: ctx.config.encryptionKey,
            previous: ctx.config.previousEncryptionKeys,
          });
    if (cardNameContainsPan(body.name, pan))
      throw AppError.badRequest(EXTERNAL_CARD_MESSAGES.NAME_CONTAINS_PAN, 'name');

    const sealed = panChange === 'replace' ? seal(pan, ctx.config) : null;
    if (sealed || target.programId !== card.programId) {
      // From the number, not the stored hash: during a PAN key rotation that may be under the previous key.
      const hashes = lookupHashes(pan, ctx.config);
      await lockCardNumber(tx, hashes[0]!);
      if (externalCardDuplicate(await cardsWithNumber(tx, hashes), own, target.programId, card.id))
        throw AppError.conflict(EXTERNAL_CARD_MESSAGES.DUPLICATE, 'pan');
    }

    const after = {
      ...card,
      ...target,
      panLast4: sealed?.last4 ?? card.panLast4,
      name: body.name,
      typeId: body.externalPanTypeId,
      statusId: body.externalPanStatusId,
    };
    try {
      await tx
        .update(externalCards)
        .set({
          accountId: after.accountId,
          programId: after.programId,
          ...(sealed ? { panHash: sealed.hash, panEncrypted: sealed.encrypted, panLast4: sealed.last4 } : {}),
          name: after.name,
          typeId: after.typeId,
          statusId: after.statusId,
          updatedAt: ctx.now(),
        })
        .where(eq(externalCards.id, card.id));
    } catch (error) {
      if (isUniqueViolation(error, PAN_PROGRAM_KEY)) throw AppError.conflict(EXTERNAL_CARD_MESSAGES.DUPLICATE, 'pan');
      throw error;
    }
    await recordAudit(tx, ctx, {
      action: 'update',
      entity: ENTITY,
      entityId: card.uuid,
      before: cardAuditView(card),
      after: cardAuditView(after),
    });
    return cardWire(after);
  });
}

/** DELETE /account-api/external-pan/{id} (A§7): the recipient removes one of their own cards; another's answers 404. */
export async function deleteExternalCard(context: RequestContext, cardUuid: string): Promise<void> {
  const ctx = requireCaller(context);
  await ctx.db.transaction(async (tx) => {
    const card = await lockOwnCard(tx, ctx.caller.accountIds, cardUuid.toLowerCase());
    if (!card) throw AppError.notFound(EXTERNAL_CARD_MESSAGES.CARD_NOT_FOUND);
    await tx.delete(externalCards).where(eq(externalCards.id, card.id));
    await recordAudit(tx, ctx, { action: 'delete', entity: ENTITY, entityId: card.uuid, before: cardAuditView(card) });
  });
}
