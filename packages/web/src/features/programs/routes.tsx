import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * Program view (program side), the admin program list and forms, the recipient's program detail.
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const programsRoutes: FeatureRoutes = {
  recipient: [placeholderRoute('program/:id', 'Program Detail')],
  program: [placeholderRoute('program', 'Program')],
  admin: [
    placeholderRoute('programs', 'Programs'),
    placeholderRoute('program/add', 'New Program'),
    placeholderRoute('program/:id', 'Edit Program'),
  ],
};
