import { benefitApi } from '@ebt/core/benefits';
import { MESSAGES } from '@ebt/core/messages';
import { requireCaller } from '../../platform/context.js';
import { readUpload } from '../../platform/file-import.js';
import { sendSample } from '../../platform/import-sample.js';
import { handle, routeTable } from '../../platform/routes.js';
import { exportHandler } from '../../platform/search.js';
import { getBenefit, updateBenefit, voidBenefit } from './change.js';
import { checkBenefitFile, importBenefitFile } from './import.js';
import { benefitFileSample } from './import-sample.js';
import { issueBenefit } from './issue.js';
import { getBenefitOptionType, getFundingSources } from './lookups.js';
import { getBalances, getProgramBalance, getProgramBenefits, getTotalBalance } from './recipient.js';
import { exportBenefits, searchBenefits } from './search.js';

// Benefits: each contract of @ebt/core/benefits (benefitApi) bound to its use case.
export default routeTable([
  handle(benefitApi.fundingSources, (req) => getFundingSources(req.ctx, req.params.programUuid)),
  handle(benefitApi.optionType, (req) => getBenefitOptionType(req.ctx, req.params.id)),
  handle(benefitApi.issue, async (req, reply) => reply.status(201).send(await issueBenefit(req.ctx, req.body))),
  handle(benefitApi.search, (req) => searchBenefits(req.ctx, req.query)),
  handle(benefitApi.exportSearch, exportHandler(exportBenefits)),
  handle(benefitApi.balances, (req) => getBalances(req.ctx)),
  handle(benefitApi.totalBalance, (req) => getTotalBalance(req.ctx)),
  handle(benefitApi.programBalance, (req) => getProgramBalance(req.ctx, req.params.programUuid)),
  handle(benefitApi.programBenefits, (req) => getProgramBenefits(req.ctx, req.params.programUuid)),
  handle(benefitApi.detail, (req) => getBenefit(req.ctx, req.params.benefitUuid)),
  handle(benefitApi.update, (req) => updateBenefit(req.ctx, req.body)),
  handle(benefitApi.voidBenefit, (req) => voidBenefit(req.ctx, req.params.benefitUuid, req.body)),
  handle(benefitApi.importFile, async (req) =>
    importBenefitFile(
      req.ctx,
      await readUpload(req, {
        field: benefitApi.importFile.upload.field,
        tooLargeMessage: MESSAGES.BENEFIT_FILE_TOO_LARGE,
      }),
    ),
  ),
  handle(benefitApi.checkFile, async (req) =>
    checkBenefitFile(
      req.ctx,
      await readUpload(req, {
        field: benefitApi.checkFile.upload.field,
        tooLargeMessage: MESSAGES.BENEFIT_FILE_TOO_LARGE,
      }),
    ),
  ),
  handle(benefitApi.fileSample, async (req, reply) =>
    sendSample(reply, 'benefit-file-sample.csv', await benefitFileSample(requireCaller(req.ctx))),
  ),
]);
