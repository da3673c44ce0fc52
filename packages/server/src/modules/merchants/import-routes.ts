import { ErrorBody } from '@ebt/core/errors';
import { FileImportAnswer } from '@ebt/core/imports';
import { MESSAGES } from '@ebt/core/messages';
import { PRIVILEGE } from '@ebt/core/privileges';
import { privileges } from '../../platform/access.js';
import { requireCaller } from '../../platform/context.js';
import { readUpload, registerFileUploads } from '../../platform/file-import.js';
import { sendSample } from '../../platform/import-sample.js';
import { defineRoutes } from '../../platform/routes.js';
import { importMerchantFile } from './import.js';
import { merchantFileSample } from './import-sample.js';

// The merchant file upload (B§2 "Merchant file upload", B§5 "Files", B§7; docs/merchant-file.md, decision 0023).
// Registered as a plugin of its own inside the merchant routes: multipart parsing stays in this scope. The route
// takes MERCHANT_ADD (B names the import with the add); rows that change merchants (03, 04, 05) also need
// MERCHANT_UPDATE and 05 BANK_VIEW, checked per row. Each row is scoped to the caller's programs.

const MERCHANT_ADD = privileges(PRIVILEGE.MERCHANT_ADD);

export default defineRoutes(async (app) => {
  await registerFileUploads(app);

  app.post(
    '/merchant-api/merchant/file',
    {
      schema: {
        tags: ['merchants'],
        summary:
          'Upload a merchant file (multipart field merchantFile: CSV, XLS or XLSX, at most 1 MB). Action codes 01-05 ' +
          'add, disable and update merchants row by row; see docs/merchant-file.md',
        consumes: ['multipart/form-data'],
        response: { 200: FileImportAnswer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody },
      },
      config: { access: MERCHANT_ADD },
    },
    async (req) =>
      importMerchantFile(
        req.ctx,
        await readUpload(req, { field: 'merchantFile', tooLargeMessage: MESSAGES.MERCHANT_FILE_TOO_LARGE }),
      ),
  );

  app.get(
    '/merchant-api/merchant/file/sample',
    {
      schema: {
        tags: ['merchants'],
        summary:
          "A sample merchant file (CSV) built from the caller's programs and merchants: one row per action code, " +
          'every row one the upload accepts',
        response: { 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: MERCHANT_ADD },
    },
    async (req, reply) =>
      sendSample(reply, 'merchant-file-sample.csv', await merchantFileSample(requireCaller(req.ctx))),
  );
});
