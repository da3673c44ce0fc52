// What other features place: the farmer's bank change on the business page, staff's on the merchant page.
export { FarmerBankChangeSection } from './components/FarmerBankChangeSection';
export { MerchantBankChangeSection } from './components/MerchantBankChangeSection';
