import { type ReconciliationQuery, settlementApi } from '@ebt/core/settlement';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFrom } from '../../lib/download';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// The settlement screens' calls (docs/settlement.md "API"), each through its contract in settlementApi.

/** The batches that settled the merchant, newest first. */
export function useMerchantBatches(merchantUuid: string) {
  return useQuery({ ...endpointQuery(settlementApi.merchantBatches, { params: { merchantUuid } }), retry: false });
}

/** A merchant's transactions of a batch: one page (zero-based), 10 rows. */
export function useBatchTransactions(batchUuid: string, merchantUuid: string, page: number) {
  return useQuery({
    ...endpointQuery(settlementApi.batchTransactions, {
      params: { batchUuid, merchantUuid },
      query: { page: String(page), pageSize: '10' },
    }),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** Saves a merchant's statement of a batch (the PDF, decision 0068). */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: (target: { batchUuid: string; merchantUuid: string }) =>
      downloadFrom(settlementApi.statement, { params: target }, 'statement.pdf'),
  });
}

/** Queues the statement to the merchant's e-mail address (the PDF attached). */
export function useEmailStatement() {
  return useMutation({
    mutationFn: (target: { batchUuid: string; merchantUuid: string }) =>
      callEndpoint(settlementApi.emailStatement, { params: target }),
  });
}

/** The caller's batches, newest first. */
export function useBatches(programUuid: string) {
  return useQuery(endpointQuery(settlementApi.batches, { query: { programUuid: programUuid || undefined } }));
}

/** The merchants on hold now (their money waits in no batch), of one program or all. */
export function useHeldMerchants(programUuid: string) {
  return useQuery(endpointQuery(settlementApi.holds, { query: { programUuid: programUuid || undefined } }));
}

/** The program's ACH originator and the other programs sharing it. */
export function useAchSettings(programUuid: string) {
  return useQuery({ ...endpointQuery(settlementApi.achSettings, { query: { programUuid } }), retry: false });
}

/** The batch, its lines and holds. */
export function useBatch(batchUuid: string) {
  return useQuery({ ...endpointQuery(settlementApi.batch, { params: { batchUuid } }), retry: false });
}

/** After a batch is closed, paid or its ACH file taken: every settlement read again. */
function useReloadSettlement() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        settlementApi.batches,
        settlementApi.holds,
        settlementApi.batch,
        settlementApi.merchantBatches,
        settlementApi.batchTransactions,
        settlementApi.reconciliation,
      ].map((endpoint) => queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) })),
    );
}

/** Close a batch of the program now. */
export function useCloseBatch() {
  const reload = useReloadSettlement();
  return useMutation({
    mutationFn: (programUuid: string) => callEndpoint(settlementApi.closeBatch, { body: { programUuid } }),
    onSuccess: reload,
  });
}

/** Mark the batch paid with the bank's reference. */
export function useMarkPaid(batchUuid: string) {
  const reload = useReloadSettlement();
  return useMutation({
    mutationFn: (bankReference: string) =>
      callEndpoint(settlementApi.markPaid, { params: { batchUuid }, body: { bankReference } }),
    onSuccess: reload,
  });
}

/** Saves the batch's NACHA file (BANK_VIEW). */
export function useDownloadAch(batchUuid: string) {
  const reload = useReloadSettlement();
  return useMutation({
    mutationFn: () => downloadFrom(settlementApi.ach, { params: { batchUuid } }, `ach-${batchUuid}.txt`),
    onSuccess: reload,
  });
}

/** The reconciliation of the submitted program and range (null: nothing submitted yet). */
export function useReconciliation(query: ReconciliationQuery | null) {
  return useQuery({
    ...endpointQuery(settlementApi.reconciliation, { query: { ...query! } }),
    enabled: query !== null,
    retry: false,
  });
}
