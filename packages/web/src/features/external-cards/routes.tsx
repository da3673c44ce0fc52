import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const EbtCardListPage = lazy(() => import('./EbtCardListPage'));
const EbtCardAddPage = lazy(() => import('./EbtCardAddPage'));
const EbtCardEditPage = lazy(() => import('./EbtCardEditPage'));
const RecipientEbtCardsPage = lazy(() => import('./RecipientEbtCardsPage'));

/**
 * External EBT cards (A§2, B§2): the recipient's own list, add and edit, and the staff view of one recipient's cards
 * (`id` the account uuid), read-only.
 */
export const externalCardsRoutes: FeatureRoutes = {
  recipient: [
    { path: 'ebtcards', element: <EbtCardListPage /> },
    { path: 'ebtcards/add', element: <EbtCardAddPage /> },
    { path: 'ebtcard/:id', element: <EbtCardEditPage /> },
  ],
  program: [{ path: 'recipient/ebtcards/:id', element: <RecipientEbtCardsPage base="program" /> }],
  admin: [{ path: 'recipient/ebtcards/:id', element: <RecipientEbtCardsPage base="admin" /> }],
};
