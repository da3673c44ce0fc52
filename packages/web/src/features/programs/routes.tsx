import { lazy } from 'react';
import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

const ProgramViewPage = lazy(() => import('./ProgramViewPage'));
const ProgramListPage = lazy(() => import('./ProgramListPage'));
const ProgramAddPage = lazy(() => import('./ProgramAddPage'));
const ProgramEditPage = lazy(() => import('./ProgramEditPage'));

/**
 * Program view (program side), the admin program list and forms (B§2 "Admin programs"), the recipient's program
 * detail (a placeholder until its issue replaces the entry here).
 */
export const programsRoutes: FeatureRoutes = {
  recipient: [placeholderRoute('program/:id', 'Program Detail')],
  program: [{ path: 'program', element: <ProgramViewPage /> }],
  admin: [
    { path: 'programs', element: <ProgramListPage /> },
    { path: 'program/add', element: <ProgramAddPage /> },
    { path: 'program/:id', element: <ProgramEditPage /> },
  ],
};
