import { placeholderRoute } from '../../components/PlaceholderPage';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * Merchant search, detail, add, import and the merchant locator (B§2).
 * Each screen is a placeholder until its issue replaces the entry here.
 */
export const merchantsRoutes: FeatureRoutes = {
  recipient: [
    placeholderRoute('merchants', 'Merchants'),
    placeholderRoute('merchant/:id', 'Merchant Detail'),
    placeholderRoute('merchantlocator', 'Merchant Locator'),
  ],
  program: [
    placeholderRoute('merchants', 'Merchants'),
    placeholderRoute('merchant/add', 'New Merchant'),
    placeholderRoute('merchant/file', 'Import Merchants'),
    placeholderRoute('merchant/:id', 'Merchant Detail'),
    placeholderRoute('merchantlocator', 'Merchant Locator'),
  ],
  admin: [
    placeholderRoute('merchants', 'Merchants'),
    placeholderRoute('merchant/add', 'New Merchant'),
    placeholderRoute('merchant/file', 'Import Merchants'),
    placeholderRoute('merchant/:id', 'Merchant Detail'),
    placeholderRoute('merchantlocator', 'Merchant Locator'),
  ],
};
