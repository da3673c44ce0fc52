// What other features may use of the recipient home: the recipient's programs (program detail reads the same list)
// and the offline balances' clean-up on sign-out (decision 0051).
export { useOwnPrograms } from './api';
export { clearBalances } from './offline-balances';
export { default as OfflineHome } from './OfflineHome';
