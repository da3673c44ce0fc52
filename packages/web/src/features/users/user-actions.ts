import { USER_STATUS, USER_STATUS_LABEL, type UserStatus } from '@ebt/core/enums';
import { hasAnyPrivilege, PRIVILEGE } from '@ebt/core/privileges';
import { canDelete, canDisable } from '@ebt/core/roles';

// Which of B§4's actions a user's detail offers ("User status"), pure so the rules are tested alone.

export type ActivationAction = 'force' | 'resend';

export interface UserActions {
  /** 'Disable': Pending, Registered and Enabled users (core's canDisable, decision 0025). */
  disable: boolean;
  /** 'Delete': unless the user is deleted. */
  delete: boolean;
  /** 'Force Re-Activation' when the e-mail is verified, else 'Resend Activation Email'; none for a deleted user. */
  activation: ActivationAction | null;
  /** 'Reset OTP Token' for holders of OTP_RESET; not for a deleted user, who cannot sign in. */
  resetOtp: boolean;
  /** A deleted user's forms are disabled (B§4), and so are those of a user the caller holds only in part. */
  readOnly: boolean;
}

export function isDeleted(userStatusId: number): boolean {
  return userStatusId === USER_STATUS.DELETED;
}

/**
 * `changeable` is the server's word that the caller holds every program and agency of the user (decision 0096): a
 * user seen only in part is shown, and offered nothing to change.
 */
export function userActionsOf(
  user: { userStatusId: number; emailVerified: boolean; changeable: boolean },
  callerPrivileges: readonly string[],
): UserActions {
  if (!user.changeable) return { disable: false, delete: false, activation: null, resetOtp: false, readOnly: true };
  const deleted = isDeleted(user.userStatusId);
  return {
    disable: canDisable(user.userStatusId),
    delete: canDelete(user.userStatusId),
    activation: deleted ? null : user.emailVerified ? 'force' : 'resend',
    resetOtp: !deleted && hasAnyPrivilege(callerPrivileges, PRIVILEGE.OTP_RESET),
    readOnly: deleted,
  };
}

/** The status's name (B§4: Pending, Registered, Enabled, Disabled, Deleted); the id itself for an unknown one. */
export function userStatusLabel(userStatusId: number): string {
  return USER_STATUS_LABEL[userStatusId as UserStatus] ?? String(userStatusId);
}

/** The statuses the User form offers: all but Deleted, which only Delete sets. */
export const FORM_STATUS_OPTIONS = (Object.values(USER_STATUS) as UserStatus[])
  .filter((s) => s !== USER_STATUS.DELETED)
  .map((s) => ({ value: String(s), label: USER_STATUS_LABEL[s] }));

/** Every status, for the admin search's status filter. */
export const SEARCH_STATUS_OPTIONS = (Object.values(USER_STATUS) as UserStatus[]).map((s) => ({
  value: String(s),
  label: USER_STATUS_LABEL[s],
}));

/** The delay before a deleted user's screen returns to the list (B§9: 2.5 seconds). */
export const REDIRECT_AFTER_DELETE_MS = 2500;
