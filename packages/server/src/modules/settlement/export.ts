import type { FastifyReply } from 'fastify';
import { BATCH_EXPORT_HEADERS, BATCH_EXPORT_ROW_CAP, type BatchExportQuery } from '@ebt/core/settlement';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import {
  dateColumn,
  dateTimeColumn,
  defineSearch,
  exportColumns,
  exportSearch,
  integerColumn,
  moneyColumn,
} from '../../platform/search.js';
import { type BatchExportRow, type BatchFilter, countBatchesUpTo, exportBatchRows, listBatches } from './queries.js';

// GET /settlement-api/batches/export (decision 0059): the
// batch list's rows, newest first, as the kit's streamed CSV or XLSX. Scope as the list: the caller's programs.

/** A batch's times are written in its program's zone. */
const zone = (r: BatchExportRow) => r.programTimeZone;

const BATCHES = defineSearch({
  name: 'settlement-batches',
  countCap: BATCH_EXPORT_ROW_CAP,
  exportCap: BATCH_EXPORT_ROW_CAP,
  sheetName: 'Settlement batches',
  columns: exportColumns<BatchExportRow>(
    BATCH_EXPORT_HEADERS,
    [
      integerColumn('batchNbr'),
      dateColumn('businessDay'),
      dateTimeColumn('cutoffAt', zone),
      'programName',
      integerColumn('merchantCount'),
      integerColumn('transactionCount'),
      moneyColumn('grossAmt'),
      moneyColumn('refundAmt'),
      moneyColumn('reversalAmt'),
      moneyColumn('feeAmt'),
      moneyColumn('netAmt'),
      moneyColumn('heldAmt'),
      integerColumn('heldMerchantCount'),
      'status',
      dateTimeColumn('closedAt', zone),
      dateTimeColumn('fileDownloadedAt', zone),
      dateTimeColumn('paidAt', zone),
      'bankReference',
    ],
    { 2: 24, 3: 30, 14: 24, 15: 24, 16: 24, 17: 24 },
  ),
  // The list itself is GET /settlement-api/batches (a capped list); the kit's page is not used.
  rows: (db, caller, filter: BatchFilter, window) => listBatches(db, caller, filter.programUuid, window.limit),
  count: countBatchesUpTo,
  exportBatch: exportBatchRows,
});

export async function exportBatches(context: RequestContext, query: BatchExportQuery, reply: FastifyReply) {
  const ctx = requireCaller(context);
  const filter: BatchFilter = { programUuid: query.programUuid ? query.programUuid.toLowerCase() : undefined };
  await exportSearch(ctx, reply, BATCHES, filter, query.exportType);
}
