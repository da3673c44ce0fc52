import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * Benefit lists, detail, issue and file upload (A§2 Screens; Import Benefits is program side only).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const benefitsRoutes: FeatureRoutes = {
  recipient: [placeholderRoute('benefits', 'Benefits')],
  program: [
    placeholderRoute('benefits', 'Benefits'),
    placeholderRoute('benefits/:recipientId', 'Recipient Benefits'),
    placeholderRoute('benefit/add', 'Issue Benefit'),
    placeholderRoute('benefit/file', 'Upload Benefit File'),
    placeholderRoute('benefit/:id', 'Benefit Detail'),
  ],
  admin: [
    placeholderRoute('benefits', 'Benefits'),
    placeholderRoute('benefits/:recipientId', 'Recipient Benefits'),
    placeholderRoute('benefit/add', 'Issue Benefit'),
    placeholderRoute('benefit/:id', 'Benefit Detail'),
  ],
};
