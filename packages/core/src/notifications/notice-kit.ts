// The words around every e-mail and text message a person gets from us (docs/notices.md): the greeting, the headings,
// the labels of a notice's facts, what to do next, the link's text, the program contact and the footer. The notice's
// own sentence (the inbox text) is the area's message, as the specification words it; these frame it. Spanish in
// i18n/messages-es.ts NOTICE_MESSAGES.
export const NOTICE_MESSAGES = {
  GREETING_NAMED: 'Hello {name},',
  GREETING: 'Hello,',
  DETAILS: 'Details',
  NEXT_HEADING: 'What to do next',
  CONTACT_HEADING: 'Questions?',
  CONTACT: 'Questions? Contact {name}.',
  CONTACT_BY: 'Contact {name}:',
  CONTACT_EMAIL: 'E-mail: {email}',
  CONTACT_PHONE: 'Phone: {phone}',
  FOOTER_CHOSEN: 'You get this because you chose e-mail notices in your account settings; change them at {link}',
  FOOTER_ACCOUNT: 'You get this because of your account at {link}',
  SMS_LINK: 'Details: {link}',

  // The farmers' payout e-mail (docs/farmer-app.md "Getting paid")
  PAYOUT_SUBJECT: 'Payout sent: {amount} for {merchant}',
  PAYOUT_SENT:
    "A payout of {amount} was sent to {merchant}'s bank account on {date}. It usually arrives within one or two business days.",

  // The account e-mails and texts (recovery codes, activation and reset links), in the user's language
  CODE_SUBJECT: 'Your MarketLink verification code',
  CODE_SMS_SUBJECT: 'MarketLink verification code',
  CODE_FOR_PASSWORD:
    'Your MarketLink verification code is {code}. Use it to reset your password. It expires in 10 minutes and works once.',
  CODE_FOR_USERNAME:
    'Your MarketLink verification code is {code}. Use it to recover your username. It expires in 10 minutes and works once.',
  CODE_IGNORE: 'If you did not ask for it, you can ignore this e-mail; your account has not changed.',
  ACTIVATION_SUBJECT: 'Activate your MarketLink account',
  ACTIVATION_OPENING:
    'An account on the MarketLink EBT portal is ready for you. Open this link to choose your password, a security question and how to receive verification codes:',
  ACTIVATION_EXPIRY:
    'The link works once and expires in 72 hours. If you did not expect this e-mail, you can ignore it.',
  RESET_SUBJECT: 'Reset your MarketLink password',
  RESET_OPENING: 'You asked to reset your MarketLink password. Open this link to choose a new one:',
  RESET_EXPIRY: 'The link works once and expires in 60 minutes. If you did not expect this e-mail, you can ignore it.',
  EMAIL_CONFIRM_SUBJECT: 'Confirm your new MarketLink e-mail address',
  EMAIL_CONFIRM_OPENING:
    "This address was given to your MarketLink account (username {username}). Open this link to confirm it, so that MarketLink's e-mails reach you here:",
  EMAIL_CONFIRM_EXPIRY:
    'The link works once and expires in 72 hours. Until then your e-mails keep going to your current address. If you did not expect this e-mail, you can ignore it.',
  EMAIL_CHANGING_SUBJECT: 'Your MarketLink e-mail address is being changed',
  EMAIL_CHANGING_TEXT:
    'The program staff gave your MarketLink account (username {username}) a new e-mail address, {email}. It takes effect only when a link sent to that address is opened; until then your e-mails keep coming here.',
  EMAIL_CHANGING_NEXT: 'If you did not ask for this, contact your program office.',
  OTP_RESET_HEADING: 'Your MarketLink verification codes were reset',
  OTP_RESET_SUMMARY:
    'An administrator reset your verification codes. Codes sent to you before now no longer work, and any lock on your sign-in or account recovery has been lifted.',
  OTP_RESET_NEXT:
    'Ask for a new code the next time you sign in or recover your account. If you did not expect this, contact your program administrator.',
  FARMER_LINKED_HEADING: 'You can now sell for {merchant} on MarketLink',
  FARMER_LINKED_SUMMARY: '{merchant} has added you to the people who sell for them on the MarketLink EBT portal.',
  FARMER_LINKED_NEXT_ACTIVE: 'Sign in as {username} at {link} and choose {merchant} when you sell.',
  FARMER_LINKED_NEXT_PENDING:
    "Your account is not activated yet: open the activation link we sent you earlier, or ask the merchant's staff for a new one. Your username is {username}.",
  FARMER_LINKED_UNEXPECTED: 'If you did not expect this e-mail, tell {merchant}.',

  // Fact labels
  FACT_AMOUNT: 'Amount',
  FACT_BALANCE: 'Balance left',
  FACT_PROGRAM: 'Program',
  FACT_AVAILABLE: 'Available from',
  FACT_EXPIRES: 'Expires on',
  FACT_EXPIRED: 'Expired on',
  FACT_AUTHORIZATION: 'Authorization number',
  FACT_CARD: 'Card',
  FACT_CARD_ENDING: 'ending in {last4}',
  FACT_STATUS: 'Status',
  FACT_PHONE_NAME: 'Phone',
  FACT_MERCHANT: 'Market',
  FACT_PAYOUT_DATE: 'Paid on',
  FACT_PERIOD: 'Period',
  FACT_BANK_ACCOUNT: 'Bank account',
  FACT_USERNAME: 'Username',
  FACT_REQUEST: 'Request',

  // What to do next
  NEXT_ISSUED: 'Use your card at a participating farmers market from {availableDate}. Spend it by {expirationDate}.',
  NEXT_INCENTIVE: 'The incentive is on your card: use it at a participating farmers market by {expirationDate}.',
  NEXT_VOIDED: 'Nothing to do. If you think this is a mistake, contact your program.',
  NEXT_EXPIRING: 'Spend what is left at a participating farmers market by {expirationDate}; after that it expires.',
  NEXT_EXPIRED: 'Nothing to do. If you think this is a mistake, contact your program.',
  NEXT_CARD_STATUS: 'See your card in the portal. If you did not make this change, contact your program at once.',
  NEXT_CARD_PIN: 'Choose a new PIN at your next purchase. If you did not ask for this, contact your program at once.',
  NEXT_CARD_DEVICE: 'If you did not ask for this, contact your program.',
  NEXT_PAYOUT: 'See its details and the statement under Payouts in the portal.',
  NEXT_STAFF_REVIEW: 'Sign in to review it.',
  NEXT_SIGN_IN: 'Sign in to continue.',
  NEXT_CODE: 'Enter the code where you asked for it. If you did not ask for it, you can ignore this message.',
  NEXT_LINK: 'Open the link to continue. If you did not ask for it, you can ignore this message.',

  // Link texts
  LINK_BENEFITS: 'See your benefits',
  LINK_CARDS: 'See your cards',
  LINK_NOTIFICATIONS: 'See your notifications',
  LINK_PAYOUTS: 'See your payouts',
  LINK_SIGN_IN: 'Sign in',
  LINK_REVIEW: 'Open the review',
  LINK_CONTINUE: 'Continue',
  LINK_APPLICATION: 'See your application',
  LINK_BUSINESS: 'See your business details',
  LINK_ACTIVATE: 'Activate your account',
  LINK_RESET_PASSWORD: 'Choose a new password',
  LINK_CONFIRM_EMAIL: 'Confirm this e-mail address',
} as const;

/** The e-mail and SMS of which notice a message is: the delivery log lists messages by it (outbox.kind). */
export const NOTICE_KIND = {
  BENEFIT_ISSUED: 'benefit-issued',
  INCENTIVE_EARNED: 'incentive-earned',
  BENEFIT_VOIDED: 'benefit-voided',
  BENEFIT_EXPIRING: 'benefit-expiring',
  BENEFIT_EXPIRED: 'benefit-expired',
  BENEFIT_EXPUNGED: 'benefit-expunged',
  CARD_STATUS: 'card-status',
  CARD_LOCKED: 'card-locked',
  CARD_UNLOCKED: 'card-unlocked',
  CARD_PIN: 'card-pin-cleared',
  CARD_DEVICE_REMOVED: 'card-device-removed',
  PURCHASE: 'purchase',
  PAYOUT_SENT: 'payout-sent',
  PAYOUT_STATEMENT: 'payout-statement',
  SIGN_IN_CODE: 'sign-in-code',
  PASSWORD_RESET: 'password-reset',
  USERNAME_REMINDER: 'username-reminder',
  EMAIL_CHANGE: 'email-change',
  RECOVERY_CODE: 'recovery-code',
  FARMER_INVITE: 'farmer-invite',
  FARMER_APPLICATION: 'farmer-application',
  BANK_CHANGE: 'bank-change',
  AGENCY_FUNDING: 'agency-funding',
} as const;
