// What the incentives feature offers others (decision 0019: a feature's index.ts is its only door): what the recipient
// may still earn, for the home page's program cards (issue 20 item 9).
export { HeadroomSummary } from './components/HeadroomList';
