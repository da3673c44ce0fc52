import { MESSAGES } from '../messages/messages.js';

/** The configuration area's messages (B§8); the 409 texts are ours (B§8 shows "the server's message"). */
export const CONFIG_MESSAGES = {
  CONFIG_VALUE_DELETED: MESSAGES.CONFIG_VALUE_DELETED,
  CONFIG_VALUE_UPDATED: MESSAGES.CONFIG_VALUE_UPDATED,
  CONFIG_VALUE_ADDED: MESSAGES.CONFIG_VALUE_ADDED,
  CONFIG_KEY_ADDED: MESSAGES.CONFIG_KEY_ADDED,
  CONFIRM_DELETE_ENTRY: MESSAGES.CONFIRM_DELETE_ENTRY,
  /** 409: a value dated today or earlier is history; it can only be copied into a new value. */
  CONFIG_VALUE_NOT_EDITABLE: MESSAGES.CONFIG_VALUE_NOT_EDITABLE,
  CONFIG_DATE_PAST: 'The effective date cannot be in the past.',
  CONFIG_VALUE_EXISTS: 'The key already has a value with this effective date.',
  CONFIG_KEY_EXISTS: 'This configuration key already exists.',
  CONFIG_KEY_NOT_FOUND: 'The configuration key was not found.',
  CONFIG_VALUE_NOT_FOUND: 'The configuration value was not found.',
  CONFIG_KEY_REQUIRED: 'Key is required.',
  CONFIG_VALUE_REQUIRED: 'Value is required.',
  CONFIG_DATE_REQUIRED: 'Effective Date is required.',
  INVALID_DATE: MESSAGES.INVALID_DATE,
} as const;
