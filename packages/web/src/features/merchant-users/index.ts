// What the merchant-users feature offers others: the people section of the staff merchant detail page.
export { MerchantPeopleSection } from './components/MerchantPeopleSection';
