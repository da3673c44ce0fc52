import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * Incentives: the admin list and forms, a recipient's enrolments, the recipient's own list (B§2).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const incentivesRoutes: FeatureRoutes = {
  recipient: [placeholderRoute('incentives', 'Incentives')],
  program: [placeholderRoute('recipient/incentives/:id/:progId', 'Recipient Incentives')],
  admin: [
    placeholderRoute('incentives', 'Incentives'),
    placeholderRoute('incentive/add', 'New Incentive'),
    placeholderRoute('incentive/:id', 'Edit Incentive'),
    placeholderRoute('recipient/incentives/:id/:progId', 'Recipient Incentives'),
  ],
};
