// What other features may use of the pay codes (decision 0108): 'Pay with this phone' for a card (the recipient
// home's card controls) and for each card kept on the phone (the offline home), the cards page's section (its cards
// with the button and their phones), and the staff PANs page's list of a recipient's phones; the last two load on
// demand, in chunks of their own.
export { PayButton } from './components/PayButton';
export { KeptPayButtons } from './components/KeptPayButtons';
export { PayCardsSection, StaffCardDevices } from './components/deferred';
