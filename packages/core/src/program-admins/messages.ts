import { MESSAGES } from '../messages/messages.js';

/** Program admins (A§3 "Program admin", B§8). The quoted texts stay in MESSAGES; the rest are ours. */
export const PROGRAM_ADMIN_MESSAGES = {
  USER_ADDED_TO_PROGRAM: MESSAGES.USER_ADDED_TO_PROGRAM,
  USER_REMOVED_FROM_PROGRAM: MESSAGES.USER_REMOVED_FROM_PROGRAM,
  /** Answered with 409 (A§3 shows it; B§8 shows the server's message on 409). */
  USER_ALREADY_PROGRAM_ADMIN: MESSAGES.USER_ALREADY_PROGRAM_ADMIN,
  PROGRAM_NOT_FOUND: 'The program was not found.',
  USER_NOT_FOUND: MESSAGES.USER_NOT_FOUND,
  USER_UUID_REQUIRED: 'userUuid is required, in the body or the query.',
  NOT_PROGRAM_ADMIN: 'This user is not an admin of this program.',
  NOT_ADMIN_ROLE: 'Only a Program Admin or a program user (roles 1 and 2) can be an admin of a program.',
  USER_NOT_ACTIVE: 'A disabled or deleted user cannot be added to a program.',
  LAST_ADMIN_SELF: 'You are the last admin of this program and cannot remove yourself.',
} as const;
