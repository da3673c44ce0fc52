// What other features may use of the settlement area: the merchant detail's 'Settlements'.
export { MerchantSettlementsSection } from './components/MerchantSettlementsSection';
