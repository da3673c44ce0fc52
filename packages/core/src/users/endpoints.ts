import { endpoint, JSON_BODY_LIMIT, privileges, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import { AddUserBody, RecipientUserBody, UserFormInput } from './form.js';
import { UserAdded, UserChangeAnswer, UserDetail, UserParams, UserSearchQuery, UserSearchResult } from './schemas.js';

// Users: search, add, the staff form and the recipient-user form (B§2 "Users", B§5, B§6, B§7; resolution 14). Reading
// users needs PROGRAM_USER_VIEW (program admins, agency admins, platform admins hold it by default: the people the
// Users menu is for). Adding and saving a user need a staff privilege; which roles the caller may give is B§6's creator
// matrix, checked by the server (403). Every read and change is scoped to the caller: a user of another program or
// agency answers 404 like a missing one. The recipient-user form is for any staff who sees the recipient's account.

const tags = ['users'];
const USER_VIEW = privileges(PRIVILEGE.PROGRAM_USER_VIEW);

export const search = endpoint({
  method: 'GET',
  path: '/user-api/users',
  operationId: 'searchUsers',
  tags,
  summary:
    "Search the caller's users: programUuid, agencyUuid, firstname, lastname, email and username (prefixes), " +
    'roleId, userStatusId; at least one is required; at most 1000 rows (the screen pages 10 at a time)',
  access: USER_VIEW,
  query: UserSearchQuery,
  answer: UserSearchResult,
  returns: 'The matching users, at most 1000; countCapped says more matched',
  refusals: REFUSED.list,
});

export const add = endpoint({
  method: 'POST',
  path: '/user-api/user',
  operationId: 'addUser',
  tags,
  summary:
    'Add a staff user (B§5 User form); the role must be one the caller may create (B§6, else 403), role 3 is ' +
    'refused; sendActivation queues the activation e-mail; 409 when the username or e-mail is taken',
  access: STAFF,
  body: AddUserBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: UserAdded,
  returns: 'The user added, with its userUuid',
  refusals: REFUSED.change,
});

export const detail = endpoint({
  method: 'GET',
  path: '/user-api/user/:id',
  operationId: 'getUser',
  tags,
  summary: 'One user by userUuid (B§3 User) with its programs and agencies; 404 outside the caller’s scope',
  access: USER_VIEW,
  params: UserParams,
  answer: UserDetail,
  returns: 'The user, with its programs and agencies',
  refusals: REFUSED.record,
});

export const update = endpoint({
  method: 'PUT',
  path: '/user-api/user/:id',
  operationId: 'updateUser',
  tags,
  summary:
    "Save a staff user's form with Add user's rules; 409 for a deleted user or a taken username or e-mail; " +
    'saving Disabled ends its sessions',
  access: STAFF,
  params: UserParams,
  body: UserFormInput,
  bodyLimit: JSON_BODY_LIMIT,
  answer: UserChangeAnswer,
  returns: 'The user saved',
  refusals: REFUSED.change,
  changesUser: true,
});

export const recipientUser = endpoint({
  method: 'GET',
  path: '/user-api/recipient-users/:id',
  operationId: 'getRecipientUser',
  tags,
  summary: "A recipient's user by userUuid with the programs and agencies of its accounts in the caller's scope",
  access: STAFF,
  params: UserParams,
  answer: UserDetail,
  returns: "The recipient's user, with the programs and agencies of its accounts",
  refusals: REFUSED.record,
});

export const updateRecipientUser = endpoint({
  method: 'PATCH',
  path: '/user-api/recipient-users/:id',
  operationId: 'updateRecipientUser',
  tags,
  summary: "Save a recipient's user: email, username, firstname, middlename, lastname, mobile (digits)",
  access: STAFF,
  params: UserParams,
  body: RecipientUserBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: UserChangeAnswer,
  returns: "The recipient's user saved",
  refusals: REFUSED.change,
  changesUser: true,
});
