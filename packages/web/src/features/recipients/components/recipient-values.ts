import { type RecipientAccount, RecipientFormValues } from '@ebt/core/recipients';
import { phoneDigits } from '@ebt/core/validation';
import { cleanPersonFields, displayPhone, EMPTY_PERSON_FIELDS, type PersonFieldValues } from '../../../lib/person';

// The recipient fields as the add and edit forms hold them (A§5 "Recipient forms"): every text a string, so an
// input is never uncontrolled; the core schema turns them into the body the API takes.

export interface RecipientFieldValues extends PersonFieldValues {
  stateCode: string;
  cardIssuanceCode: boolean;
}

export const EMPTY_RECIPIENT_FIELDS: RecipientFieldValues = {
  ...EMPTY_PERSON_FIELDS,
  stateCode: '',
  cardIssuanceCode: false,
};

/** The form's values of a loaded account (null columns as empty fields; the phone as the screen shows it). */
export function recipientFieldsOf(account: RecipientAccount): RecipientFieldValues {
  return {
    firstname: account.firstname,
    middlename: account.middlename ?? '',
    lastname: account.lastname,
    address1: account.address1 ?? '',
    address2: account.address2 ?? '',
    city: account.city ?? '',
    stateCode: account.stateCode ?? '',
    zipcode: account.zipcode ?? '',
    email: account.email ?? '',
    mobilePhone: displayPhone(account.mobilePhone),
    cardIssuanceCode: account.cardIssuanceCode,
  };
}

/**
 * The fields as the API takes them, through core's rules: trimmed, the state upper-cased, empty optional text as
 * null and the phone as digits (A§5: "phones are sent as digits only"). Only called on values that passed the form's
 * validation, which uses the same schema.
 */
export function recipientFieldsBody(values: RecipientFieldValues) {
  const parsed = RecipientFormValues.parse(values);
  return {
    ...parsed,
    middlename: parsed.middlename || null,
    address2: parsed.address2 || null,
    mobilePhone: phoneDigits(parsed.mobilePhone),
  };
}

/** Whether two sets of values would save the same (spaces around a text and phone separators are no change). */
export function sameRecipientFields(a: RecipientFieldValues, b: RecipientFieldValues): boolean {
  const norm = (v: RecipientFieldValues) => ({
    ...v,
    ...cleanPersonFields(v),
    stateCode: v.stateCode.trim().toUpperCase(),
  });
  const x = norm(a);
  const y = norm(b);
  return (Object.keys(x) as (keyof RecipientFieldValues)[]).every((key) => x[key] === y[key]);
}
