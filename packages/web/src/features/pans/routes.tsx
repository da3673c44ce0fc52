import { lazy } from 'react';
import type { FeatureRoutes, RouteHandle } from '../../lib/routes';

const RecipientPansPage = lazy(() => import('./RecipientPansPage'));
const PanGenerationPage = lazy(() => import('./PanGenerationPage'));
const PanCardsViewPage = lazy(() => import('./PanCardsViewPage'));

// Resolution 7: the printable card view has no header (A§2), so it renders without the portal's shell.
const bare = { bare: true } satisfies RouteHandle;

/**
 * Bulk PAN generation, a recipient's PANs and the printable PAN card view (B§2, resolution 7), each its own chunk.
 * The admin portal gets the card view too (decision 0036): an administrator's PANs pages print from it.
 */
export const pansRoutes: FeatureRoutes = {
  program: [
    { path: 'pans/generation', element: <PanGenerationPage base="program" /> },
    { path: 'pans/view', element: <PanCardsViewPage />, handle: bare },
    { path: 'pans/:id/:progId', element: <RecipientPansPage base="program" /> },
  ],
  admin: [
    { path: 'pans/generation', element: <PanGenerationPage base="admin" /> },
    { path: 'pans/view', element: <PanCardsViewPage />, handle: bare },
    { path: 'pans/:id/:progId', element: <RecipientPansPage base="admin" /> },
  ],
};
