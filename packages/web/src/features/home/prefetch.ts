import { queryClient } from '../../lib/query-client';
import { myHeadroomQuery } from '../incentives';
import { balancesQuery } from './api';

/**
 * Starts the recipient home's two reads (balances, headroom) into the query cache, so they travel alongside the
 * signed-in user and the page's code instead of after the page has rendered: the balances are what the page paints
 * largest (Lighthouse's LCP). The page then finds them in the cache, or joins the read under way.
 */
export function prefetchRecipientHome(): void {
  void queryClient.prefetchQuery(balancesQuery());
  void queryClient.prefetchQuery(myHeadroomQuery());
}
