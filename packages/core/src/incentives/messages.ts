import { MESSAGES } from '../messages/messages.js';

/**
 * The incentive area's messages (B§5, B§8; resolution 19). The quoted ones stay in MESSAGES (one copy) and are named
 * here for the area; the rest are ours: B§5 states the rules without their texts (docs/decisions/0040, 0041).
 */
export const INCENTIVE_MESSAGES = {
  NO_INCENTIVES_FOUND: MESSAGES.NO_INCENTIVES_FOUND,
  INCENTIVE_ADDED: MESSAGES.INCENTIVE_ADDED,
  INCENTIVE_UPDATED: MESSAGES.INCENTIVE_UPDATED,
  RECIPIENT_INCENTIVE_ADDED: MESSAGES.RECIPIENT_INCENTIVE_ADDED,
  RECIPIENT_INCENTIVE_UPDATED: MESSAGES.RECIPIENT_INCENTIVE_UPDATED,
  RECIPIENT_INCENTIVE_DELETED: MESSAGES.RECIPIENT_INCENTIVE_DELETED,
  /** The recipient portal's empty list, typo and all (B§8). */
  NOT_ENROLLED: MESSAGES.NOT_ENROLLED_IN_INCENTIVES,
  RECIPIENT_NOT_ENROLLED: MESSAGES.RECIPIENT_NOT_ENROLLED_IN_INCENTIVES,
  CONFIRM_DELETE_ENTRY: MESSAGES.CONFIRM_DELETE_ENTRY,
  PRIVILEGE_ERROR: MESSAGES.PRIVILEGE_ERROR,
  INVALID_DATE: MESSAGES.INVALID_DATE,

  // Ours: the definition form (B§5 "Incentive definition").
  NAME_REQUIRED: 'Name is required.',
  PROGRAM_REQUIRED: 'Program is required.',
  FUNDING_REQUIRED: 'Funding is required.',
  START_REQUIRED: 'Start Date is required.',
  START_BEFORE_TODAY: 'Start Date cannot be before today.',
  START_BEFORE_EDIT_MIN: 'Start Date cannot be before 2023-02-01.',
  END_BEFORE_TODAY: 'End Date cannot be before today.',
  END_BEFORE_START: 'End Date cannot be before Start Date.',
  RATE_INVALID: 'Enter a number with at most two decimals.',
  RATE_NEGATIVE: 'Cannot be less than 0.00.',
  RATE_TOO_HIGH: 'Cannot be more than {max}.',
  INCENTIVE_NOT_FOUND: 'The incentive was not found.',
  PROGRAM_NOT_FOUND: 'The program was not found.',
  FUNDING_NOT_IN_PROGRAM: "The funding source is not one of the program's.",
  /** 409 (decision 0040): the name says which incentive a benefit or an enrolment is in. */
  NAME_TAKEN: 'An incentive with this name already exists in the program.',
  /** Decision 0040: enrolments and benefits hang on the incentive's program. */
  PROGRAM_READ_ONLY: 'The program of an incentive cannot be changed.',

  // Ours: enrolment (B§4, B§5 "Recipient incentive"; decision 0041).
  INCENTIVE_REQUIRED: 'Incentive is required.',
  START_BEFORE_INCENTIVE: "Start Date cannot be before the incentive's start date ({date}).",
  START_AFTER_INCENTIVE_END: "Start Date cannot be after the incentive's end date ({date}).",
  START_READ_ONLY: 'The start date cannot be changed once the enrolment has started.',
  ENROLMENT_OVERLAP: 'The recipient is already enrolled in this incentive for some of these dates.',
  ENROLMENT_ENDED: 'An enrolment that has ended cannot be changed.',
  ENROLMENT_STARTED: 'Only an enrolment that has not started yet can be deleted.',
  ENROLMENT_NOT_FOUND: 'The recipient incentive was not found.',
  RECIPIENT_NOT_FOUND: 'The recipient was not found.',
  /** 400: an inactive or deleted account is not enrolled nor its enrolments changed (as benefits, decision 0041). */
  RECIPIENT_NOT_ACTIVE: 'Only an active recipient account can be enrolled in an incentive.',
  INCENTIVE_OTHER_PROGRAM: "The incentive is not one of the recipient's program.",
} as const;
