// The reads the recipient home's route starts before the page's code has loaded (lib/early-reads.ts). Two features
// make them (home: the balances; incentives: the headroom lines on the home's cards), and the route's loader is
// start-up code, which must not import a feature's index with its schemas and zod: the paths live in the kit.

/** GET /benefit-api/benefit/balances: one balance card per program of the recipient (A§2 /recipient/home). */
export const BALANCES_PATH = '/benefit-api/benefit/balances';

/** GET …/currentrecipient/headroom: what each enrolment earned today and this month, and what its caps leave. */
export const MY_HEADROOM_PATH = '/account-api/incentive/recipient-incentive/currentrecipient/headroom';
