// What the incentives feature offers others (decision 0019: a feature's index.ts is its only door): what the recipient
// may still earn, for the home page's program cards, and its read, so the home shows its cards once
// both reads are in (no card grows under the reader's eyes). The home's route starts the read itself
// (lib/recipient-reads.ts).
export { myHeadroomQuery, useMyHeadroom } from './api';
export { HeadroomSummary } from './components/HeadroomList';
