import { MESSAGES } from '../messages/messages.js';

/**
 * The admin program area's messages (B§5 "Program", B§8). The quoted ones stay in MESSAGES and are named here for the
 * area; the others are ours (B§5 states the rules, not their texts; docs/decisions/0030).
 */
export const PROGRAM_MESSAGES = {
  NO_PROGRAMS_FOUND: MESSAGES.NO_PROGRAMS_FOUND,
  PROGRAM_ADDED: MESSAGES.PROGRAM_ADDED,
  PROGRAM_UPDATED: MESSAGES.PROGRAM_UPDATED,
  FUNDING_SOURCE_EXISTS: MESSAGES.FUNDING_SOURCE_EXISTS,
  CONFIRM_REMOVE_FUNDING_SOURCE: MESSAGES.CONFIRM_REMOVE_FUNDING_SOURCE,
  FUNDING_SOURCE_REQUIRED: MESSAGES.FUNDING_SOURCE_REQUIRED,
  FUNDING_SOURCE_NAME_LENGTH: MESSAGES.FUNDING_SOURCE_NAME_LENGTH,
  FUNDING_SOURCE_PROMPT_LENGTH: 'Funding source name must be 2 to 20 characters.',
  FUNDING_SOURCE_IN_USE: 'Funding source {name} is used by benefits or incentives and cannot be removed.',
  FUNDING_SOURCE_UNKNOWN: 'A funding source sent is not one of this program.',
  PROGRAM_NOT_FOUND: 'The program was not found.',
  SHORT_NAME_EXISTS: 'Short Name already exists.',
  END_BEFORE_START: MESSAGES.END_BEFORE_START,
  INVALID_DATE: MESSAGES.INVALID_DATE,
  DATE_TOO_EARLY: MESSAGES.DATE_TOO_EARLY,
  BIN_SERIES_DIGITS: 'Bin and Series Nbr must be digits, nine in all, and both given or both empty.',
  PAN_PREFIX_EXISTS: 'Bin and Series Nbr are already used by another program.',
  PAN_PREFIX_FIXED: 'Bin and Series Nbr cannot change once PANs exist for the program.',
  CONFIGURATION_INVALID: 'Configuration must be a JSON object of keys and text, number or true/false values.',
  BENEFIT_OPTION_TYPE_UNKNOWN: 'The benefit option type was not found.',
  EXPIRATION_DAYS: MESSAGES.INVALID_EXPIRATION_DAYS,
} as const;
