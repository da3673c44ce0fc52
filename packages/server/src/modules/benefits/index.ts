// What the benefits module offers other modules (decision 0019: a module's index.ts is its only door): the
// transaction engine issues incentive benefits and refund replacements with the same row builder, effects
// (issuance totals, the recipient's notice) and authorization numbers as the issue form.
export { applyIssueEffects, benefitInsertRow, noticeMessage } from './issue-effects.js';
export { generateAuthorizationNumber } from './issue.js';
