import { z } from 'zod';
import { endpoint, exportEndpoint, JSON_BODY_LIMIT, privileges, REFUSED, STAFF } from '../contract/index.js';
import { FileCheckAnswer, FileImportAnswer } from '../imports/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import { CurrentRecipientAccount, CurrentRecipientProgram } from './current-user.js';
import { ACCOUNT_FILE_FIELD, AccountFileParams } from './import.js';
import { RECIPIENT_EXPORT_ROW_CAP } from './rules.js';
import {
  AccountParams,
  AccountStatusOption,
  AddRecipientBody,
  MoveRecipientBody,
  RecipientAccount,
  RecipientCreated,
  RecipientExportQuery,
  RecipientSearchPage,
  RecipientSearchQuery,
  UpdateRecipientBody,
} from './schemas.js';

// Recipients (part 1 §7 "Recipients"): program-side staff and platform admins; the server applies each caller's
// scope, and a recipient outside it answers 404 like a missing one. Recipients read their own accounts and programs
// (part 1 §7 "Recipient portal").

const tags = ['recipients'];
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);

export const search = endpoint({
  method: 'GET',
  path: '/account-api/account',
  operationId: 'searchRecipients',
  tags,
  summary:
    'Search recipients: Account ID (exact), names and e-mail (prefix), phone digits (prefix); at least one is required',
  access: STAFF,
  query: RecipientSearchQuery,
  answer: RecipientSearchPage,
  returns: 'A page of the matching recipients; countCapped says more matched than were counted',
  refusals: REFUSED.list,
});

export const exportSearch = exportEndpoint({
  path: '/account-api/account/export',
  operationId: 'exportRecipients',
  tags,
  access: STAFF,
  query: RecipientExportQuery,
  cap: RECIPIENT_EXPORT_ROW_CAP,
});

export const statuses = endpoint({
  method: 'GET',
  path: '/account-api/statuses',
  operationId: 'listRecipientStatuses',
  tags,
  summary: 'Recipient account statuses',
  access: STAFF,
  answer: z.array(AccountStatusOption),
  returns: 'The recipient account statuses',
  refusals: [401, 403],
});

export const detail = endpoint({
  method: 'GET',
  path: '/account-api/account/:accountUuid',
  operationId: 'getRecipient',
  tags,
  summary: "One recipient account; 404 when missing or outside the caller's scope",
  access: STAFF,
  params: AccountParams,
  answer: RecipientAccount,
  returns: 'The recipient account',
  refusals: REFUSED.record,
});

export const add = endpoint({
  method: 'POST',
  path: '/account-api/account',
  operationId: 'addRecipient',
  tags,
  summary: 'Add a recipient: generates the Account ID and a Pending portal user',
  access: STAFF,
  body: AddRecipientBody,
  bodyLimit: JSON_BODY_LIMIT,
  status: 201,
  answer: RecipientCreated,
  returns: 'The recipient added, with its Account ID',
  refusals: REFUSED.change,
});

export const update = endpoint({
  method: 'PUT',
  path: '/account-api/account',
  operationId: 'updateRecipient',
  tags,
  summary: 'Update a recipient (all form fields) or only set accountStatusId (0 activate, 1 inactivate)',
  access: STAFF,
  body: UpdateRecipientBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: RecipientAccount,
  returns: 'The recipient account as saved',
  refusals: REFUSED.change,
});

export const move = endpoint({
  method: 'PUT',
  path: '/account-api/account/move',
  operationId: 'moveRecipient',
  tags,
  summary: 'Move a recipient (and its Issued benefits) to another agency of its program',
  access: STAFF,
  body: MoveRecipientBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: RecipientAccount,
  returns: 'The recipient account in its new agency',
  refusals: REFUSED.change,
});

// STAFF: who may add recipients; the server checks the program and each row's agency.
export const importFile = endpoint({
  method: 'POST',
  path: '/account-api/account/file/:programUuid',
  operationId: 'importAccountFile',
  tags,
  summary:
    'Import an account file (multipart field accountFile; CSV, XLS or XLSX, at most 1 MB): action 01 adds, 02 adds Inactive, 03 updates by Account ID',
  access: STAFF,
  params: AccountFileParams,
  upload: { field: ACCOUNT_FILE_FIELD },
  answer: FileImportAnswer,
  returns: 'What each row did: added, changed or refused with the reason',
  refusals: [400, 401, 403, 404, 409, 422],
});

export const checkFile = endpoint({
  method: 'POST',
  path: '/account-api/account/file/:programUuid/check',
  operationId: 'checkAccountFile',
  tags,
  summary:
    'Check an account file before importing it (the upload of importAccountFile): runs the import and writes ' +
    'nothing; answers what each row would do and a checkToken the import takes (decision 0117)',
  access: STAFF,
  params: AccountFileParams,
  upload: { field: ACCOUNT_FILE_FIELD },
  answer: FileCheckAnswer,
  returns: 'What each row would do: added, changed, unchanged or refused with the reason; nothing is written',
  refusals: [400, 401, 403, 404, 409, 422],
});

// The recipient portal's own account and programs. Fixed paths under /account-api/account/: the router prefers them
// to the staff route /account-api/account/:accountUuid, so a recipient reaches these instead of that route's 403.
export const ownAccounts = endpoint({
  method: 'GET',
  path: '/account-api/account/currentuser',
  operationId: 'listOwnRecipientAccounts',
  tags,
  summary: "The signed-in recipient's own accounts, one per program",
  access: RECIPIENT,
  answer: z.array(CurrentRecipientAccount),
  returns: "The recipient's accounts, one per program",
  refusals: [401, 403],
});

export const ownPrograms = endpoint({
  method: 'GET',
  path: '/account-api/account/currentuser/programs',
  operationId: 'listOwnRecipientPrograms',
  tags,
  summary: 'The programs the signed-in recipient has an account in, with that account',
  access: RECIPIENT,
  answer: z.array(CurrentRecipientProgram),
  returns: 'The programs the recipient has an account in, each with that account',
  refusals: [401, 403],
});
