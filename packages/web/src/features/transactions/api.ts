import { TransactionDetail, TransactionSearchPage } from '@ebt/core/transactions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { transactionPageQuery } from './criteria';

// The program and admin transaction screens (A§7 "Transactions", B§7 "Transactions (detail)"). Pages never call the
// API themselves.

export type StaffBase = 'program' | 'admin';

export const transactionKeys = {
  all: ['transactions'] as const,
  search: (query: object) => [...transactionKeys.all, 'search', query] as const,
  detail: (trxUuid: string) => [...transactionKeys.all, 'detail', trxUuid] as const,
};

/** GET /transaction-api/transactions: one page of the search, or nothing before a search is submitted. */
export function useTransactionSearch(query: ReturnType<typeof transactionPageQuery> | null) {
  return useQuery({
    queryKey: transactionKeys.search(query ?? {}),
    queryFn: async ({ signal }) =>
      TransactionSearchPage.parse(await api.get<unknown>('/transaction-api/transactions', { query: query!, signal })),
    enabled: query !== null,
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** GET /transaction-api/transactions/{id}. */
export function useTransaction(trxUuid: string) {
  return useQuery({
    queryKey: transactionKeys.detail(trxUuid),
    queryFn: async ({ signal }) =>
      TransactionDetail.parse(await api.get<unknown>(`/transaction-api/transactions/${trxUuid}`, { signal })),
    retry: false,
  });
}
