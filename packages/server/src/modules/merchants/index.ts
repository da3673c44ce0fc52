// What the merchants module offers other modules (decision 0019: a module's index.ts is its only door): the
// transaction engine checks a terminal's secret by the hash it was stored as.
export { terminalSecretHash } from './terminals.js';
