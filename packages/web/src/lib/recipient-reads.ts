// The reads the recipient home's route starts before the page's code has loaded (lib/early-reads.ts). Two features
// make them (home: the balances; incentives: the headroom lines on the home's cards), and the route's loader is
// start-up code, which must not import a feature's index with its schemas and zod: the paths come from core's
// early-reads, which the two contracts use too.
export { BALANCES_PATH, MY_HEADROOM_PATH } from '@ebt/core/early-reads';
