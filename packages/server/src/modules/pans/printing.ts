import type { FastifyReply } from 'fastify';
import { ACCOUNT_TYPE } from '@ebt/core/enums';
import { PAN_MESSAGES } from '@ebt/core/pans';
import { recordAudit } from '../../platform/audit.js';
import { canSeeAgency } from '../../platform/caller.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { decrypt } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { cardPdf, type CardFace } from './pdf.js';
import { completeGeneration, generationById, generationPanBatch } from './queries.js';
import { keyring } from './recipient-pans.js';
import { panShownWhole } from './reveal.js';

// The QR card PDFs (B§7; decision 0035): one PAN's card, and a generation's cards streamed page by page.

/** PANs read and decrypted per batch while a generation's PDF streams. */
const PDF_BATCH = 500;

function sendPdf(reply: FastifyReply, fileName: string, doc: Awaited<ReturnType<typeof cardPdf>>) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(doc);
}

/**
 * GET /benefit-api/pan/{panId}/qrcode/pdf: the card of one PAN of a recipient in the caller's scope. The card is
 * printed whole (its number and QR code), so each print is audited as a reveal is (`print` on `pan`: who, which card,
 * when), before the number is decrypted.
 */
export async function panCardPdf(context: RequestContext, reply: FastifyReply, panId: number) {
  const ctx = requireCaller(context);
  const pan = await panShownWhole(ctx, panId, 'print');
  const face: CardFace = {
    pan: decrypt(pan.panEncrypted, keyring(ctx)),
    programName: pan.programName,
    recipientName:
      pan.accountTypeId === ACCOUNT_TYPE.EXTERNAL
        ? null
        : [pan.firstName, pan.middleName, pan.lastName].filter(Boolean).join(' '),
    expirationDate: pan.expirationDate,
  };
  async function* one() {
    yield [face];
  }
  return sendPdf(reply, `pan-${pan.id}.pdf`, await cardPdf(`PAN card ${pan.id}`, one()));
}

/**
 * GET /benefit-api/pans/qrcode/pdfs/{panGenId}: every card of a generation, streamed (the first page leaves before
 * the last is drawn). Making it ends the generation's in-process state (decision 0035), with its audit row.
 */
export async function generationPdf(context: RequestContext, reply: FastifyReply, panGenId: number) {
  const ctx = requireCaller(context);
  const generation = await generationById(ctx.db, panGenId);
  // Program-level data: platform and program administrators only, never agency staff, even with BULK_PAN_GEN.
  if (!generation || !canSeeAgency(ctx.caller, generation.programId, null))
    throw AppError.notFound(PAN_MESSAGES.GENERATION_NOT_FOUND);
  const printable = { id: generation.id, accountId: generation.accountId };
  const keys = keyring(ctx);
  async function* faces() {
    for (let after = 0; ;) {
      const batch = await generationPanBatch(ctx.db, printable, after, PDF_BATCH);
      if (batch.length === 0) return;
      after = batch.at(-1)!.id;
      yield batch.map((p): CardFace => ({
        pan: decrypt(p.panEncrypted, keys),
        programName: generation!.programName,
        recipientName: null,
        expirationDate: p.expirationDate,
      }));
      if (batch.length < PDF_BATCH) return;
    }
  }
  const complete = async () => {
    await ctx.db.transaction(async (tx) => {
      if (await completeGeneration(tx, panGenId, ctx.now()))
        await recordAudit(tx, ctx, {
          action: 'print',
          entity: 'pan_generation',
          entityId: panGenId,
          before: { statusId: 0 },
          after: { statusId: 1 },
        });
      // Every later print of the same cards is audited too (decision 0035): who printed them again, and when.
      else await recordAudit(tx, ctx, { action: 'reprint', entity: 'pan_generation', entityId: panGenId });
    });
  };
  return sendPdf(reply, `pans-${panGenId}.pdf`, await cardPdf(`Printed PANs ${panGenId}`, faces(), complete));
}
