// What the PANs module offers other modules (decision 0019: a module's index.ts is its only door): program add makes
// the program's printed-PAN account with the program (decision 0035).
export { ensurePrintedAccount } from './queries.js';
