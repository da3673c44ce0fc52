import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes, RouteHandle } from '../../lib/routes';

/**
 * Bulk PAN generation, a recipient's PANs and the printable PAN card view (B§2, resolution 7).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const pansRoutes: FeatureRoutes = {
  program: [
    placeholderRoute('pans/generation', 'Pan Generation'),
    placeholderRoute('pans/:id/:progId', 'Recipient PANs'),
    // Resolution 7: the printable card view has no header (A§2), so it renders without the portal's shell.
    { ...placeholderRoute('pans/view', 'PAN Cards'), handle: { bare: true } satisfies RouteHandle },
  ],
  admin: [
    placeholderRoute('pans/generation', 'Pan Generation'),
    placeholderRoute('pans/:id/:progId', 'Recipient PANs'),
  ],
};
