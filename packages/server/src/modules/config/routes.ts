import { ErrorBody } from '@ebt/core/errors';
import {
  AddConfigBody,
  CONFIG_MESSAGES,
  ConfigChangeAnswer,
  ConfigHistory,
  ConfigKeyParams,
  ConfigList,
  DeleteConfigBody,
  DeleteConfigQuery,
  UpdateConfigBody,
} from '@ebt/core/config';
import { PRIVILEGE } from '@ebt/core/privileges';
import { privileges } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { addConfigValue, deleteConfigValue, updateConfigValue } from './change.js';
import { getConfigKey, listConfig } from './list.js';

// Configuration keys and their values by effective date (B§2 "Admin configuration", B§4, B§5, B§7, B§8; resolution
// 21; docs/decisions/0031). Platform administrators only. The values the product reads are listed in
// docs/configuration.md; platform/config-values.ts reads them.
const tags = ['config'];
const ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/admin-api/config',
    {
      schema: {
        tags,
        summary: 'Every key with the value in effect today (or its first future value), by key',
        response: { 200: ConfigList, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: ADMIN },
    },
    (req) => listConfig(req.ctx),
  );

  app.get(
    '/admin-api/config/:key',
    {
      schema: {
        tags,
        summary: "A key's values, newest effective date first; 404 for an unknown key",
        params: ConfigKeyParams,
        response: { 200: ConfigHistory, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { access: ADMIN },
    },
    (req) => getConfigKey(req.ctx, req.params.key),
  );

  app.post(
    '/admin-api/config',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Add a value to a key (or a new key): effectiveDate today or later; 409 when the key has a value that day',
        body: AddConfigBody,
        response: { 200: ConfigChangeAnswer, ...refusals },
      },
      config: { access: ADMIN },
    },
    (req) => addConfigValue(req.ctx, req.body),
  );

  app.put(
    '/admin-api/config',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Change a future value's text and, with newEffectiveDate, its date; 409 for a value dated today or earlier",
        body: UpdateConfigBody,
        response: { 200: ConfigChangeAnswer, ...refusals },
      },
      config: { access: ADMIN },
    },
    (req) => updateConfigValue(req.ctx, req.body),
  );

  app.delete(
    '/admin-api/config',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Delete a future value: {configKey, effectiveDate} in the body or as query parameters (resolution 21); 409 ' +
          'for a value dated today or earlier',
        querystring: DeleteConfigQuery,
        body: DeleteConfigBody.partial().nullish(),
        response: { 200: ConfigChangeAnswer, ...refusals },
      },
      config: { access: ADMIN },
    },
    (req) => {
      const configKey = req.body?.configKey ?? req.query.configKey;
      const effectiveDate = req.body?.effectiveDate ?? req.query.effectiveDate;
      if (!configKey) throw AppError.badRequest(CONFIG_MESSAGES.CONFIG_KEY_REQUIRED, 'configKey');
      if (!effectiveDate) throw AppError.badRequest(CONFIG_MESSAGES.CONFIG_DATE_REQUIRED, 'effectiveDate');
      return deleteConfigValue(req.ctx, { configKey, effectiveDate });
    },
  );
});
