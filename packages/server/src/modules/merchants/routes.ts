import { MESSAGES } from '@ebt/core/messages';
import { merchantApi } from '@ebt/core/merchants';
import { requireCaller } from '../../platform/context.js';
import { readUpload } from '../../platform/file-import.js';
import { sendSample } from '../../platform/import-sample.js';
import { handle, routeTable } from '../../platform/routes.js';
import { exportHandler } from '../../platform/search.js';
import { addMerchant } from './add.js';
import { revealBankInfo, updateBankInfo } from './bank-info.js';
import { changeMerchantProgramStatus, changeMerchantStatus, updateMerchant } from './change.js';
import { getMerchant, getMerchantMappings } from './detail.js';
import { geocodeLocation } from './geocode.js';
import { checkMerchantFile, importMerchantFile } from './import.js';
import { merchantFileSample } from './import-sample.js';
import { merchantLocator } from './locator.js';
import { startLocator } from './locator-start.js';
import { listTaxClasses, listTinTypes } from './lookups.js';
import { exportMerchants, searchMerchants, searchOwnMerchants } from './search.js';
import { issueTerminal, listTerminals, revokeTerminal } from './terminals.js';

// Merchants: each contract of @ebt/core/merchants (merchantApi) bound to its use case.
export default routeTable([
  handle(merchantApi.search, (req) => searchMerchants(req.ctx, req.query)),
  handle(merchantApi.exportSearch, exportHandler(exportMerchants)),
  handle(merchantApi.ownSearch, (req) => searchOwnMerchants(req.ctx, req.query)),
  handle(merchantApi.detail, (req) => getMerchant(req.ctx, req.params.id)),
  handle(merchantApi.locator, (req) => merchantLocator(req.ctx, req.query)),
  handle(merchantApi.locatorStart, (req) => startLocator(req.ctx, req.query)),
  handle(merchantApi.geocode, (req) => geocodeLocation(req.ctx, req.query)),
  handle(merchantApi.saveBankInfo, (req) => updateBankInfo(req.ctx, req.body)),
  handle(merchantApi.revealBankInfo, (req) => revealBankInfo(req.ctx, req.params.id)),
  handle(merchantApi.mappings, (req) => getMerchantMappings(req.ctx, req.params.id)),
  handle(merchantApi.taxClasses, () => listTaxClasses()),
  handle(merchantApi.tinTypes, () => listTinTypes()),
  handle(merchantApi.add, (req) => addMerchant(req.ctx, req.body)),
  handle(merchantApi.update, (req) => updateMerchant(req.ctx, req.body)),
  handle(merchantApi.setStatus, (req) => changeMerchantStatus(req.ctx, req.params.id, req.body)),
  handle(merchantApi.setProgramStatus, (req) => changeMerchantProgramStatus(req.ctx, req.params)),
  handle(merchantApi.terminals, (req) => listTerminals(req.ctx, req.params.id)),
  handle(merchantApi.issueTerminal, (req) => issueTerminal(req.ctx, req.params.id, req.body)),
  handle(merchantApi.revokeTerminal, (req) => revokeTerminal(req.ctx, req.params.id, req.params.terminalId)),
  handle(merchantApi.importFile, async (req) =>
    importMerchantFile(
      req.ctx,
      await readUpload(req, {
        field: merchantApi.importFile.upload.field,
        tooLargeMessage: MESSAGES.MERCHANT_FILE_TOO_LARGE,
      }),
    ),
  ),
  handle(merchantApi.checkFile, async (req) =>
    checkMerchantFile(
      req.ctx,
      await readUpload(req, {
        field: merchantApi.checkFile.upload.field,
        tooLargeMessage: MESSAGES.MERCHANT_FILE_TOO_LARGE,
      }),
    ),
  ),
  handle(merchantApi.fileSample, async (req, reply) =>
    sendSample(reply, 'merchant-file-sample.csv', await merchantFileSample(requireCaller(req.ctx))),
  ),
]);
