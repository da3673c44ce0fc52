import { ProgramBalance } from '@ebt/core/benefits';
import { CurrentRecipientProgram } from '@ebt/core/recipients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { myHeadroomQuery } from '../incentives';
import { readStarted } from '../../lib/early-reads';
import { BALANCES_PATH } from '../../lib/recipient-reads';

// The recipient home's reads (A§2 /recipient/home, A§7 "Recipient portal"): the programs of the recipient's accounts
// and one balance card per program. Refetched on navigation and window focus, never on a timer.

export const recipientHomeKeys = {
  programs: ['recipient', 'programs'] as const,
  balances: ['recipient', 'balances'] as const,
};

/** GET /account-api/account/currentuser/programs. */
export function useOwnPrograms() {
  return useQuery({
    queryKey: recipientHomeKeys.programs,
    queryFn: async ({ signal }) =>
      z
        .array(CurrentRecipientProgram)
        .parse(await api.get<unknown>('/account-api/account/currentuser/programs', { signal })),
  });
}

/** GET /benefit-api/benefit/balances; the home's route starts it (routes.tsx), the page's query takes it. */
const balancesQuery = () =>
  queryOptions({
    queryKey: recipientHomeKeys.balances,
    queryFn: async ({ signal }) => z.array(ProgramBalance).parse(await readStarted(BALANCES_PATH, signal)),
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
