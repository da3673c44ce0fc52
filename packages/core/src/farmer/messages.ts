// The farmer portal's messages: what its endpoints refuse with. Another merchant's record reads as a missing one.
export const FARMER_MESSAGES = {
  MERCHANT_NOT_FOUND: 'The merchant was not found.',
  PAYOUT_NOT_FOUND: 'The payout was not found.',
  RANGE_BACKWARDS: 'The start date must be on or before the end date.',
  RANGE_TOO_LONG: 'Search at most 366 days at a time.',
} as const;
