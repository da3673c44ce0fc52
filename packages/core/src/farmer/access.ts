import { privileges } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';

/**
 * The access of every farmer endpoint: farmer users only (role 7). Kept out of endpoints.ts, whose every export is an
 * endpoint; other farmer areas (the phone terminal, the portal's reads) declare theirs with it.
 */
export const FARMER = privileges(PRIVILEGE.MERCHANT_ACCESS);
