import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import { MESSAGES } from '@ebt/core/messages';
import { FileImportAnswer } from '@ebt/core/imports';
import {
  ACCOUNT_FILE_FIELD,
  AccountFileParams,
  AccountParams,
  AccountStatusOption,
  AddRecipientBody,
  MoveRecipientBody,
  RECIPIENT_EXPORT_ROW_CAP,
  RecipientAccount,
  RecipientCreated,
  RecipientExportQuery,
  RecipientSearchPage,
  RecipientSearchQuery,
  UpdateRecipientBody,
} from '@ebt/core/recipients';
import { STAFF } from '../../platform/access.js';
import { readUpload, registerFileUploads } from '../../platform/file-import.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { registerExportRoute } from '../../platform/search.js';
import { addRecipient } from './add.js';
import { moveRecipient, updateRecipient } from './change.js';
import { registerCurrentUserRoutes } from './current-user.js';
import { getRecipient } from './detail.js';
import { importAccountFile } from './import.js';
import { listAccountStatuses } from './lookups.js';
import { RECIPIENT_ACCOUNT_READ } from './queries.js';
import { exportRecipients, searchRecipients } from './search.js';

// Recipients (part 1 §7 "Recipients"): program-side staff and platform admins; the services apply each caller's
// scope, and a recipient outside it answers 404 like a missing one.
const tags = ['recipients'];

export default defineRoutes(async (app) => {
  await registerFileUploads(app); // multipart parsing for the account file, in this module's scope only
  registerCurrentUserRoutes(app); // the recipient's own account and programs (part 1 §7 "Recipient portal")

  app.get(
    '/account-api/account',
    {
      schema: {
        tags,
        summary:
          'Search recipients: Account ID (exact), names and e-mail (prefix), phone digits (prefix); at least one is required',
        querystring: RecipientSearchQuery,
        response: { 200: RecipientSearchPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => searchRecipients(req.ctx, req.query),
  );

  registerExportRoute(
    app,
    '/account-api/account/export',
    { tags, querystring: RecipientExportQuery, access: STAFF, cap: RECIPIENT_EXPORT_ROW_CAP },
    exportRecipients,
  );

  app.get(
    '/account-api/statuses',
    {
      schema: {
        tags,
        summary: 'Recipient account statuses',
        response: { 200: z.array(AccountStatusOption), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF },
    },
    () => listAccountStatuses(),
  );

  app.get(
    '/account-api/account/:accountUuid',
    {
      schema: {
        tags,
        summary: "One recipient account; 404 when missing or outside the caller's scope",
        params: AccountParams,
        response: { 200: RecipientAccount, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      // The account is read in the caller's statement: one round trip (decision 0083).
      config: { access: STAFF, keyedRead: RECIPIENT_ACCOUNT_READ },
    },
    (req) => getRecipient(req.ctx, req.params.accountUuid),
  );

  app.post(
    '/account-api/account',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a recipient: generates the Account ID and a Pending portal user',
        body: AddRecipientBody,
        response: {
          201: RecipientCreated,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
      config: { access: STAFF },
    },
    async (req, reply) => reply.status(201).send(await addRecipient(req.ctx, req.body)),
  );

  app.put(
    '/account-api/account',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Update a recipient (all form fields) or only set accountStatusId (0 activate, 1 inactivate)',
        body: UpdateRecipientBody,
        response: {
          200: RecipientAccount,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
      config: { access: STAFF },
    },
    (req) => updateRecipient(req.ctx, req.body),
  );

  app.put(
    '/account-api/account/move',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Move a recipient (and its Issued benefits) to another agency of its program',
        body: MoveRecipientBody,
        response: {
          200: RecipientAccount,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
      config: { access: STAFF },
    },
    (req) => moveRecipient(req.ctx, req.body),
  );

  app.post(
    '/account-api/account/file/:programUuid',
    {
      schema: {
        tags,
        summary:
          'Import an account file (multipart field accountFile; CSV, XLS or XLSX, at most 1 MB): action 01 adds, 02 adds Inactive, 03 updates by Account ID',
        consumes: ['multipart/form-data'],
        params: AccountFileParams,
        response: {
          200: FileImportAnswer,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
        },
      },
      config: { access: STAFF }, // who may add recipients; the service checks the program and each row's agency
    },
    async (req) =>
      importAccountFile(
        req.ctx,
        req.params.programUuid,
        await readUpload(req, { field: ACCOUNT_FILE_FIELD, tooLargeMessage: MESSAGES.ACCOUNT_FILE_TOO_LARGE }),
      ),
  );
});
