import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const ProgramViewPage = lazy(() => import('./ProgramViewPage'));
const ProgramListPage = lazy(() => import('./ProgramListPage'));
const ProgramAddPage = lazy(() => import('./ProgramAddPage'));
const ProgramEditPage = lazy(() => import('./ProgramEditPage'));
const RecipientProgramPage = lazy(() => import('./RecipientProgramPage'));

/**
 * Program view (program side), the admin program list and forms (B§2 "Admin programs"), the recipient's program
 * detail.
 */
export const programsRoutes: FeatureRoutes = {
  recipient: [{ path: 'program/:id', element: <RecipientProgramPage /> }],
  program: [{ path: 'program', element: <ProgramViewPage /> }],
  admin: [
    { path: 'programs', element: <ProgramListPage /> },
    { path: 'program/add', element: <ProgramAddPage /> },
    { path: 'program/:id', element: <ProgramEditPage /> },
  ],
};
