import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * The dashboard of charts (B§2 Dashboard).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const dashboardRoutes: FeatureRoutes = {
  program: [placeholderRoute('dash', 'Dashboard')],
  admin: [placeholderRoute('dash', 'Dashboard')],
};
