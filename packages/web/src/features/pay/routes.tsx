import type { FeatureRoutes, RouteHandle } from '../../lib/routes';

// The Pay screen works without the network: the portal shows it, without its shell, when the user cannot be read.
const offline = { offline: true } satisfies RouteHandle;

/** The recipient's Pay screen (decision 0108), its own chunk with the QR code library. */
export const payRoutes: FeatureRoutes = {
  recipient: [
    {
      path: 'pay/:panId',
      lazy: async () => ({ Component: (await import('./PayPage')).default }),
      handle: offline,
    },
  ],
};
