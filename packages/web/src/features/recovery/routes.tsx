import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/routes';

const ActivationPage = lazy(() => import('./ActivationPage'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));
const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage'));
const ForgotUsernamePage = lazy(() => import('./ForgotUsernamePage'));
const ConfirmEmailPage = lazy(() => import('./ConfirmEmailPage'));

/** The public activation, reset and recovery pages (A§2 Public routes, A§4). */
export const recoveryRoutes: FeatureRoutes = {
  public: [
    { path: '/validate', element: <ActivationPage /> },
    { path: '/resetpass', element: <ResetPasswordPage /> },
    { path: '/forgotpass', element: <ForgotPasswordPage /> },
    { path: '/forgotusername', element: <ForgotUsernamePage /> },
    { path: '/confirm-email', element: <ConfirmEmailPage /> },
  ],
};
