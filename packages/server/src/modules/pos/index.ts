// What the transaction engine offers the rest of the server (decision 0019: a module's index.ts is its only door): the
// demo seed (seed/replay.ts, decision 0079) runs its card history through the engine's own rules, outcomes and
// records, so the demo holds only what the engine would have decided and written. The farmer's sales list offers a void
// only inside the engine's own reversal window.
export { accrualRecord, earnings, incentiveExpiration } from './accrual.js';
export type { CallFacts } from './call.js';
export { clawbackPlan, incentiveMoves } from './clawback.js';
export { baseRecord, type TerminalRequest } from './flow.js';
export type { LockedEnrolment } from './funds.js';
export type { LockedAccrual } from './incentive-moves.js';
export type { OriginalTransaction } from './original.js';
export { redemptionFee } from './purchase.js';
export { type BenefitMove, type TransactionRecord, writeTransactions } from './records.js';
export { pinVerdict } from './pin.js';
export { refundBenefitExpiration, refundDecline, stillSpendable } from './refund.js';
export { reversalDecline } from './reversal.js';
export {
  cardDecline,
  type Decline,
  DEFAULT_MAX_AMOUNT,
  DEFAULT_REVERSAL_WINDOW_HOURS,
  overMaximum,
  reversalWindowHours,
} from './rules.js';
