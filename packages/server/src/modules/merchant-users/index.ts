// What the merchant-users module offers other modules (decision 0019): an approved farmer application invites its
// contact as a farmer user of the new merchant, with the same rules as an invitation from the merchant's page.
export { invitePerson, withFreshUsername } from './invite.js';
