import { ROLE, roleTakesAgency, roleTakesProgram, type RoleId } from '@ebt/core/enums';
import { creatableRoles } from '@ebt/core/privileges';
import { USER_MESSAGES, UserFormInput, type UserDetail } from '@ebt/core/users';
import { phoneDigits } from '@ebt/core/validation';
import { formCheck, type FieldProblem } from '../../lib/form-check';
import { displayPhone } from '../../lib/person';

// The User form (B§5 "User form", "Add user"): its values, its rules, and the bodies it sends. Pure, so the rules are
// tested without a screen (user-form.test.ts).

/** The form's values: every field a string ('' for none); roleId and userStatusId are ids in digits. */
export type UserFormValues = {
  firstname: string;
  middlename: string;
  lastname: string;
  email: string;
  username: string;
  mobile: string;
  phone: string;
  userStatusId: string;
  roleId: string;
  programUuid: string;
  agencyUuid: string;
  sendActivation: boolean;
};

export const EMPTY_USER_FORM: UserFormValues = {
  firstname: '',
  middlename: '',
  lastname: '',
  email: '',
  username: '',
  mobile: '',
  phone: '',
  userStatusId: '',
  roleId: '',
  programUuid: '',
  agencyUuid: '',
  sendActivation: false,
};

/** The fields a server refusal (400 with field names, 409 on username or e-mail) may name. */
export const USER_FORM_FIELDS = Object.keys(EMPTY_USER_FORM);

/** The staff user's form values of a stored user (the detail screen). */
export function userFormValuesOf(user: UserDetail): UserFormValues {
  return {
    ...EMPTY_USER_FORM,
    firstname: user.firstname,
    middlename: user.middlename ?? '',
    lastname: user.lastname,
    email: user.email,
    username: user.username,
    // As on screen, (203) 555-0131; sent as digits (userBody).
    mobile: displayPhone(user.mobile),
    phone: displayPhone(user.phone),
    userStatusId: String(user.userStatusId),
    roleId: String(user.roleId),
    programUuid: user.programs[0]?.programUuid ?? '',
    agencyUuid: user.agencies[0]?.agencyUuid ?? '',
  };
}

/** Which place fields the role takes (B§5 Add user): program for 1 (program side) or 1 and 2 (admin), agency for 5, 6. */
export function placeFieldsOf(roleId: string, onAdminScreen: boolean): { program: boolean; agency: boolean } {
  const role = Number(roleId);
  if (!roleId || !Number.isInteger(role)) return { program: false, agency: false };
  // An agency belongs to a program: the program is chosen first, so the agency list is that program's.
  const agency = roleTakesAgency(role);
  return { program: roleTakesProgram(role, onAdminScreen) || agency, agency };
}

/**
 * A new role clears the places it does not take (B§5 "otherwise both are cleared"). The agency's program stays
 * chosen for roles 5 and 6 (it only narrows the agency list; the body sends the agency).
 */
export function withRole(values: UserFormValues, roleId: string, onAdminScreen: boolean): UserFormValues {
  const places = placeFieldsOf(roleId, onAdminScreen);
  return {
    ...values,
    roleId,
    programUuid: places.program ? values.programUuid : '',
    agencyUuid: places.agency ? values.agencyUuid : '',
  };
}

/** B§5: role 3 is a recipient, added on the Recipient Add screen; the form shows the notice and cannot be saved. */
export function isRecipientRole(roleId: string): boolean {
  return Number(roleId) === ROLE.RECIPIENT && roleId !== '';
}

/**
 * The role choices of the add form (B§6 creator rules): what the caller may create, plus role 3 so the notice can
 * say where recipients are added. On the program side the platform admin's extra roles never appear.
 */
export function addRoleChoices(privileges: readonly string[]): RoleId[] {
  const allowed = creatableRoles(privileges);
  return allowed.length === 0 ? [] : [...allowed, ROLE.RECIPIENT].sort((a, b) => a - b);
}

/**
 * The form as the body's schema reads it (UserFormInput: the server's own rules and texts): the text as typed and
 * trimmed, a select left empty left out. The program and agency are the role's to ask for (`userRules`); their
 * values are the selects' own.
 */
function userInput(values: UserFormValues) {
  return {
    firstname: values.firstname.trim(),
    middlename: values.middlename.trim() || null,
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    username: values.username.trim(),
    mobile: values.mobile.trim(),
    phone: values.phone.trim() || null,
    userStatusId: values.userStatusId === '' ? undefined : Number(values.userStatusId),
    roleId: values.roleId === '' ? undefined : Number(values.roleId),
  };
}

/** What the form adds to the schema: role 3's notice, and the program or agency the role takes (B§5 "Add user"). */
function userRules(values: UserFormValues, onAdminScreen: boolean): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (isRecipientRole(values.roleId)) problems.push({ field: 'roleId', message: USER_MESSAGES.RECIPIENT_ROLE });
  const places = placeFieldsOf(values.roleId, onAdminScreen);
  if (places.agency && !values.agencyUuid) {
    if (!values.programUuid) problems.push({ field: 'programUuid', message: USER_MESSAGES.PROGRAM_REQUIRED });
    problems.push({ field: 'agencyUuid', message: USER_MESSAGES.AGENCY_REQUIRED });
  } else if (places.program && !places.agency && !values.programUuid)
    problems.push({ field: 'programUuid', message: USER_MESSAGES.PROGRAM_REQUIRED });
  return problems;
}

/** The User form rules of B§5 (`onAdminScreen` decides where a program is asked). */
export function validateUserForm(values: UserFormValues, onAdminScreen: boolean) {
  return formCheck(UserFormInput, userInput, { rules: (typed) => userRules(typed, onAdminScreen) })(values);
}

/** The body of userApi.add and userApi.update: trimmed, phones as digits (B§7), places by role. */
export function userBody(values: UserFormValues, onAdminScreen: boolean) {
  const input = userInput(values);
  const places = placeFieldsOf(values.roleId, onAdminScreen);
  return {
    ...input,
    mobile: phoneDigits(input.mobile),
    phone: phoneDigits(input.phone ?? '') || null,
    userStatusId: Number(values.userStatusId),
    roleId: Number(values.roleId),
    programUuid: places.program && !places.agency && values.programUuid ? values.programUuid : null,
    agencyUuid: places.agency && values.agencyUuid ? values.agencyUuid : null,
  };
}
export type UserBody = ReturnType<typeof userBody>;
