import {
  type AddExternalCardBody,
  EXTERNAL_CARD_MESSAGES,
  type ExternalCard,
  externalCardDuplicate,
} from '@ebt/core/external-cards';
import { externalCards } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { lookupHashes, seal } from '../../platform/crypto.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { cardsWithNumber, findOwnAccountInProgram, lockCardNumber } from './queries.js';
import { cardAuditView, cardWire, ENTITY } from './wire.js';

/** The unique index of a number within a program (db/schema/external-cards.ts). */
export const PAN_PROGRAM_KEY = 'external_cards_pan_program_key';

/**
 * POST /account-api/external-pan (A§7; decision 0039): the recipient attaches a card to their own account in the
 * program named. The body's rules (A§5) are core's schema; here: the program must be one of theirs (404 otherwise),
 * and the number must not be attached by another person, nor already in this program (409 'The PAN entered already
 * exists in the system.'). The number is sealed (keyed hash, AES-GCM, last four) before the transaction; the check
 * and the insert run under the number's advisory lock, and the unique index has the last word within a program.
 */
export async function attachExternalCard(context: RequestContext, body: AddExternalCardBody): Promise<ExternalCard> {
  const ctx = requireCaller(context);
  const sealed = seal(body.pan, ctx.config);
  return ctx.db.transaction(async (tx) => {
    const account = await findOwnAccountInProgram(tx, ctx.caller.accountIds, body.programUuid.toLowerCase());
    if (!account) throw AppError.notFound(EXTERNAL_CARD_MESSAGES.PROGRAM_NOT_FOUND);
    await lockCardNumber(tx, sealed.hash);
    const attached = await cardsWithNumber(tx, lookupHashes(body.pan, ctx.config));
    if (externalCardDuplicate(attached, ctx.caller.accountIds, account.programId))
      throw AppError.conflict(EXTERNAL_CARD_MESSAGES.DUPLICATE, 'pan');
    const now = ctx.now();
    let inserted: { id: number; uuid: string } | undefined;
    try {
      [inserted] = await tx
        .insert(externalCards)
        .values({
          accountId: account.accountId,
          programId: account.programId,
          panHash: sealed.hash,
          panEncrypted: sealed.encrypted,
          panLast4: sealed.last4,
          name: body.name,
          typeId: body.externalPanTypeId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: externalCards.id, uuid: externalCards.uuid });
    } catch (error) {
      if (isUniqueViolation(error, PAN_PROGRAM_KEY)) throw AppError.conflict(EXTERNAL_CARD_MESSAGES.DUPLICATE, 'pan');
      throw error;
    }
    const row = {
      ...inserted!,
      accountId: account.accountId,
      programId: account.programId,
      programUuid: account.programUuid,
      programName: account.programName,
      panLast4: sealed.last4,
      name: body.name,
      typeId: body.externalPanTypeId,
      statusId: 1,
    };
    await recordAudit(tx, ctx, { action: 'create', entity: ENTITY, entityId: row.uuid, after: cardAuditView(row) });
    return cardWire(row);
  });
}
