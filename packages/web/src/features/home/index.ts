// What other features may use of the recipient home: the recipient's programs (program detail reads the same list)
// and the offline home shown when the network is down (decision 0051). Sign-out clears the kept balances through
// lib/device-data.ts, without importing this feature.
export { useOwnPrograms } from './api';
export { default as OfflineHome } from './OfflineHome';
