import { MESSAGES } from '../messages/messages.js';

/**
 * The users area's messages (B§5, B§8). The quoted ones stay in MESSAGES (one copy) and are named here for the area;
 * the rest are ours: B§5 states the rules (role 3, creator rules, program and agency per role) without their texts.
 */
export const USER_MESSAGES = {
  /** Resolution 14: the user search keeps B's own text. */
  SEARCH_CRITERIA_REQUIRED: MESSAGES.USER_SEARCH_CRITERIA_REQUIRED,
  NO_USERS_FOUND: MESSAGES.NO_USERS_FOUND,
  USER_ADDED: MESSAGES.USER_ADDED,
  USER_UPDATED: MESSAGES.USER_UPDATED,
  USER_NOT_FOUND: MESSAGES.USER_NOT_FOUND,
  USERNAME_EXISTS: MESSAGES.USERNAME_EXISTS,
  EMAIL_EXISTS: MESSAGES.USER_EMAIL_EXISTS,
  ACTIVATION_EMAIL_SENT: MESSAGES.ACTIVATION_EMAIL_SENT,
  ACTIVATION_EMAIL_FAILED: MESSAGES.ACTIVATION_EMAIL_FAILED,
  // Ours.
  /** B§5: role 3 shows a danger notice and cannot be saved on the user form. */
  RECIPIENT_ROLE: MESSAGES.RECIPIENT_USER_NOTICE,
  /** B§6 creator rules: a role the caller may not give (403). */
  ROLE_NOT_ALLOWED: 'You may not create or edit a user with this role.',
  ROLE_REQUIRED: 'Role is required.',
  STATUS_REQUIRED: 'Status is required.',
  PROGRAM_REQUIRED: 'A program must be selected for this role.',
  AGENCY_REQUIRED: 'An agency must be selected for this role.',
  PROGRAM_NOT_FOUND: 'The program was not found.',
  AGENCY_NOT_FOUND: 'The agency was not found.',
  /** The user form cannot delete: DELETE /user-api/user/{id} does, with its confirmation. */
  STATUS_DELETED_NOT_ALLOWED: 'A user is deleted with Delete, not by saving the form.',
  /** Nobody changes their own role or status (they could lock themselves out or leave no administrator). */
  OWN_ROLE_OR_STATUS: 'You cannot change your own role or status.',
  /** B§4: a deleted user's forms are disabled. */
  USER_DELETED_READ_ONLY: 'A deleted user cannot be changed.',
  /** The staff form does not edit recipient users (their own form does: PATCH /user-api/recipient-users/{id}). */
  RECIPIENT_USER_FORM: 'A recipient user is changed on the recipient user form.',
} as const;
