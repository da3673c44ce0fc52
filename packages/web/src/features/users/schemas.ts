// The answers the user screens read, from core (B§3 "User", B§7 "Users and roles"; decisions 0024 and 0025), in one
// place for this feature.
export {
  UserDetail,
  UserAdded,
  UserChangeAnswer,
  UserSearchResult,
  type UserAgency,
  type UserProgram,
  type UserSearchRow,
} from '@ebt/core/users';
export { MessageAnswer, UserRoles } from '@ebt/core/roles';

/** B§4: 'Force Re-Activation' when emailVerified is Y. */
export function isEmailVerified(value: 'Y' | 'N'): boolean {
  return value === 'Y';
}
