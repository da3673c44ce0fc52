import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE } from '@ebt/core/privileges';
import {
  AddUserBody,
  RecipientUserBody,
  UserDetail,
  UserFormInput,
  UserAdded,
  UserChangeAnswer,
  UserParams,
  UserSearchQuery,
  UserSearchResult,
} from '@ebt/core/users';
import { privileges, STAFF } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { addUser } from './add.js';
import { updateUser } from './change.js';
import { getRecipientUser, getUser } from './detail.js';
import { updateRecipientUser } from './recipient-users.js';
import { searchUsers } from './search.js';

// Users: search, add, the staff form and the recipient-user form (B§2 "Users", B§5, B§6, B§7; resolution 14;
// docs/decisions/0024-users.md). Reading users needs PROGRAM_USER_VIEW (program admins, agency admins, platform admins
// hold it by default: the people the Users menu is for). Adding and saving a user need a staff privilege; which roles
// the caller may give is B§6's creator matrix, checked by the service (403). Every read and change is scoped to the
// caller: a user of another program or agency answers 404 like a missing one. The recipient-user form is for any
// staff who sees the recipient's account.
const tags = ['users'];
const USER_VIEW = privileges(PRIVILEGE.PROGRAM_USER_VIEW);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const changeRefusals = { ...refusals, 409: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/user-api/users',
    {
      schema: {
        tags,
        summary:
          "Search the caller's users: programUuid, agencyUuid, firstname, lastname, email and username (prefixes), " +
          'roleId, userStatusId; at least one is required; at most 1000 rows (the screen pages 10 at a time)',
        querystring: UserSearchQuery,
        response: { 200: UserSearchResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: USER_VIEW },
    },
    (req) => searchUsers(req.ctx, req.query),
  );

  app.post(
    '/user-api/user',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Add a staff user (B§5 User form); the role must be one the caller may create (B§6, else 403), role 3 is ' +
          'refused; sendActivation queues the activation e-mail; 409 when the username or e-mail is taken',
        body: AddUserBody,
        response: { 200: UserAdded, ...changeRefusals },
      },
      config: { access: STAFF },
    },
    (req) => addUser(req.ctx, req.body),
  );

  app.get(
    '/user-api/user/:id',
    {
      schema: {
        tags,
        summary: 'One user by userUuid (B§3 User) with its programs and agencies; 404 outside the caller’s scope',
        params: UserParams,
        response: { 200: UserDetail, ...refusals },
      },
      config: { access: USER_VIEW },
    },
    (req) => getUser(req.ctx, req.params.id),
  );

  app.put(
    '/user-api/user/:id',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Save a staff user's form with Add user's rules; 409 for a deleted user or a taken username or e-mail; " +
          'saving Disabled ends its sessions',
        params: UserParams,
        body: UserFormInput,
        response: { 200: UserChangeAnswer, ...changeRefusals },
      },
      config: { access: STAFF, changesUser: true },
    },
    (req) => updateUser(req.ctx, req.params.id, req.body),
  );

  app.get(
    '/user-api/recipient-users/:id',
    {
      schema: {
        tags,
        summary: "A recipient's user by userUuid with the programs and agencies of its accounts in the caller's scope",
        params: UserParams,
        response: { 200: UserDetail, ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => getRecipientUser(req.ctx, req.params.id),
  );

  app.patch(
    '/user-api/recipient-users/:id',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: "Save a recipient's user: email, username, firstname, middlename, lastname, mobile (digits)",
        params: UserParams,
        body: RecipientUserBody,
        response: { 200: UserChangeAnswer, ...changeRefusals },
      },
      config: { access: STAFF, changesUser: true },
    },
    (req) => updateRecipientUser(req.ctx, req.params.id, req.body),
  );
});
