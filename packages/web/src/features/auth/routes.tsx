import type { FeatureRoutes } from '../../lib/routes';
import LoginPage from './LoginPage';
import LogoutPage from './LogoutPage';

// Sign-in and sign-out are the first screens anyone sees, so they ship in the main bundle rather than lazily.
// Activation, reset and the forgot password / username pages are the recovery feature's (features/recovery).
export const authRoutes: FeatureRoutes = {
  public: [
    { path: '/', element: <LoginPage /> },
    { path: '/login', element: <LoginPage /> },
    { path: '/logout', element: <LogoutPage /> },
  ],
};
