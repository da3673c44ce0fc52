import { z } from 'zod';
import { EMAIL_MAX } from '../constants/limits.js';
import { email, mobilePhone, optionalPhone, username } from '../validation/fields.js';
import { personNameFields } from '../validation/field-groups.js';
import { databaseId } from '../validation/numbers.js';
import { USER_MESSAGES } from './messages.js';
import { USER_FORM_STATUSES } from './rules.js';

// B§5 "User form": first and last name required (max 100), middle name max 1, e-mail required (max 255), username a
// letter then 7 to 19 letters or digits, mobile phone required (max 20), other phone optional, status and role
// required; program and agency as the role takes them (rules.ts userPlaces). Phones are sent and stored as digits.
// The web form parses with these schemas, so a rule and its text are written once.

/** A uuid of a select, or '' / null / absent for "none". */
const optionalUuid = () => z.union([z.literal(''), z.uuid()]).nullish();

/** The User form (B§5), as PUT /user-api/user/{id} takes it; POST adds the activation box (AddUserBody). */
export const UserFormInput = z.object({
  username: username(),
  email: email(EMAIL_MAX),
  ...personNameFields(),
  mobile: mobilePhone(),
  phone: optionalPhone(),
  userStatusId: z
    .number({ error: USER_MESSAGES.STATUS_REQUIRED })
    .int(USER_MESSAGES.STATUS_REQUIRED)
    .refine((s) => USER_FORM_STATUSES.includes(s), USER_MESSAGES.STATUS_DELETED_NOT_ALLOWED),
  roleId: databaseId({ required: USER_MESSAGES.ROLE_REQUIRED }),
  programUuid: optionalUuid(),
  agencyUuid: optionalUuid(),
});
export type UserFormInput = z.infer<typeof UserFormInput>;

/** POST /user-api/user: the form and the optional 'Send Activation Email' box (B§5). */
export const AddUserBody = UserFormInput.extend({ sendActivation: z.boolean().optional() });
export type AddUserBody = z.infer<typeof AddUserBody>;

/** PATCH /user-api/recipient-users/{id} (B§7): e-mail, username, names and mobile of a recipient's user. */
export const RecipientUserBody = z.object({
  username: username(),
  email: email(EMAIL_MAX),
  ...personNameFields(),
  mobile: mobilePhone(),
});
export type RecipientUserBody = z.infer<typeof RecipientUserBody>;
