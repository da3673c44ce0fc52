import { phoneDigits } from '@ebt/core/validation';

// A person's name and phone as screens show them (recipients, applicants, later users and merchants' contacts).

/** A stored 10-digit phone as people read it, '(860) 555-0142' (shared with the server's PDFs). */
export { displayPhone } from '@ebt/core/format';

/** A person's name as one line: first, middle initial, last. */
export function personName(r: { firstname: string; middlename?: string | null; lastname: string }): string {
  return [r.firstname, r.middlename, r.lastname].filter((part) => part && part.trim()).join(' ');
}

/**
 * The name, address and contact fields a person form holds (A§5 recipient forms, online application), every one a
 * string, '' for not given. The state is left to each form: recipients name it stateCode, applicants stateId.
 */
export interface PersonFieldValues {
  firstname: string;
  middlename: string;
  lastname: string;
  address1: string;
  address2: string;
  city: string;
  zipcode: string;
  email: string;
  mobilePhone: string;
}

export const EMPTY_PERSON_FIELDS: PersonFieldValues = {
  firstname: '',
  middlename: '',
  lastname: '',
  address1: '',
  address2: '',
  city: '',
  zipcode: '',
  email: '',
  mobilePhone: '',
};

/**
 * The person fields as they are sent and compared: texts trimmed and the phone as digits (A§5: "phones are sent as
 * digits only"), so spaces around a value or phone separators are never a change.
 */
export function cleanPersonFields(values: PersonFieldValues): PersonFieldValues {
  return {
    firstname: values.firstname.trim(),
    middlename: values.middlename.trim(),
    lastname: values.lastname.trim(),
    address1: values.address1.trim(),
    address2: values.address2.trim(),
    city: values.city.trim(),
    zipcode: values.zipcode.trim(),
    email: values.email.trim(),
    mobilePhone: phoneDigits(values.mobilePhone),
  };
}
