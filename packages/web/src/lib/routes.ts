import type { RouteObject } from 'react-router';

/** The signed-in portals (A§2's three and the farmers' merchant portal), each under its own path prefix. */
export type PortalArea = 'recipient' | 'merchant' | 'program' | 'admin';

/**
 * What one feature contributes to the router: routes relative to each portal's prefix (`benefits`, not
 * `/program/benefits`) and public routes with absolute paths. The app composes these; a feature replaces its own
 * placeholders without touching the router.
 */
export interface FeatureRoutes {
  public?: RouteObject[];
  recipient?: RouteObject[];
  merchant?: RouteObject[];
  program?: RouteObject[];
  admin?: RouteObject[];
}

/**
 * Route handle flags read by the layouts. `bare` renders the page without header, navigation or footer (the
 * printable PAN card view, resolution 7).
 */
export interface RouteHandle {
  bare?: boolean;
  /**
   * A recipient screen that works without the network (the Pay screen, decision 0108): when the signed-in user cannot
   * be read for want of one, the portal shows this screen, without its shell, instead of the offline home.
   */
  offline?: boolean;
}
