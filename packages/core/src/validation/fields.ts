import { z } from 'zod';
import {
  AUTHORIZATION_NUMBER_MAX,
  EMAIL_MAX,
  EXPIRATION_DAYS_MAX,
  EXPIRATION_DAYS_MIN,
  EXTERNAL_CARD_NAME_MAX,
  EXTERNAL_CARD_NAME_MIN,
  FUNDING_SOURCE_NAME_MAX,
  FUNDING_SOURCE_NAME_MIN,
  MIDDLE_INITIAL_MAX,
  PASSWORD_MAX,
  PHONE_MAX,
  SECURITY_ANSWER_MAX,
  SECURITY_ANSWER_MIN,
  ZIP_MAX,
} from '../constants/limits.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { isExternalCardPan } from './cards.js';
import { isNanpNumber } from './nanp.js';
import {
  AUTHORIZATION_NUMBER_PATTERN,
  EMAIL_PATTERN,
  isStrongPassword,
  PHONE_PATTERN,
  USERNAME_PATTERN,
  ZIP_PATTERN,
} from './patterns.js';
import { text } from './text.js';

// Field builders shared by request schemas and web forms, so a rule is written once (architecture.md
// "Validation"). Text is trimmed first: a value of spaces counts as empty. Messages come from MESSAGES. Every builder
// starts from text(), so none lets through a character the database cannot hold.

const tooLong = (max: number) => ruleMessage(MESSAGES.TOO_LONG, { max });

/** A required text of at most `max` characters. */
export function requiredText(max: number, message: string = MESSAGES.FIELD_REQUIRED) {
  return text(message).trim().min(1, message).max(max, tooLong(max));
}

/**
 * An optional text of at most `max` characters. Forms send '' for an empty field and the API may send null or leave
 * the field out; all three are accepted as they are, and the service stores them as null.
 */
export function optionalText(max: number) {
  return text().trim().max(max, tooLong(max)).nullish();
}

/** A§5: middle initial, at most 1 character. */
export function middleInitial() {
  return optionalText(MIDDLE_INITIAL_MAX);
}

/** A§5/B§5: required zip, max 10, 99999 or 99999-9999. */
export function zipCode() {
  return requiredText(ZIP_MAX).regex(ZIP_PATTERN, MESSAGES.INVALID_ZIP);
}

/** A§5/B§5: required phone, max 20, 10 digits with optional separators. */
export function phone() {
  return requiredText(PHONE_MAX).regex(PHONE_PATTERN, MESSAGES.INVALID_PHONE);
}

/**
 * A mobile phone that receives text messages: a phone() whose digits can be a NANP number (decision 0112), since the
 * provider sends only to +1 numbers whose area code and exchange start with 2 to 9.
 */
export function mobilePhone() {
  return phone().refine((v) => isNanpNumber(v) || !PHONE_PATTERN.test(v), MESSAGES.INVALID_MOBILE_PHONE);
}

/** An optional mobilePhone(): empty, null or absent, else a valid NANP phone. */
export function optionalMobilePhone() {
  return optionalPhone().refine(
    (v) => v === null || v === undefined || v === '' || !PHONE_PATTERN.test(v) || isNanpNumber(v),
    MESSAGES.INVALID_MOBILE_PHONE,
  );
}

/** B§5 "other phone optional": empty, null or absent, else a valid phone. */
export function optionalPhone() {
  return text()
    .trim()
    .max(PHONE_MAX, tooLong(PHONE_MAX))
    .refine((v) => v === '' || PHONE_PATTERN.test(v), MESSAGES.INVALID_PHONE)
    .nullish();
}

/** A§5: required e-mail with the shared pattern and 'Invalid email format.'; max 255 unless the form says less. */
export function email(max: number = EMAIL_MAX) {
  return requiredText(max).regex(EMAIL_PATTERN, MESSAGES.INVALID_EMAIL);
}

/** A§5/B§5: 8 to 20 letters or digits starting with a letter. */
export function username() {
  return text(MESSAGES.USERNAME_REQUIRED)
    .trim()
    .min(1, MESSAGES.USERNAME_REQUIRED)
    .regex(USERNAME_PATTERN, MESSAGES.INVALID_USERNAME);
}

/** A§5: 8 to 30 characters with lowercase, uppercase, digit and special character. Not trimmed: spaces count. */
export function password() {
  return text(MESSAGES.PASSWORD_REQUIRED)
    .min(1, MESSAGES.PASSWORD_REQUIRED)
    .max(PASSWORD_MAX, MESSAGES.INVALID_PASSWORD)
    .refine(isStrongPassword, MESSAGES.INVALID_PASSWORD);
}

/** A§5: security answer 2 to 100 characters. */
export function securityAnswer() {
  return requiredText(SECURITY_ANSWER_MAX).min(SECURITY_ANSWER_MIN, MESSAGES.SECURITY_ANSWER_LENGTH);
}

/** A§5: authorization number, required, no spaces, max 20. */
export function authorizationNumber() {
  return requiredText(AUTHORIZATION_NUMBER_MAX).regex(
    AUTHORIZATION_NUMBER_PATTERN,
    MESSAGES.INVALID_AUTHORIZATION_NUMBER,
  );
}

/** Resolution 6: expiration days, a whole number 0 to 9999. */
export function expirationDays() {
  return z
    .number({ error: MESSAGES.INVALID_EXPIRATION_DAYS })
    .int(MESSAGES.INVALID_EXPIRATION_DAYS)
    .min(EXPIRATION_DAYS_MIN, MESSAGES.INVALID_EXPIRATION_DAYS)
    .max(EXPIRATION_DAYS_MAX, MESSAGES.INVALID_EXPIRATION_DAYS);
}

/** A§5/B§5: funding source name 2 to 30 characters. */
export function fundingSourceName() {
  return text(MESSAGES.FUNDING_SOURCE_NAME_LENGTH)
    .trim()
    .min(FUNDING_SOURCE_NAME_MIN, MESSAGES.FUNDING_SOURCE_NAME_LENGTH)
    .max(FUNDING_SOURCE_NAME_MAX, MESSAGES.FUNDING_SOURCE_NAME_LENGTH);
}

/** A§5/B§5: external card PAN, 16 to 19 digits passing Luhn, else 'Invalid EBT card number.' */
export function externalCardPan() {
  return text(MESSAGES.INVALID_EBT_CARD_NUMBER).trim().refine(isExternalCardPan, MESSAGES.INVALID_EBT_CARD_NUMBER);
}

/** A§5/B§5: external card name, 2 to 35 characters, else 'Invalid EBT card name.' */
export function externalCardName() {
  return text(MESSAGES.INVALID_EBT_CARD_NAME)
    .trim()
    .min(EXTERNAL_CARD_NAME_MIN, MESSAGES.INVALID_EBT_CARD_NAME)
    .max(EXTERNAL_CARD_NAME_MAX, MESSAGES.INVALID_EBT_CARD_NAME);
}
