// The answers the user screens read, from core (B§3 "User", B§7 "Users and roles"; decisions 0024 and 0025), in one
// place for this feature.
export type { UserDetail, UserAgency, UserProgram, UserSearchRow } from '@ebt/core/users';

/** B§4: 'Force Re-Activation' when emailVerified is Y. */
export function isEmailVerified(value: 'Y' | 'N'): boolean {
  return value === 'Y';
}
