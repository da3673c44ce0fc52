import type { FastifyReply } from 'fastify';
import type { Language } from '@ebt/core/languages';
import { fillMessage } from '@ebt/core/messages';
import { BATCH_TRANSACTIONS_CAP, SETTLEMENT_MESSAGES, type StatementEmailAnswer } from '@ebt/core/settlement';
import type { DbOrTx } from '../../db/client.js';
import { recordAudit } from '../../platform/audit.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { htmlOfText } from '../../platform/notice-mail.js';
import { queueMessage } from '../../platform/outbox.js';
import { batchTransactions, countBatchTransactions, statementParties } from './merchant-queries.js';
import { merchantOfBatch } from './merchant-settlements.js';
import { statementPdf } from './statement-pdf.js';

// A merchant's statement of a batch (decision 0068): the PDF (built in memory, never written to
// disk, audited like the ACH download) and its e-mail to the merchant through the outbox, the PDF attached
// (decision 0069). Scope as the batch and the merchant (merchant-settlements.ts merchantOfBatch).

/** What a statement prints of its batch and merchant, however the caller found them (staff scope, a farmer's own). */
export interface StatementSubject {
  batch: { id: number; programId: number; batchNbr: number; businessDay: string; cutoffAt: string; statusId: number };
  merchant: { id: number; name: string; identifier: string };
  lines: Parameters<typeof statementPdf>[0]['lines'];
}

/**
 * The statement PDF of a merchant in a batch and its file name: the same document for staff and for the farmer, in
 * `language` (staff pages are English only; the farmer's portal asks for its own).
 */
export async function printStatement(
  db: DbOrTx,
  now: Date,
  { batch, merchant, lines }: StatementSubject,
  language: Language,
) {
  const parties = await statementParties(db, merchant.id, batch.programId);
  const counted = await countBatchTransactions(db, batch.id, merchant.id, BATCH_TRANSACTIONS_CAP);
  const transactions = await batchTransactions(db, batch.id, merchant.id, { limit: BATCH_TRANSACTIONS_CAP, offset: 0 });
  const pdf = await statementPdf(
    {
      program: parties.program,
      merchant: { name: merchant.name, identifier: merchant.identifier, address: parties.merchantAddress },
      batch: {
        batchNbr: batch.batchNbr,
        businessDay: batch.businessDay,
        cutoffAt: batch.cutoffAt,
        statusId: batch.statusId,
      },
      lines,
      transactions,
      truncated: counted > BATCH_TRANSACTIONS_CAP,
      generatedAt: now,
    },
    language,
  );
  const fileName = `statement-${parties.program.shortName}-${merchant.identifier}-${batch.businessDay}-${batch.batchNbr}.pdf`;
  return { pdf, fileName: fileName.replace(/[^A-Za-z0-9._-]/g, '_'), programName: parties.program.name };
}

/** Sends a statement as the browser opens it: inline, never kept by a cache. */
export function sendStatement(reply: FastifyReply, statement: { pdf: Buffer | Uint8Array; fileName: string }) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${statement.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(statement.pdf);
}

/** The staff's statement, downloaded or e-mailed to the merchant: English, as every staff page and e-mail is. */
async function buildStatement(ctx: CallerContext, batchUuid: string, merchantUuid: string) {
  const { found, merchant, lines } = await merchantOfBatch(ctx, batchUuid, merchantUuid);
  const printed = await printStatement(
    ctx.db,
    ctx.now(),
    { batch: { ...found.batch, id: found.id, programId: found.programId }, merchant, lines },
    'en',
  );
  return {
    ...printed,
    batch: found.batch,
    merchant,
    netAmt: lines.reduce((s, l) => s + Math.round(l.netAmt * 100), 0) / 100,
  };
}

/** GET /settlement-api/batches/{batchUuid}/merchants/{merchantUuid}/statement.pdf */
export async function downloadStatement(
  context: RequestContext,
  batchUuid: string,
  merchantUuid: string,
  reply: FastifyReply,
) {
  const ctx = requireCaller(context);
  const statement = await buildStatement(ctx, batchUuid, merchantUuid);
  await recordAudit(ctx.db, ctx, {
    action: 'settlement_statement_download',
    entity: 'settlement_batch',
    entityId: statement.batch.batchUuid,
    after: { merchantUuid: statement.merchant.uuid, netAmt: statement.netAmt },
  });
  return sendStatement(reply, statement);
}

/** POST /settlement-api/batches/{batchUuid}/merchants/{merchantUuid}/statement/email */
export async function emailStatement(
  context: RequestContext,
  batchUuid: string,
  merchantUuid: string,
): Promise<StatementEmailAnswer> {
  const ctx = requireCaller(context);
  const statement = await buildStatement(ctx, batchUuid, merchantUuid);
  const to = statement.merchant.email?.trim();
  if (!to) throw AppError.conflict(SETTLEMENT_MESSAGES.MERCHANT_NO_EMAIL);
  const { batch, merchant } = statement;
  await ctx.db.transaction(async (tx) => {
    const subject = `${statement.programName}: settlement statement, batch ${batch.batchNbr} (${batch.businessDay})`;
    const body = [
      `Hello ${merchant.name},`,
      '',
      `Attached is your settlement statement from ${statement.programName} for batch ${batch.batchNbr}, business day ${batch.businessDay} (Merchant ID ${merchant.identifier}).`,
      `Net amount: ${statement.netAmt < 0 ? '-' : ''}$${Math.abs(statement.netAmt).toFixed(2)}.`,
      '',
      'The statement lists every transaction of the batch, its redemption fees and the net amount paid to your bank account.',
      'Questions? Contact the program at the address on the statement.',
    ].join('\n');
    const outboxId = await queueMessage(tx, ctx, {
      channel: 'email',
      to,
      subject,
      body,
      html: htmlOfText('en', subject, body),
      kind: 'settlement-statement',
      attachments: [{ filename: statement.fileName, contentType: 'application/pdf', content: statement.pdf }],
    });
    await recordAudit(tx, ctx, {
      action: 'settlement_statement_email',
      entity: 'settlement_batch',
      entityId: batch.batchUuid,
      after: { merchantUuid: merchant.uuid, outboxId, netAmt: statement.netAmt },
    });
  });
  return { message: fillMessage(SETTLEMENT_MESSAGES.STATEMENT_QUEUED, { email: to }), email: to };
}
