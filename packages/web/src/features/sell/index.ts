// What other features may use of the sell screen: the list of the farmer's phones with Remove, for the farmer's
// "My business" page.
export { PhonesSection } from './components/PhonesSection';
