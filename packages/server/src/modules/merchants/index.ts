// What the merchants module offers other modules (decision 0019: a module's index.ts is its only door): the
// transaction engine checks a terminal's secret by the hash it was stored as.
export { terminalSecretHash } from './terminals.js';
// A farmer user's phone is a terminal of kind 'phone' (decision 0110): it is added and revoked as staff issue and revoke
// one, under the farmer's own rule of scope.
export { addTerminal, revokeTerminalOf } from './terminals.js';
// The merchant-users module (the people who sell for a merchant) reads and locks a merchant in the caller's scope as
// every merchant change does, and holds a farmer user wholly only when each of their merchants is in that scope.
export { merchantVisible } from './queries.js';
export { lockMerchant } from './writes.js';
// A farmer's bank change request, once staff confirm it, is saved as a staff bank save is (sealed, locked, audited).
export { updateBankInfo } from './bank-info.js';
// An approved farmer application creates its merchant as Add merchant does: the identifier's check, the three
// addresses placed by their coordinates, and the audit views that hold no whole number.
export { bankAuditView, identifierTaken, merchantAuditView, saveAddresses } from './writes.js';
