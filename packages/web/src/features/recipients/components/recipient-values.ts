import { type RecipientAccount, RecipientFormValues } from '@ebt/core/recipients';
import { phoneDigits } from '@ebt/core/validation';

// The recipient fields as the add and edit forms hold them (A§5 "Recipient forms"): every text a string, so an
// input is never uncontrolled; the core schema turns them into the body the API takes.

export interface RecipientFieldValues {
  firstname: string;
  middlename: string;
  lastname: string;
  address1: string;
  address2: string;
  city: string;
  stateCode: string;
  zipcode: string;
  email: string;
  mobilePhone: string;
  cardIssuanceCode: boolean;
}

export const EMPTY_RECIPIENT_FIELDS: RecipientFieldValues = {
  firstname: '',
  middlename: '',
  lastname: '',
  address1: '',
  address2: '',
  city: '',
  stateCode: '',
  zipcode: '',
  email: '',
  mobilePhone: '',
  cardIssuanceCode: false,
};

/** The form's values of a loaded account (null columns as empty fields). */
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
    mobilePhone: account.mobilePhone ?? '',
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
    firstname: v.firstname.trim(),
    middlename: v.middlename.trim(),
    lastname: v.lastname.trim(),
    address1: v.address1.trim(),
    address2: v.address2.trim(),
    city: v.city.trim(),
    stateCode: v.stateCode.trim().toUpperCase(),
    zipcode: v.zipcode.trim(),
    email: v.email.trim(),
    mobilePhone: phoneDigits(v.mobilePhone),
  });
  const x = norm(a);
  const y = norm(b);
  return (Object.keys(x) as (keyof RecipientFieldValues)[]).every((key) => x[key] === y[key]);
}

/** A stored 10-digit phone as people read it, '(860) 555-0142'; anything else as stored. */
export function displayPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phoneDigits(phone);
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

/** A recipient's name as one line: first, middle initial, last. */
export function recipientName(r: { firstname: string; middlename?: string | null; lastname: string }): string {
  return [r.firstname, r.middlename, r.lastname].filter((part) => part && part.trim()).join(' ');
}
