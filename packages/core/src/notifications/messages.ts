// The recipient notifications' messages (part 1 §8), word for word, and the ones this product adds (decision 0048).
export const NOTIFICATION_MESSAGES = {
  NO_NOTIFICATIONS: 'No notifications found.',
  NOT_FOUND: 'Notification not found.',
  PREFERENCES_UPDATED: 'Preferences updated.',
  // Not shown in the specification (decision 0048).
  STATUS_UPDATED: 'Notifications updated.',
  UNKNOWN_EVENT: 'Unknown notification event.',
  UNKNOWN_METHOD: 'Unknown notification method.',
  PAIRS_MISMATCH: 'eventIds and methodIds must have the same length.',
  SMS_NEEDS_MOBILE: 'SMS needs a mobile phone on your account.',
  EMAIL_NEEDS_ADDRESS: 'E-mail needs an e-mail address on your account.',
} as const;
