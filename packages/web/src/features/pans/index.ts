// What other features may use of the PAN area: the recipient's card controls (decision 0037), mounted on the recipient
// home page now and on the program detail page when that screen is built.
export { CardControls } from './components/CardControls';
// Card PINs: the once-per-sign-in prompt of the recipient home.
export { PinPrompt } from './components/PinPrompt';
