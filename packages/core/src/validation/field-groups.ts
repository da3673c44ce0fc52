import { ADDRESS_MAX, CITY_MAX, EMAIL_MAX, NAME_MAX } from '../constants/limits.js';
import { isStateCode } from '../enums/states.js';
import { MESSAGES } from '../messages/messages.js';
import { email, middleInitial, mobilePhone, optionalText, requiredText, zipCode } from './fields.js';
import { text } from './text.js';

// The field groups that forms repeat (A§5 "Recipient forms", "Online application", "Account forms"; B§5): a person's
// name, a postal address and the contact fields, as pieces of a Zod object shape. Each area spreads the pieces it
// takes into its own schema, so a rule and its message are written once. Each call builds new schemas, so an area
// may extend one without touching another's.

/** First and last name required (max 100), middle initial at most 1 character. */
export function personNameFields() {
  return {
    firstname: requiredText(NAME_MAX),
    middlename: middleInitial(),
    lastname: requiredText(NAME_MAX),
  };
}

/** A§3/B§3: a US state or DC code, required ('State is required.'); 'ct' is read as 'CT'. */
export function stateCode() {
  return text(MESSAGES.STATE_REQUIRED).trim().toUpperCase().refine(isStateCode, MESSAGES.STATE_REQUIRED);
}

/**
 * Address one required (max 60), address two optional (max 60), city required (max 60), the state and a zip of
 * 99999 or 99999-9999. The state's wire name differs by area (recipients `stateCode`, applicants `stateId`).
 */
export function addressFields<StateKey extends string>(stateKey: StateKey) {
  return {
    address1: requiredText(ADDRESS_MAX),
    address2: optionalText(ADDRESS_MAX),
    city: requiredText(CITY_MAX),
    ...({ [stateKey]: stateCode() } as Record<StateKey, ReturnType<typeof stateCode>>),
    zipcode: zipCode(),
  };
}

/**
 * E-mail required (max 255, the shared pattern) and a mobile phone required (10 digits with separators, a NANP number:
 * it receives texts).
 */
export function contactFields() {
  return {
    email: email(EMAIL_MAX),
    mobilePhone: mobilePhone(),
  };
}
