import { endpoint, JSON_BODY_LIMIT, privileges, REFUSED } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  AddConfigBody,
  ConfigChangeAnswer,
  ConfigHistory,
  ConfigKeyParams,
  ConfigList,
  DeleteConfigBody,
  DeleteConfigQuery,
  UpdateConfigBody,
} from './schemas.js';

// Configuration keys and their values by effective date (B§2 "Admin configuration", B§4, B§5, B§7, B§8; resolution
// 21). Platform administrators only. The values the product reads are listed in docs/configuration.md.

const tags = ['config'];
const ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);

export const list = endpoint({
  method: 'GET',
  path: '/admin-api/config',
  operationId: 'listConfig',
  tags,
  summary: 'Every key with the value in effect today (or its first future value), by key',
  access: ADMIN,
  answer: ConfigList,
  returns: 'Every key with its current (or first future) value',
  refusals: [401, 403],
});

export const history = endpoint({
  method: 'GET',
  path: '/admin-api/config/:key',
  operationId: 'getConfigKey',
  tags,
  summary: "A key's values, newest effective date first; 404 for an unknown key",
  access: ADMIN,
  params: ConfigKeyParams,
  answer: ConfigHistory,
  returns: "The key's values, newest effective date first",
  refusals: REFUSED.record,
});

export const add = endpoint({
  method: 'POST',
  path: '/admin-api/config',
  operationId: 'addConfigValue',
  tags,
  summary: 'Add a value to a key (or a new key): effectiveDate today or later; 409 when the key has a value that day',
  access: ADMIN,
  body: AddConfigBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: ConfigChangeAnswer,
  returns: 'A message saying the value was added',
  refusals: REFUSED.change,
});

export const update = endpoint({
  method: 'PUT',
  path: '/admin-api/config',
  operationId: 'updateConfigValue',
  tags,
  summary: "Change a future value's text and, with newEffectiveDate, its date; 409 for a value dated today or earlier",
  access: ADMIN,
  body: UpdateConfigBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: ConfigChangeAnswer,
  returns: 'A message saying the value was changed',
  refusals: REFUSED.change,
});

// The key and date may come in the body or as query parameters (resolution 21); the server takes the body's first.
export const remove = endpoint({
  method: 'DELETE',
  path: '/admin-api/config',
  operationId: 'deleteConfigValue',
  tags,
  summary:
    'Delete a future value: {configKey, effectiveDate} in the body or as query parameters (resolution 21); 409 ' +
    'for a value dated today or earlier',
  access: ADMIN,
  query: DeleteConfigQuery,
  body: DeleteConfigBody.partial().nullish(),
  bodyLimit: JSON_BODY_LIMIT,
  answer: ConfigChangeAnswer,
  returns: 'A message saying the value was deleted',
  refusals: REFUSED.change,
});
