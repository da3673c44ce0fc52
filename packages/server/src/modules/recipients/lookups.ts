import { ACCOUNT_STATUS_OPTIONS, type AccountStatusOption } from '@ebt/core/recipients';

// The recipient screens' look-ups (part 1 §7 "Recipients").

/** GET /account-api/statuses. */
export function listAccountStatuses(): AccountStatusOption[] {
  return [...ACCOUNT_STATUS_OPTIONS];
}
