import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * Configuration keys and their history (B§2 Admin configuration).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const configRoutes: FeatureRoutes = {
  admin: [
    placeholderRoute('configurations', 'Configurations'),
    placeholderRoute('configuration/add', 'New Config Key'),
    placeholderRoute('configuration/:id', 'Configuration Key'),
  ],
};
