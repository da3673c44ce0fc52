// What the bank-changes module offers other modules: an approved farmer application whose bank account waits in a
// request tells the staff who can confirm it, as a farmer's own request does.
export { tellBankStaff } from './notices.js';
