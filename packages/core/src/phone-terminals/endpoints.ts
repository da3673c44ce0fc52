import { z } from 'zod';
import { endpoint, JSON_BODY_LIMIT, REFUSED } from '../contract/index.js';
import { FARMER } from '../farmer/access.js';
import { MAX_ACTIVE_TERMINALS } from '../terminals/schemas.js';
import {
  Phone,
  PhoneMerchantParams,
  PhoneParams,
  PhoneRemoved,
  RegisteredPhone,
  RegisterPhoneBody,
} from './schemas.js';

// The farmer user's phone as a terminal (decision 0110): farmer users only (MERCHANT_ACCESS), and only for the
// merchants they sell for; another merchant answers 404 like a missing one. The phone then calls the transaction
// engine (posApi) with the credential answered here, as any terminal.

const tags = ['farmer'];

export const register = endpoint({
  method: 'POST',
  path: '/merchant-api/farmer/merchants/:merchantUuid/phones',
  operationId: 'registerFarmerPhone',
  tags,
  summary:
    'Register this phone as a terminal of one of the caller’s merchants (kind phone): a new terminalId and a random ' +
    `secret, answered this once; at most ${MAX_ACTIVE_TERMINALS} active terminals per merchant (409)`,
  access: FARMER,
  params: PhoneMerchantParams,
  body: RegisterPhoneBody,
  bodyLimit: JSON_BODY_LIMIT,
  status: 201,
  answer: RegisteredPhone,
  returns: 'The phone’s credential, its secret shown this once',
  refusals: REFUSED.change,
});

export const list = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer/phones',
  operationId: 'listFarmerPhones',
  tags,
  summary: 'The phones registered as terminals of the caller’s merchants, active first (never their secrets)',
  access: FARMER,
  answer: z.array(Phone),
  returns: 'The phones of the caller’s merchants',
  refusals: [401, 403],
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/merchant-api/farmer/merchants/:merchantUuid/phones/:terminalId',
  operationId: 'removeFarmerPhone',
  tags,
  summary:
    'Remove a phone of one of the caller’s merchants: the engine refuses it at its next call (final; removing ' +
    'again answers the same); a staff-issued terminal is not found here',
  access: FARMER,
  params: PhoneParams,
  answer: PhoneRemoved,
  returns: 'The phone removed',
  refusals: REFUSED.record,
});
