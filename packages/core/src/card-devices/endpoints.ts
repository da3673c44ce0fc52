import { endpoint, JSON_BODY_LIMIT, privileges, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  CardDeviceCardParams,
  CardDeviceList,
  CardDeviceParams,
  CardDeviceRegistered,
  RegisterCardDeviceBody,
} from './schemas.js';

// Card devices (decision 0108): the phones that may make pay codes for a card. The recipient registers a phone's
// public key on their own Active card and removes phones; staff who may see the recipient's PANs list and remove them
// (the PANs page's scope: 404 outside it). A card reported lost or stolen, or statused Lost, Stolen or Inactive, loses
// its phones in the same transaction (modules/pans).

const tags = ['card-devices'];
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);

export const register = endpoint({
  method: 'POST',
  path: '/account-api/pans/currentuser/:panId/devices',
  operationId: 'registerCardDevice',
  tags,
  summary:
    "Register this phone's public key (ECDSA P-256, SPKI in base64url) to make pay codes for one of the recipient's " +
    'own Active cards, audited; 400 a key that is not P-256, 404 not their Active card, 422 when the card already ' +
    'has the most phones it may have',
  access: RECIPIENT,
  params: CardDeviceCardParams,
  body: RegisterCardDeviceBody,
  bodyLimit: JSON_BODY_LIMIT,
  status: 201,
  answer: CardDeviceRegistered,
  returns: "The phone's uuid, which its pay codes carry, its name and when it was registered",
  refusals: [400, 401, 403, 404, 422],
});

export const listOwn = endpoint({
  method: 'GET',
  path: '/account-api/pans/currentuser/:panId/devices',
  operationId: 'listOwnCardDevices',
  tags,
  summary: "The phones that may make pay codes for one of the recipient's own cards; 404 not their card",
  access: RECIPIENT,
  params: CardDeviceCardParams,
  answer: CardDeviceList,
  returns: "The card's active phones, oldest first",
  refusals: REFUSED.record,
});

export const removeOwn = endpoint({
  method: 'DELETE',
  path: '/account-api/pans/currentuser/:panId/devices/:deviceUuid',
  operationId: 'removeOwnCardDevice',
  tags,
  summary: "Remove a phone from one of the recipient's own cards: its pay codes are refused from then on; audited",
  access: RECIPIENT,
  params: CardDeviceParams,
  format: 'none',
  status: 204,
  returns: 'Nothing: the phone is removed',
  refusals: REFUSED.record,
});

export const list = endpoint({
  method: 'GET',
  path: '/account-api/pans/:panId/devices',
  operationId: 'listCardDevices',
  tags,
  summary: "The phones that may make pay codes for a recipient's PAN; 404 missing or outside the caller's scope",
  access: STAFF,
  params: CardDeviceCardParams,
  answer: CardDeviceList,
  returns: "The PAN's active phones, oldest first",
  refusals: REFUSED.record,
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/account-api/pans/:panId/devices/:deviceUuid',
  operationId: 'removeCardDevice',
  tags,
  summary:
    "Remove a phone from a recipient's PAN, audited; the recipient is told; 404 missing or outside the caller's scope",
  access: STAFF,
  params: CardDeviceParams,
  format: 'none',
  status: 204,
  returns: 'Nothing: the phone is removed',
  refusals: REFUSED.record,
});
