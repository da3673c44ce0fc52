/**
 * The texts of the people who sell for a merchant (farmer users, role 7; docs/decisions/0109-farmer-users.md). The
 * specification has no farmer users, so every text here is ours.
 */
export const MERCHANT_USER_MESSAGES = {
  PERSON_INVITED: 'Invitation sent. The person gets an e-mail to activate their account.',
  PERSON_LINKED:
    'This person already has a farmer account: they now sell for this merchant too, and were told by e-mail.',
  PERSON_RELINKED: 'This person sells for this merchant again, and was told by e-mail.',
  ALREADY_LINKED: 'This person already sells for this merchant.',
  EMAIL_NOT_FARMER:
    'This e-mail belongs to a user who is not a farmer user. Invite the person with another e-mail address.',
  EMAIL_NOT_USABLE:
    'The user with this e-mail has been deleted or disabled. Invite the person with another e-mail address.',
  PERSON_DISABLED: 'The person no longer sells for this merchant.',
  PERSON_NOT_FOUND: 'The person was not found.',
  ACTIVATION_SENT: 'A new activation e-mail was sent.',
  CONFIRM_DISABLE:
    'Disable this person for this merchant? They can no longer sell for it. Inviting them again restores it.',
  NO_PEOPLE: 'Nobody sells for this merchant yet.',
} as const;
