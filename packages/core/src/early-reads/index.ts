// The paths of the reads the web app starts before its code has loaded (web lib/early-fetch.ts, lib/early-reads.ts):
// the signed-in user on any portal page, and the recipient home's balances, headroom and cards. The code that starts
// them must not load the contracts' schemas, so these paths live here, importing nothing; their contracts
// (authApi.currentUser, benefitApi.balances, incentiveApi.ownHeadroom, panApi.ownCards) take them from here.

/** The signed-in user, with privileges and programs. */
export const CURRENT_USER_PATH = '/user-api/user/current';

/** One balance card per program of the recipient (A§2 /recipient/home). */
export const BALANCES_PATH = '/benefit-api/benefit/balances';

/** What each enrolment earned today and this month, and what its caps leave. */
export const MY_HEADROOM_PATH = '/account-api/incentive/recipient-incentive/currentrecipient/headroom';

/** The recipient's own cards, masked (decision 0037). */
export const OWN_CARDS_PATH = '/account-api/pans/currentuser';
