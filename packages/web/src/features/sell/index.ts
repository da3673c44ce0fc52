// What other features may use of the sell screen: the list of the farmer's phones with Remove, for the farmer's
// "My business" page, and the words of the engine's answers.
export { PhonesSection } from './components/PhonesSection';
// The sales list says why a sale was declined in the same words as the sell screen's answer.
export { responseReasonKey } from './sale';
