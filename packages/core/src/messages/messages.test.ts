import { describe, expect, it } from 'vitest';
import { fillMessage } from './fill.js';
import { MESSAGES } from './messages.js';

describe('MESSAGES', () => {
  it('holds only non-empty strings under UPPER_SNAKE keys', () => {
    for (const [key, value] of Object.entries(MESSAGES)) {
      expect(key).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(typeof value).toBe('string');
      expect(value.trim()).not.toBe('');
    }
  });

  it('keeps the exact texts the specification quotes', () => {
    expect(MESSAGES).toMatchObject({
      GENERIC_ERROR: 'An unexpected error occurred.',
      API_UNAVAILABLE: 'The api for this request is currently unavailable.',
      PRIVILEGE_ERROR: 'You do not have the necessary privilege for the requested action.',
      LOGIN_INVALID: 'Invalid username and password combination.',
      LOGIN_UNAVAILABLE: 'Unable to login at this time.',
      PORTAL_NOT_AVAILABLE: 'The web portal is not available for this user.',
      AT_LEAST_ONE_FIELD: 'At least one field must be entered.',
      PAGE_NOT_FOUND: 'Page not found.',
      ADMIN_HOME: 'Admin Home',
      USERNAME_REQUIRED: 'Username is required.',
      PASSWORD_REQUIRED: 'Password is required.',
      INVALID_EMAIL: 'Invalid email format.',
      EXTERNAL_CARD_DUPLICATE: 'The PAN entered already exists in the system.',
      USER_SEARCH_CRITERIA_REQUIRED: 'Please enter at least one user search criteria.',
      USER_ALREADY_IN_AGENCY: 'This user is already assigned to the Agency.',
      PAN_GENERATION_COUNT_TOO_HIGH: 'Pan generation count cannot be more than {max}.',
      PAN_GENERATION_SETUP_ERROR: 'Error settting up pan generation.',
      NOT_ENROLLED_IN_INCENTIVES: 'Your are not enrolled in any incentives.',
      FILE_REQUIRED: 'You must select an input file.',
      INVALID_FILE_CONTENT: 'Invalid file content.',
      BENEFIT_FILE_TOO_LARGE: 'Benefit file size cannot be greater than 1MB.',
      RECIPIENT_ADDED: 'Recipient added with Account Id {id}.',
      LAST_ISSUANCE_DATE: 'The Last Issuance Date is {date}.',
      RECIPIENT_INCENTIVE_ADDED: 'Recipient incentive added.',
      RECIPIENT_INCENTIVE_UPDATED: 'Recipient incentive updated.',
      RECIPIENT_INCENTIVE_DELETED: 'Recipient incentive deleted.',
      ACTIVATION_SUCCESS:
        'Activation successful. You can now proceed to the online portal or login via the MyMarketLink app.',
      NO_MERCHANTS_FOUND: 'No merchant(s) found.',
    });
  });

  it('keeps our own texts for lock-out and sessions', () => {
    expect(MESSAGES.LOGIN_LOCKED).toBe('Too many failed sign-in attempts. Try again in 30 minutes.');
    expect(MESSAGES.LOGIN_THROTTLED).toBe('Too many sign-in attempts from this address. Try again later.');
    expect(MESSAGES.VALIDATION_FAILED).toBe('The request is not valid.');
    expect(MESSAGES.NOT_FOUND).toBe('The requested resource was not found.');
    expect(MESSAGES.SESSION_EXPIRED).toBe('Your session has ended. Please sign in again.');
    expect(MESSAGES.SESSION_REQUIRED).toBe('You must sign in to continue.');
  });
});

describe('fillMessage', () => {
  it('replaces every placeholder with its value', () => {
    expect(fillMessage(MESSAGES.RECIPIENT_ADDED, { id: 'A123' })).toBe('Recipient added with Account Id A123.');
    expect(fillMessage(MESSAGES.PAN_GENERATION_COUNT_TOO_HIGH, { max: 250 })).toBe(
      'Pan generation count cannot be more than 250.',
    );
    expect(fillMessage('{a} and {a} and {b}', { a: 1, b: 'x' })).toBe('1 and 1 and x');
  });

  it('leaves a placeholder without a value untouched', () => {
    expect(fillMessage(MESSAGES.LAST_ISSUANCE_DATE, {})).toBe('The Last Issuance Date is {date}.');
  });

  it('ignores inherited object keys', () => {
    expect(fillMessage('{toString}', {})).toBe('{toString}');
  });

  it('keeps text around, between and without placeholders, and braces that are no placeholder', () => {
    expect(fillMessage('', { a: 1 })).toBe('');
    expect(fillMessage('no placeholder', { a: 1 })).toBe('no placeholder');
    expect(fillMessage('{a}{b}', { a: 1, b: 2 })).toBe('12');
    expect(fillMessage('{ a } {a-b} {} {a}', { a: 'x' })).toBe('{ a } {a-b} {} x');
    // A value that looks like a placeholder or a replacement pattern is written as it is.
    expect(fillMessage('{a} {b}', { a: '{b}', b: '$&' })).toBe('{b} $&');
  });
});
