import { TransactionSearchPage } from '@ebt/core/transactions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { transactionKeys } from './api';

// The recipient portal's transaction reads (A§7; resolution 11): the search (forced to the caller's own account by
// the server) and the recent list of one program.

export interface RecipientTransactionQuery {
  startDate?: string;
  endDate?: string;
  programId?: string;
  page: number;
  pageSize: number;
}

/** GET /transaction-api/transactions with programId, or nothing before a search. */
export function useRecipientTransactionSearch(query: RecipientTransactionQuery | null) {
  return useQuery({
    queryKey: [...transactionKeys.all, 'recipient-search', query ?? {}],
    queryFn: async ({ signal }) =>
      TransactionSearchPage.parse(
        await api.get<unknown>('/transaction-api/transactions', { query: { ...query! }, signal }),
      ),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /transaction-api/transactions/currentuser/{programUuid}: the newest of one program. */
export function useRecentTransactions(programUuid: string) {
  return useQuery({
    queryKey: [...transactionKeys.all, 'recent', programUuid],
    queryFn: async ({ signal }) =>
      TransactionSearchPage.parse(
        await api.get<unknown>(`/transaction-api/transactions/currentuser/${programUuid}`, { signal }),
      ),
    retry: false,
  });
}
