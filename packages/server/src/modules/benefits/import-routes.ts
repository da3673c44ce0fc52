import { BenefitFileAnswer } from '@ebt/core/benefits';
import { ErrorBody } from '@ebt/core/errors';
import { MESSAGES } from '@ebt/core/messages';
import { PROGRAM_AREA_PRIVILEGES } from '@ebt/core/privileges';
import { privileges } from '../../platform/access.js';
import { requireCaller } from '../../platform/context.js';
import { readUpload, registerFileUploads } from '../../platform/file-import.js';
import { sendSample } from '../../platform/import-sample.js';
import { defineRoutes } from '../../platform/routes.js';
import { importBenefitFile } from './import.js';
import { benefitFileSample } from './import-sample.js';

// The benefit file upload (part 1 §2 "Upload Benefit File", §7). Import Benefits is program side only (part 1 §2, §6):
// program admins, agency admins and agency users, the same callers as the program-side issue form; a platform
// administrator (NDGADMIN_ACCESS without a program-side privilege) answers 403 (decision 0011). Each row is scoped to
// the caller: their programs, and for agency staff the recipients of their agencies.

export default defineRoutes(async (app) => {
  await registerFileUploads(app);

  app.post(
    '/benefit-api/benefit/file',
    {
      schema: {
        tags: ['benefits'],
        summary:
          'Upload a benefit file (multipart field benefitFile: CSV, XLS or XLSX, at most 1 MB; optional field programUuid). ' +
          'Adds and updates benefits row by row; see docs/benefit-file.md',
        consumes: ['multipart/form-data'],
        response: {
          200: BenefitFileAnswer,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          422: ErrorBody,
        },
      },
      config: { access: privileges(...PROGRAM_AREA_PRIVILEGES) },
    },
    async (req) =>
      importBenefitFile(
        req.ctx,
        await readUpload(req, { field: 'benefitFile', tooLargeMessage: MESSAGES.BENEFIT_FILE_TOO_LARGE }),
      ),
  );

  app.get(
    '/benefit-api/benefit/file/sample',
    {
      schema: {
        tags: ['benefits'],
        summary:
          "A sample benefit file (CSV) built from the caller's programs, recipients, funding sources and incentives, " +
          'dated from today: every row is one the upload accepts',
        response: { 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: privileges(...PROGRAM_AREA_PRIVILEGES) },
    },
    async (req, reply) => sendSample(reply, 'benefit-file-sample.csv', await benefitFileSample(requireCaller(req.ctx))),
  );
});
