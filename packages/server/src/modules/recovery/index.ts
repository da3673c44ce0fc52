// What the recovery module offers other modules (decision 0019): the user-admin module's OTP reset ends a user's
// outstanding codes and clears the recovery counters the flows keep.
// The users module's Add user sends the first activation e-mail when 'Send Activation Email' is ticked.
export { endLiveTokens, issueActivationLink } from './links.js';
export { answerFailureKey, codesSentKey } from './throttle.js';
// The users module's staff forms: a new e-mail of an activated user waits for the link sent to it.
export { staffEmailChange } from './email-change.js';
