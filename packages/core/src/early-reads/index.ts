// The paths of the reads the recipient home starts before its code has loaded (web lib/early-reads.ts). The route's
// loader is start-up code, which must not load the contracts' schemas, so these two paths live here, importing
// nothing; their contracts (benefitApi.balances, incentiveApi.ownHeadroom) take them from here.

/** One balance card per program of the recipient (A§2 /recipient/home). */
export const BALANCES_PATH = '/benefit-api/benefit/balances';

/** What each enrolment earned today and this month, and what its caps leave. */
export const MY_HEADROOM_PATH = '/account-api/incentive/recipient-incentive/currentrecipient/headroom';
