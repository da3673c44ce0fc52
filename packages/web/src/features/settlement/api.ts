import {
  BatchDetail,
  BatchList,
  BatchTransactionsPage,
  CloseBatchAnswer,
  HeldMerchantList,
  MerchantBatchList,
  StatementEmailAnswer,
  MarkPaidAnswer,
  ReconciliationAnswer,
  type ReconciliationQuery,
} from '@ebt/core/settlement';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

// The settlement screens' calls (issue 24; docs/settlement.md "API"). Answers parsed with core's schemas.

export type SettlementBase = 'admin' | 'program';

export const settlementKeys = {
  all: ['settlement'] as const,
  list: (programUuid: string) => [...settlementKeys.all, 'list', programUuid] as const,
  holds: (programUuid: string) => [...settlementKeys.all, 'holds', programUuid] as const,
  batch: (batchUuid: string) => [...settlementKeys.all, 'batch', batchUuid] as const,
  merchant: (merchantUuid: string) => [...settlementKeys.all, 'merchant', merchantUuid] as const,
  transactions: (batchUuid: string, merchantUuid: string, page: number) =>
    [...settlementKeys.all, 'transactions', batchUuid, merchantUuid, page] as const,
};

/** A merchant's statement of a batch: the PDF's path (decision 0068). */
const statementPath = (batchUuid: string, merchantUuid: string) =>
  `/settlement-api/batches/${batchUuid}/merchants/${merchantUuid}/statement.pdf`;

/** GET /settlement-api/merchants/{merchantUuid}/batches: the batches that settled the merchant, newest first. */
export function useMerchantBatches(merchantUuid: string) {
  return useQuery({
    queryKey: settlementKeys.merchant(merchantUuid),
    queryFn: async ({ signal }) =>
      MerchantBatchList.parse(await api.get<unknown>(`/settlement-api/merchants/${merchantUuid}/batches`, { signal })),
    retry: false,
  });
}

/** GET …/batches/{batchUuid}/merchants/{merchantUuid}/transactions: one page (zero-based), 10 rows. */
export function useBatchTransactions(batchUuid: string, merchantUuid: string, page: number) {
  return useQuery({
    queryKey: settlementKeys.transactions(batchUuid, merchantUuid, page),
    queryFn: async ({ signal }) =>
      BatchTransactionsPage.parse(
        await api.get<unknown>(`/settlement-api/batches/${batchUuid}/merchants/${merchantUuid}/transactions`, {
          query: { page: String(page), pageSize: '10' },
          signal,
        }),
      ),
    placeholderData: (previous) => previous,
    retry: false,
  });
}

/** Saves a merchant's statement of a batch (the PDF). */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: (target: { batchUuid: string; merchantUuid: string }) =>
      downloadFile(statementPath(target.batchUuid, target.merchantUuid), {}, 'statement.pdf'),
  });
}

/** POST …/statement/email: queues the statement to the merchant's e-mail address (the PDF attached). */
export function useEmailStatement() {
  return useMutation({
    mutationFn: async (target: { batchUuid: string; merchantUuid: string }) =>
      StatementEmailAnswer.parse(
        await api.post<unknown>(
          `/settlement-api/batches/${target.batchUuid}/merchants/${target.merchantUuid}/statement/email`,
        ),
      ),
  });
}

/** GET /settlement-api/batches: the caller's batches, newest first. */
export function useBatches(programUuid: string) {
  return useQuery({
    queryKey: settlementKeys.list(programUuid),
    queryFn: async ({ signal }) =>
      BatchList.parse(
        await api.get<unknown>('/settlement-api/batches', { query: { programUuid: programUuid || undefined }, signal }),
      ),
  });
}

/** GET /settlement-api/holds: the merchants on hold now (their money waits in no batch), of one program or all. */
export function useHeldMerchants(programUuid: string) {
  return useQuery({
    queryKey: settlementKeys.holds(programUuid),
    queryFn: async ({ signal }) =>
      HeldMerchantList.parse(
        await api.get<unknown>('/settlement-api/holds', { query: { programUuid: programUuid || undefined }, signal }),
      ),
  });
}

/** GET /settlement-api/batches/{batchUuid}: the batch, its lines and holds. */
export function useBatch(batchUuid: string) {
  return useQuery({
    queryKey: settlementKeys.batch(batchUuid),
    queryFn: async ({ signal }) =>
      BatchDetail.parse(await api.get<unknown>(`/settlement-api/batches/${batchUuid}`, { signal })),
    retry: false,
  });
}

/** POST /settlement-api/batches/close: close a batch of the program now. */
export function useCloseBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (programUuid: string) =>
      CloseBatchAnswer.parse(await api.post<unknown>('/settlement-api/batches/close', { programUuid })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
  });
}

/** POST /settlement-api/batches/{batchUuid}/paid with the bank's reference. */
export function useMarkPaid(batchUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bankReference: string) =>
      MarkPaidAnswer.parse(await api.post<unknown>(`/settlement-api/batches/${batchUuid}/paid`, { bankReference })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
  });
}

/** GET /settlement-api/batches/{batchUuid}/ach: saves the NACHA file (BANK_VIEW). */
export function useDownloadAch(batchUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => downloadFile(`/settlement-api/batches/${batchUuid}/ach`, {}, `ach-${batchUuid}.txt`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
  });
}

/** GET /settlement-api/reconciliation for the submitted program and range (null: nothing submitted yet). */
export function useReconciliation(query: ReconciliationQuery | null) {
  return useQuery({
    queryKey: [...settlementKeys.all, 'reconciliation', query] as const,
    queryFn: async ({ signal }) =>
      ReconciliationAnswer.parse(
        await api.get<unknown>('/settlement-api/reconciliation', { query: { ...query! }, signal }),
      ),
    enabled: query !== null,
    retry: false,
  });
}
