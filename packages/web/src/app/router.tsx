import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/NotFoundPage';
import { accountRoutes } from '../features/account/routes';
import { agenciesRoutes } from '../features/agencies/routes';
import { applicantsRoutes } from '../features/applicants/routes';
import { authRoutes } from '../features/auth/routes';
import { benefitsRoutes } from '../features/benefits/routes';
import { configRoutes } from '../features/config/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { deliveryLogRoutes } from '../features/delivery-log/routes';
import { sellRoutes } from '../features/sell/routes';
import { settlementRoutes } from '../features/settlement/routes';
import { externalCardsRoutes } from '../features/external-cards/routes';
import { farmerRoutes } from '../features/farmer/routes';
import { farmerApplyRoutes } from '../features/farmer-apply/routes';
import { farmerApplicationsRoutes } from '../features/farmer-applications/routes';
import { homeRoutes } from '../features/home/routes';
import { incentivesRoutes } from '../features/incentives/routes';
import { merchantsRoutes } from '../features/merchants/routes';
import { notificationsRoutes } from '../features/notifications/routes';
import { pansRoutes } from '../features/pans/routes';
import { payRoutes } from '../features/pay/routes';
import { programsRoutes } from '../features/programs/routes';
import { recipientsRoutes } from '../features/recipients/routes';
import { recoveryRoutes } from '../features/recovery/routes';
import { rolesRoutes } from '../features/roles/routes';
import { transactionsRoutes } from '../features/transactions/routes';
import { usersRoutes } from '../features/users/routes';
import type { FeatureRoutes, PortalArea } from '../lib/routes';
import { loadArea, ProtectedArea } from './guards/ProtectedArea';
import { AreaSkeleton } from './layouts/AreaSkeleton';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';
import { RouteErrorPage } from './layouts/RouteErrorPage';

/** Every feature's routes; a feature adds or replaces screens in its own routes.tsx. */
const FEATURES: FeatureRoutes[] = [
  authRoutes,
  recoveryRoutes,
  homeRoutes,
  accountRoutes,
  recipientsRoutes,
  applicantsRoutes,
  benefitsRoutes,
  transactionsRoutes,
  merchantsRoutes,
  usersRoutes,
  rolesRoutes,
  agenciesRoutes,
  programsRoutes,
  pansRoutes,
  payRoutes,
  sellRoutes,
  externalCardsRoutes,
  incentivesRoutes,
  notificationsRoutes,
  dashboardRoutes,
  settlementRoutes,
  configRoutes,
  deliveryLogRoutes,
  farmerRoutes,
  farmerApplyRoutes,
  farmerApplicationsRoutes,
];

function collect(key: keyof FeatureRoutes): RouteObject[] {
  return FEATURES.flatMap((feature) => feature[key] ?? []);
}

/** A portal: its guard and shell, its features' screens, and its own not-found page (A§2 "any other path"). */
function portal(area: PortalArea): RouteObject {
  return {
    path: area,
    element: <ProtectedArea area={area} />,
    // The user and the shell start loading as the portal is entered, while a page given as a route `lazy` loads
    // its code; the portal's header shows until then. Moving between the portal's pages needs neither again.
    loader: () => loadArea(area),
    shouldRevalidate: () => false,
    hydrateFallbackElement: <AreaSkeleton area={area} />,
    children: [...collect(area), { path: '*', element: <NotFoundPage homeTo={`/${area}`} /> }],
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [...collect('public'), { path: '*', element: <NotFoundPage /> }],
      },
      portal('recipient'),
      portal('merchant'),
      portal('program'),
      portal('admin'),
    ],
  },
];

/**
 * The app's router. Made on demand rather than when this module loads: creating it starts the first navigation,
 * which requests the page's code at once, and app/start.tsx first asks for the language (its chunk is needed before
 * any page shows), so that request is not queued behind a page's many chunks on the browser's six connections.
 */
export const createAppRouter = () => createBrowserRouter(routes);
