/** The texts of a farmer user's phone terminals (decision 0110). The specification has no phones: every text is ours. */
export const PHONE_TERMINAL_MESSAGES = {
  PHONE_REMOVED: 'Phone removed. It can no longer take sales.',
  PHONE_NOT_FOUND: 'The phone was not found.',
} as const;
