import { RecipientUserBody } from '@ebt/core/users';
import { phoneDigits } from '@ebt/core/validation';
import { formCheck } from '../../lib/form-check';
import { displayPhone } from '../../lib/person';
import type { z } from 'zod';
import type { UserDetail } from './schemas';

// The recipient-user form (B§2 Users, B§7 userApi.updateRecipientUser): e-mail, username, names, mobile.

export type RecipientUserValues = {
  email: string;
  username: string;
  firstname: string;
  middlename: string;
  lastname: string;
  mobile: string;
};

export const RECIPIENT_USER_FIELDS = ['email', 'username', 'firstname', 'middlename', 'lastname', 'mobile'];

export function recipientUserValuesOf(user: UserDetail): RecipientUserValues {
  return {
    email: user.email,
    username: user.username,
    firstname: user.firstname,
    middlename: user.middlename ?? '',
    lastname: user.lastname,
    // As on screen, (203) 555-0131; sent as digits (recipientUserBody).
    mobile: displayPhone(user.mobile),
  };
}

/** The fields as the body's schema reads them: trimmed, the mobile as typed. */
function recipientUserInput(values: RecipientUserValues) {
  return {
    email: values.email.trim(),
    username: values.username.trim(),
    firstname: values.firstname.trim(),
    middlename: values.middlename.trim() || null,
    lastname: values.lastname.trim(),
    mobile: values.mobile.trim(),
  };
}

/** The User form's rules for these fields (B§5), core's schema and texts. */
export const validateRecipientUser = formCheck(RecipientUserBody, recipientUserInput);

/** The PATCH body: trimmed, the mobile as digits (B§7). */
export function recipientUserBody(values: RecipientUserValues): z.input<typeof RecipientUserBody> {
  const input = recipientUserInput(values);
  return { ...input, mobile: phoneDigits(input.mobile) };
}
