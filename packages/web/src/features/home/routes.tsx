import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * The screen a portal opens on after sign-in, as a route `lazy`: the router starts loading its code as soon as the
 * path matches, alongside the portal's user and shell (router.tsx), rather than when the shell has rendered.
 */
function homeScreen(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const recipientHome = homeScreen(() => import('./RecipientHomePage'));
const programHome = homeScreen(() => import('./WelcomePage'));
const adminHome = homeScreen(() => import('./AdminHomePage'));

/** Each portal's home answers at its prefix and at `home` (A§2, B§2, resolution 8). */
export const homeRoutes: FeatureRoutes = {
  recipient: [
    { index: true, lazy: recipientHome },
    { path: 'home', lazy: recipientHome },
  ],
  program: [
    { index: true, lazy: programHome },
    { path: 'home', lazy: programHome },
  ],
  admin: [
    { index: true, lazy: adminHome },
    { path: 'home', lazy: adminHome },
  ],
};
