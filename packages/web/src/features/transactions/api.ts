import { transactionApi } from '@ebt/core/transactions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/endpoint-client';
import type { transactionPageQuery } from './criteria';

// The program and admin transaction screens (A§7 "Transactions", B§7 "Transactions (detail)"), each call through its
// contract in transactionApi. Pages never call the API themselves.

/** One page of the search, or nothing before a search is submitted. */
export function useTransactionSearch(query: ReturnType<typeof transactionPageQuery> | null) {
  return useQuery({
    ...endpointQuery(transactionApi.search, { query: query ?? {} }),
    enabled: query !== null,
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** One transaction. */
export function useTransaction(trxUuid: string) {
  return useQuery({ ...endpointQuery(transactionApi.detail, { params: { id: trxUuid } }), retry: false });
}
