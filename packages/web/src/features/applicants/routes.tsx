import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const OnlineApplicationPage = lazy(() => import('./OnlineApplicationPage'));
// The staff screen sits in staff/, as the server's modules/applicants holds the public application and the staff
// search side by side; its 'Process' overlay is the recipient add form, which the recipients feature exports.
const ApplicantsPage = lazy(() => import('./staff/ApplicantsPage'));
const ApplicationTestingPage = lazy(() => import('./staff/ApplicationTestingPage'));

/**
 * The public online application (A§2 /apply/ct), the staff applicant screens (B§2) and the admin test screen that asks
 * the server whether application 1 takes applicants for program 1 (A§7, B§2 testing).
 */
export const applicantsRoutes: FeatureRoutes = {
  public: [{ path: '/apply/ct', element: <OnlineApplicationPage /> }],
  program: [{ path: 'applicants', element: <ApplicantsPage /> }],
  admin: [{ path: 'testing', element: <ApplicationTestingPage /> }],
};
