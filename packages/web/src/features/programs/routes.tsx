import { lazy } from 'react';
import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

const ProgramViewPage = lazy(() => import('./ProgramViewPage'));

/**
 * Program view (program side), the admin program list and forms, the recipient's program detail.
 * The program view is issue 14's; the others are placeholders until their issues replace the entries here.
 */
export const programsRoutes: FeatureRoutes = {
  recipient: [placeholderRoute('program/:id', 'Program Detail')],
  program: [{ path: 'program', element: <ProgramViewPage /> }],
  admin: [
    placeholderRoute('programs', 'Programs'),
    placeholderRoute('program/add', 'New Program'),
    placeholderRoute('program/:id', 'Edit Program'),
  ],
};
