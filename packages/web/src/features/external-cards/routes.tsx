import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * External EBT cards: the staff view of a recipient's cards and the recipient's own list, add and edit (B§2).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const externalCardsRoutes: FeatureRoutes = {
  recipient: [
    placeholderRoute('ebtcards', 'EBT Cards'),
    placeholderRoute('ebtcards/add', 'Add EBT Card'),
    placeholderRoute('ebtcard/:id', 'Edit EBT Card'),
  ],
  program: [placeholderRoute('recipient/ebtcards/:id', 'Recipient EBT Cards')],
  admin: [placeholderRoute('recipient/ebtcards/:id', 'Recipient EBT Cards')],
};
