// What other features may use of the settlement area: the merchant detail's 'Settlements' (issue 24 item 4).
export { MerchantSettlementsSection } from './components/MerchantSettlementsSection';
