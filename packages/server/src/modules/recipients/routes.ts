import { MESSAGES } from '@ebt/core/messages';
import { recipientApi } from '@ebt/core/recipients';
import { readUpload } from '../../platform/file-import.js';
import { handle, routeTable } from '../../platform/routes.js';
import { exportHandler } from '../../platform/search.js';
import { addRecipient } from './add.js';
import { moveRecipient, updateRecipient } from './change.js';
import { listOwnAccounts, listOwnPrograms } from './current-user.js';
import { getRecipient } from './detail.js';
import { checkAccountFile, importAccountFile } from './import.js';
import { listAccountStatuses } from './lookups.js';
import { RECIPIENT_ACCOUNT_READ } from './queries.js';
import { exportRecipients, searchRecipients } from './search.js';

// Recipients: each contract of @ebt/core/recipients (recipientApi) bound to its use case.
export default routeTable([
  handle(recipientApi.ownAccounts, (req) => listOwnAccounts(req.ctx)),
  handle(recipientApi.ownPrograms, (req) => listOwnPrograms(req.ctx)),
  handle(recipientApi.search, (req) => searchRecipients(req.ctx, req.query)),
  handle(recipientApi.exportSearch, exportHandler(exportRecipients)),
  handle(recipientApi.statuses, () => listAccountStatuses()),
  // The account is read in the caller's statement: one round trip.
  handle(recipientApi.detail, (req) => getRecipient(req.ctx, req.params.accountUuid), {
    keyedRead: RECIPIENT_ACCOUNT_READ,
  }),
  handle(recipientApi.add, async (req, reply) => reply.status(201).send(await addRecipient(req.ctx, req.body))),
  handle(recipientApi.update, (req) => updateRecipient(req.ctx, req.body)),
  handle(recipientApi.move, (req) => moveRecipient(req.ctx, req.body)),
  handle(recipientApi.importFile, async (req) =>
    importAccountFile(
      req.ctx,
      req.params.programUuid,
      await readUpload(req, {
        field: recipientApi.importFile.upload.field,
        tooLargeMessage: MESSAGES.ACCOUNT_FILE_TOO_LARGE,
      }),
    ),
  ),
  handle(recipientApi.checkFile, async (req) =>
    checkAccountFile(
      req.ctx,
      req.params.programUuid,
      await readUpload(req, {
        field: recipientApi.checkFile.upload.field,
        tooLargeMessage: MESSAGES.ACCOUNT_FILE_TOO_LARGE,
      }),
    ),
  ),
]);
