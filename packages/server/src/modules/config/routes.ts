import { CONFIG_MESSAGES, configApi } from '@ebt/core/config';
import { AppError } from '../../platform/errors.js';
import { handle, routeTable } from '../../platform/routes.js';
import { addConfigValue, deleteConfigValue, updateConfigValue } from './change.js';
import { getConfigKey, listConfig } from './list.js';

// Configuration keys and their values: each contract of @ebt/core/config (configApi) bound to its use case.
// platform/config-values.ts reads the values the product uses.
export default routeTable([
  handle(configApi.list, (req) => listConfig(req.ctx)),
  handle(configApi.history, (req) => getConfigKey(req.ctx, req.params.key)),
  handle(configApi.add, (req) => addConfigValue(req.ctx, req.body)),
  handle(configApi.update, (req) => updateConfigValue(req.ctx, req.body)),
  handle(configApi.remove, (req) => {
    const configKey = req.body?.configKey ?? req.query.configKey;
    const effectiveDate = req.body?.effectiveDate ?? req.query.effectiveDate;
    if (!configKey) throw AppError.badRequest(CONFIG_MESSAGES.CONFIG_KEY_REQUIRED, 'configKey');
    if (!effectiveDate) throw AppError.badRequest(CONFIG_MESSAGES.CONFIG_DATE_REQUIRED, 'effectiveDate');
    return deleteConfigValue(req.ctx, { configKey, effectiveDate });
  }),
]);
