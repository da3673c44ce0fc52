import { MESSAGES } from '../messages/messages.js';

/**
 * Messages of user status, roles and privileges. The quoted ones of B§8 stay in MESSAGES (one copy) and are named
 * here for the area; the rest are ours (B states the rules, not their texts).
 */
export const ROLE_MESSAGES = {
  USER_STATUS_UPDATED: MESSAGES.USER_STATUS_UPDATED,
  USER_DELETED: MESSAGES.USER_DELETED,
  USER_NOT_FOUND: MESSAGES.USER_NOT_FOUND,
  OTP_REQUEST_SENT: MESSAGES.OTP_REQUEST_SENT,
  OTP_REQUEST_FAILED: MESSAGES.OTP_REQUEST_FAILED,
  USER_ROLES_UPDATED: MESSAGES.USER_ROLES_UPDATED,
  ROLE_SAVED: MESSAGES.ROLE_SAVED,
  ROLE_ADDED: MESSAGES.ROLE_ADDED,
  /** 409 on role add (B§8). */
  ROLE_ID_EXISTS: MESSAGES.ROLE_ID_EXISTS,
  // Ours.
  OTP_TOKEN_RESET: 'OTP token reset.',
  USER_ALREADY_DISABLED: 'This user is already disabled.',
  USER_ALREADY_DELETED: 'This user has been deleted.',
  STATUS_ONLY_DISABLE: 'Only userStatusId 3 (Disable) can be set here; use Delete to delete a user.',
  NOT_YOURSELF: 'You cannot disable or delete your own user.',
  ROLE_NOT_FOUND: 'The role was not found.',
  ROLE_ID_REQUIRED: 'Role Id is required.',
  ROLE_ID_INVALID: 'Role Id must be a whole number of at most 10 digits, from 1 to 2147483647.',
  ROLE_DESCR_LENGTH: 'Descr must be 2 to 20 characters.',
  PRIVILEGE_UNKNOWN: 'Unknown privilege id: {ids}.',
  ONE_ROLE: 'Choose exactly one role: a user holds one role.',
  ROLE_UNKNOWN: 'Unknown role id.',
  /** A change that would leave no active user able to open /admin (NDGADMIN_ACCESS). */
  LAST_PLATFORM_ADMIN:
    'This change would leave no active user with NDGADMIN_ACCESS (platform administrator); grant it to another user first.',
} as const;
