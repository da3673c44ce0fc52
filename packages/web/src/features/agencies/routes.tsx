import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * Agency list, add and update (B§2 Agencies).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const agenciesRoutes: FeatureRoutes = {
  program: [
    placeholderRoute('agencies', 'Agencies'),
    placeholderRoute('agency/add', 'Add Agency'),
    placeholderRoute('agency/:id', 'Update Agency'),
  ],
  admin: [
    placeholderRoute('agencies', 'Agencies'),
    placeholderRoute('agency/add', 'Add Agency'),
    placeholderRoute('agency/:id', 'Update Agency'),
  ],
};
