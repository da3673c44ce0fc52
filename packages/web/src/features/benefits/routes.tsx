import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const BenefitSearchPage = lazy(() => import('./BenefitSearchPage'));
const BenefitIssuePage = lazy(() => import('./BenefitIssuePage'));
const BenefitDetailPage = lazy(() => import('./BenefitDetailPage'));
const BenefitFilePage = lazy(() => import('./BenefitFilePage'));
const RecipientBenefitsPage = lazy(() => import('./RecipientBenefitsPage'));

/**
 * Benefit lists, detail, issue and file upload (A§2 Screens), the same screens in /program and /admin; Import
 * Benefits is program side only (A§6). The recipient portal's benefits search is its own screen.
 */
export const benefitsRoutes: FeatureRoutes = {
  recipient: [{ path: 'benefits', element: <RecipientBenefitsPage /> }],
  program: [
    { path: 'benefits', element: <BenefitSearchPage area="program" /> },
    { path: 'benefits/:recipientId', element: <BenefitSearchPage area="program" /> },
    { path: 'benefit/add', element: <BenefitIssuePage area="program" /> },
    { path: 'benefit/file', element: <BenefitFilePage /> },
    { path: 'benefit/:id', element: <BenefitDetailPage area="program" /> },
  ],
  admin: [
    { path: 'benefits', element: <BenefitSearchPage area="admin" /> },
    { path: 'benefits/:recipientId', element: <BenefitSearchPage area="admin" /> },
    { path: 'benefit/add', element: <BenefitIssuePage area="admin" /> },
    { path: 'benefit/:id', element: <BenefitDetailPage area="admin" /> },
  ],
};
