import type { FeatureRoutes } from '../../lib/routes';

/** The farmer's sell screen (decision 0110): the phone as the merchant's terminal, its own chunk. */
export const sellRoutes: FeatureRoutes = {
  merchant: [{ path: 'sell', lazy: async () => ({ Component: (await import('./SellPage')).default }) }],
};
