import { MESSAGES } from '../messages/messages.js';

/**
 * The agency area's messages (B§5, B§8, resolution 16). The quoted ones stay in MESSAGES (one copy) and are named here
 * for the area; the rest are ours (the specification states the rule without its text; docs/decisions/0028).
 */
export const AGENCY_MESSAGES = {
  NO_AGENCIES_FOUND: MESSAGES.NO_AGENCIES_FOUND,
  AGENCY_ADDED: MESSAGES.AGENCY_ADDED,
  AGENCY_UPDATED: MESSAGES.AGENCY_UPDATED,
  AGENCY_CODE_NOT_UNIQUE: MESSAGES.AGENCY_CODE_NOT_UNIQUE,
  AGENCY_SELECTION_REQUIRED: MESSAGES.AGENCY_SELECTION_REQUIRED,
  USER_ALREADY_IN_AGENCY: MESSAGES.USER_ALREADY_IN_AGENCY,
  USER_REMOVED: MESSAGES.AGENCY_USER_REMOVED,
  USER_MOVED: MESSAGES.AGENCY_USER_MOVED,
  CONFIRM_ADD: MESSAGES.CONFIRM_ADD_TO_AGENCY,
  CONFIRM_REMOVE: MESSAGES.CONFIRM_REMOVE_FROM_AGENCY,
  CONFIRM_MOVE: MESSAGES.CONFIRM_MOVE_AGENCY_USER,
  PRIVILEGE_ERROR: MESSAGES.PRIVILEGE_ERROR,
  // Ours.
  /** B§8 quotes no text for an added agency user; as 'User added to Program.' (B§8). */
  USER_ADDED: 'User added to Agency.',
  AGENCY_NOT_FOUND: 'The agency was not found.',
  PROGRAM_NOT_FOUND: 'The program was not found.',
  PROGRAM_REQUIRED: 'Program is required.',
  USER_NOT_FOUND: 'The user was not found.',
  /** The user is not assigned to the agency the path names (remove, move). */
  USER_NOT_IN_AGENCY: 'The user is not assigned to this agency.',
  /** Resolution 2: the agency search finds roles 5 and 6; only those belong to agencies. */
  USER_NOT_AGENCY_ROLE: 'Only Agency Admins and Agency Users can be assigned to an agency.',
  MOVE_OTHER_PROGRAM: 'A user can only be moved to an agency of the same program.',
  ADD_OTHER_PROGRAM: 'A user can only be added to agencies of the program of their agency.',
  /** Decision 0028: a user of role 5 or 6 keeps at least one agency. */
  REMOVE_LAST_AGENCY:
    "This is the user's only agency, so they cannot be removed from it. Move them to another agency instead, or disable them on the Users screen.",
  MOVE_SAME_AGENCY: 'The user is already assigned to this agency; choose another agency.',
  PROGRAM_READ_ONLY: 'The program of an agency cannot be changed.',
  FUNDING_DATE_TOO_EARLY: 'Funding Date cannot be before 2023-01-01.',
  FUNDING_AMOUNT_TOO_HIGH: 'Funding Amount cannot be more than {max}.',
  /** agency.funding.enforce on: an issuance would take the agency past its funding amount (decision 0029). */
  FUNDING_EXCEEDED: 'Issuing this would exceed the funding amount of agency {agency}.',
  FUNDING_ALERT_SUBJECT: 'Agency funding alert: {agency}',
  FUNDING_ALERT_TEXT:
    'Benefits issued by agency {agency} ({program}) have reached {pct}% of its funding: {issued} of {funding}.',
} as const;
