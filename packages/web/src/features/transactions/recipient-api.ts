import { transactionApi } from '@ebt/core/transactions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/endpoint-client';

// The recipient portal's transaction reads (A§7; resolution 11): the search (forced to the caller's own account by
// the server) and the recent list of one program.

export interface RecipientTransactionQuery {
  startDate?: string;
  endDate?: string;
  programId?: string;
  page: number;
  pageSize: number;
}

/** The search with programId, or nothing before a search. */
export function useRecipientTransactionSearch(query: RecipientTransactionQuery | null) {
  return useQuery({
    ...endpointQuery(transactionApi.search, { query: { ...query } }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** The recipient's newest transactions of one program. */
export function useRecentTransactions(programUuid: string) {
  return useQuery({ ...endpointQuery(transactionApi.ownRecent, { params: { programUuid } }), retry: false });
}
