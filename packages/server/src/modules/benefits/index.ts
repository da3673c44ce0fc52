// What the benefits module offers other modules (decision 0019: a module's index.ts is its only door): the
// transaction engine issues incentive benefits and refund replacements with the same row builder, notice text and
// authorization numbers as the issue form (it writes their effects in its own one statement, decision 0072).
export { benefitInsertRow, type NewBenefit, noticeMessage } from './issue-effects.js';
// The notices' e-mails as they are rendered, for the tests of every notice's words side by side (docs/notices.md).
export { BENEFIT_SLOT, benefitNoticeMail, benefitNoticeTemplates } from './issue-effects.js';
export { lifeCycleMail } from './lifecycle-queries.js';
export { generateAuthorizationNumber } from './issue.js';
