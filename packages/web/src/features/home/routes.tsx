import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from '../../lib/routes';
import { startRead } from '../../lib/early-reads';
import { BALANCES_PATH, MY_HEADROOM_PATH } from '../../lib/recipient-reads';
import { hasSession } from '../../lib/session';

/**
 * The screen a portal opens on after sign-in, as a route `lazy`: the router starts loading its code as soon as the
 * path matches, alongside the portal's user and shell (router.tsx), rather than when the shell has rendered.
 */
function homeScreen(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const recipientHome = homeScreen(() => import('./RecipientHomePage'));

/**
 * The recipient home's loader: its two reads (balances, headroom) start as soon as the path matches, with the user
 * and the page's code, and the page's queries take their answers (lib/early-reads.ts). The balances are what the page
 * paints largest (Lighthouse's LCP). Only the paths come with the start-up code, not the schemas or zod that parse
 * the answers. It returns at once. When the browser opened the home itself, the entry module started both reads
 * before the app had loaded (lib/early-fetch.ts), and these calls find them waiting.
 */
function startRecipientHomeReads(): null {
  if (hasSession()) {
    startRead(BALANCES_PATH);
    startRead(MY_HEADROOM_PATH);
    // In the page's chunk, which the route loads meanwhile (and recipient-home.html preloads): no extra request. A
    // failed load is the route's to show, when its own import of the same chunk fails.
    import('./api').then(({ prefillRecipientHome }) => prefillRecipientHome()).catch(() => undefined);
  }
  return null;
}
const programHome = homeScreen(() => import('./WelcomePage'));
const adminHome = homeScreen(() => import('./AdminHomePage'));

/** Each portal's home answers at its prefix and at `home` (A§2, B§2, resolution 8). */
export const homeRoutes: FeatureRoutes = {
  recipient: [
    { index: true, lazy: recipientHome, loader: startRecipientHomeReads },
    { path: 'home', lazy: recipientHome, loader: startRecipientHomeReads },
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
