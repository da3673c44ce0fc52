import {
  BATCH_EXPORT_ROW_CAP,
  BatchDetail,
  BatchExportQuery,
  BatchList,
  BatchListQuery,
  BatchMerchantParams,
  BatchParams,
  BatchTransactionsPage,
  BatchTransactionsQuery,
  MerchantBatchList,
  MerchantParams,
  StatementEmailAnswer,
  CloseBatchAnswer,
  CloseBatchBody,
  HeldMerchantList,
  HeldMerchantsQuery,
  MarkPaidAnswer,
  MarkPaidBody,
  ReconciliationAnswer,
  ReconciliationQuery,
} from '@ebt/core/settlement';
import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE } from '@ebt/core/privileges';
import { privileges } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { registerExportRoute } from '../../platform/search.js';
import { downloadAch } from './ach-download.js';
import { closeNow, getBatch, getBatches, markPaid } from './batches.js';
import { exportBatches } from './export.js';
import { getHeldMerchants } from './holds.js';
import { getBatchTransactions, getMerchantBatches } from './merchant-settlements.js';
import { getReconciliation } from './reconciliation.js';
import { downloadStatement, emailStatement } from './statement.js';
import { z } from 'zod';

// Merchant settlement (issue 24; decision 0056; docs/settlement.md). Program admins (their programs) and platform
// administrators; a batch outside the caller's programs answers 404 like a missing one.
const tags = ['settlement'];
const SETTLEMENT_STAFF = privileges(PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.NDGADMIN_ACCESS);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/settlement-api/batches',
    {
      schema: {
        tags,
        summary: 'Settlement batches of the caller’s programs, newest first (at most 1,000; programUuid for one)',
        querystring: BatchListQuery,
        response: { 200: BatchList, ...refusals },
      },
      config: { access: SETTLEMENT_STAFF },
    },
    (req) => getBatches(req.ctx, req.query),
  );

  registerExportRoute(
    app,
    '/settlement-api/batches/export',
    { tags, querystring: BatchExportQuery, access: SETTLEMENT_STAFF, cap: BATCH_EXPORT_ROW_CAP },
    exportBatches,
  );

  app.get(
    '/settlement-api/reconciliation',
    {
      schema: {
        tags,
        summary:
          'Reconciliation of a program over a range of its days: issued, redeemed (settled, not yet), fees, outstanding, expired and expunged, per funding source and in total',
        querystring: ReconciliationQuery,
        response: { 200: ReconciliationAnswer, ...refusals },
      },
      config: { access: SETTLEMENT_STAFF },
    },
    (req) => getReconciliation(req.ctx, req.query),
  );

  app.get(
    '/settlement-api/holds',
    {
      schema: {
        tags,
        summary:
          'Merchants on hold now in the caller’s programs (programUuid for one): their unpaid money waiting in no batch, with the reason and the amount owed (at most 1,000)',
        querystring: HeldMerchantsQuery,
        response: { 200: HeldMerchantList, ...refusals },
      },
      config: { access: SETTLEMENT_STAFF },
    },
    (req) => getHeldMerchants(req.ctx, req.query),
  );

  app.post(
    '/settlement-api/batches/close',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Close a batch of the program now: every approved transaction not yet settled, merchants held apart',
        body: CloseBatchBody,
        response: { 200: CloseBatchAnswer, ...refusals, 409: ErrorBody },
      },
      config: { access: SETTLEMENT_STAFF },
    },
    (req) => closeNow(req.ctx, req.body),
  );

  app.get(
    '/settlement-api/batches/:batchUuid',
    {
      schema: {
        tags,
        summary: 'A batch with its merchant lines (per funding source, regular or incentive) and its holds',
        params: BatchParams,
        response: { 200: BatchDetail, ...refusals },
      },
      config: { access: SETTLEMENT_STAFF },
    },
    (req) => getBatch(req.ctx, req.params.batchUuid),
  );

  app.post(
    '/settlement-api/batches/:batchUuid/paid',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Mark the batch paid once the bank confirmed it, with the bank’s reference',
        params: BatchParams,
        body: MarkPaidBody,
        response: { 200: MarkPaidAnswer, ...refusals, 409: ErrorBody },
      },
      config: { access: SETTLEMENT_STAFF },
    },
    (req) => markPaid(req.ctx, req.params.batchUuid, req.body),
  );

  app.get(
    '/settlement-api/batches/:batchUuid/ach',
    {
      schema: {
        tags,
        summary:
          'The batch’s NACHA file (CCD+ credits to the merchants, the offset to the program’s settlement account); BANK_VIEW, audited, never stored',
        params: BatchParams,
        response: { ...refusals, 409: ErrorBody },
      },
      config: { access: privileges(PRIVILEGE.BANK_VIEW) },
    },
    (req, reply) => downloadAch(req.ctx, req.params.batchUuid, reply),
  );

  // One merchant's settlements (items 3 and 4, decision 0068): its batches, its transactions of a batch, its statement.
  app.get(
    '/settlement-api/merchants/:merchantUuid/batches',
    {
      schema: {
        tags,
        summary: 'The batches that settled the merchant, newest first, with its share of each (at most 1,000)',
        params: MerchantParams,
        response: { 200: MerchantBatchList, ...refusals },
      },
      config: { access: SETTLEMENT_STAFF },
    },
    (req) => getMerchantBatches(req.ctx, req.params.merchantUuid),
  );

  app.get(
    '/settlement-api/batches/:batchUuid/merchants/:merchantUuid/transactions',
    {
      schema: {
        tags,
        summary:
          'The merchant’s transactions of the batch in time order, a page at a time, each with its money per benefit (signed as it counts: refunds and reversals negative) and its fee',
        params: BatchMerchantParams,
        querystring: BatchTransactionsQuery,
        response: { 200: BatchTransactionsPage, ...refusals },
      },
      config: { access: SETTLEMENT_STAFF },
    },
    (req) => getBatchTransactions(req.ctx, req.params.batchUuid, req.params.merchantUuid, req.query),
  );

  app.get(
    '/settlement-api/batches/:batchUuid/merchants/:merchantUuid/statement.pdf',
    {
      schema: {
        tags,
        summary:
          'The merchant’s printable statement of the batch (PDF): program contact, merchant address, batch date and cut-off, lines, every transaction, fees and net; no bank number; audited',
        params: BatchMerchantParams,
        response: { 200: z.any().describe('application/pdf'), ...refusals },
      },
      config: { access: SETTLEMENT_STAFF },
    },
    (req, reply) => downloadStatement(req.ctx, req.params.batchUuid, req.params.merchantUuid, reply),
  );

  app.post(
    '/settlement-api/batches/:batchUuid/merchants/:merchantUuid/statement/email',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: 'E-mail the merchant its statement of the batch (the PDF attached), queued in the outbox',
        params: BatchMerchantParams,
        response: { 200: StatementEmailAnswer, ...refusals, 409: ErrorBody },
      },
      config: { access: SETTLEMENT_STAFF },
    },
    (req) => emailStatement(req.ctx, req.params.batchUuid, req.params.merchantUuid),
  );
});
