// What other features may use of the pay codes (decision 0108): 'Pay with this phone' for a card (the recipient
// home's card controls), the cards page's section (its cards with the button and their phones), and the staff PANs
// page's list of a recipient's phones; the last two load on demand, in chunks of their own.
export { PayButton } from './components/PayButton';
export { PayCardsSection, StaffCardDevices } from './components/deferred';
