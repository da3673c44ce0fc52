import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * Recipient search, add, import and detail (A§2 Screens).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const recipientsRoutes: FeatureRoutes = {
  program: [
    placeholderRoute('recipients', 'Recipients'),
    placeholderRoute('recipient/add', 'Add Recipient'),
    placeholderRoute('recipient/file', 'Import Recipients'),
    placeholderRoute('recipient/:id/:progId', 'Recipient Detail'),
  ],
  admin: [
    placeholderRoute('recipients', 'Recipients'),
    placeholderRoute('recipient/add', 'Add Recipient'),
    placeholderRoute('recipient/file', 'Import Recipients'),
    placeholderRoute('recipient/:id/:progId', 'Recipient Detail'),
  ],
};
