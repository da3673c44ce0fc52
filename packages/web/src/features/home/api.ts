import { benefitApi } from '@ebt/core/benefits';
import { recipientApi } from '@ebt/core/recipients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointKey, endpointQuery } from '../../lib/endpoint-client';
import { queryClient } from '../../lib/query-client';
import { myHeadroomQuery } from '../incentives';
import { readStarted } from '../../lib/early-reads';
import { BALANCES_PATH } from '../../lib/recipient-reads';

// The recipient home's reads (A§2 /recipient/home, A§7 "Recipient portal"): the programs of the recipient's accounts
// (recipientApi.ownPrograms) and one balance card per program (benefitApi.balances). Refetched on navigation and
// window focus, never on a timer.

/** The programs the recipient has an account in, each with that account. */
export function useOwnPrograms() {
  return useQuery(endpointQuery(recipientApi.ownPrograms, {}));
}

/**
 * The recipient's balance per program (benefitApi.balances); the home's route starts the read (routes.tsx, with the
 * path lib/recipient-reads.ts keeps for start-up code), the page's query takes it and parses it with the contract.
 */
const balancesQuery = () =>
  queryOptions({
    queryKey: endpointKey(benefitApi.balances, {}),
    queryFn: async ({ signal }) => benefitApi.balances.answer.parse(await readStarted(BALANCES_PATH, signal)),
  });

export function useBalances() {
  return useQuery(balancesQuery());
}

/**
 * Puts the home's two reads, started by its route (routes.tsx), into the query cache as soon as this code has loaded,
 * parsed as the page's queries parse them. The page then renders with its answers the first time, instead of
 * rendering without them and again, synchronously, once its queries have subscribed and taken them (a long task
 * after the page's first paint: Lighthouse's Total Blocking Time). The queries' staleTime keeps them from reading
 * again on mount.
 */
export function prefillRecipientHome(): void {
  void queryClient.prefetchQuery(balancesQuery());
  void queryClient.prefetchQuery(myHeadroomQuery());
}
