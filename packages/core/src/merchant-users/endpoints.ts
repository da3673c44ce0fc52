import { endpoint, JSON_BODY_LIMIT, privileges, REFUSED } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  InviteMerchantUserBody,
  MerchantUserInvited,
  MerchantUserList,
  MerchantUserMessage,
  MerchantUserParams,
  MerchantUsersParams,
} from './schemas.js';

// The people who sell for a merchant (farmer users, role 7; decision 0109): staff list them on the merchant's detail
// page, invite them and disable them. The merchant must be in the caller's scope (404 like a missing one, as every
// merchant endpoint). Inviting and disabling change what the caller's merchant holds, not the person (decision 0096's
// links); a new activation e-mail changes their login, so it needs every merchant the person sells for.

const tags = ['merchants'];
const MERCHANT_VIEW = privileges(PRIVILEGE.MERCHANT_VIEW);
const MERCHANT_UPDATE = privileges(PRIVILEGE.MERCHANT_UPDATE);

export const list = endpoint({
  method: 'GET',
  path: '/merchant-api/merchant/:id/users',
  operationId: 'listMerchantUsers',
  tags,
  summary:
    'The people who sell for a merchant, active first, with how many other merchants each sells for (never which); ' +
    'MERCHANT_VIEW; 404 out of scope',
  access: MERCHANT_VIEW,
  params: MerchantUsersParams,
  answer: MerchantUserList,
  returns: "The merchant's people, up to the cap",
  refusals: REFUSED.record,
});

export const invite = endpoint({
  method: 'POST',
  path: '/merchant-api/merchant/:id/users',
  operationId: 'inviteMerchantUser',
  tags,
  summary:
    'Invite a person to sell for the merchant: a new farmer user (Pending, username from the e-mail) with an ' +
    'activation e-mail; an existing farmer user with that e-mail is linked and told by e-mail; 409 for an e-mail of ' +
    'another role or a person already linked; MERCHANT_UPDATE',
  access: MERCHANT_UPDATE,
  params: MerchantUsersParams,
  body: InviteMerchantUserBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MerchantUserInvited,
  returns: "What the invitation did, with the person's username",
  refusals: REFUSED.change,
});

export const revoke = endpoint({
  method: 'DELETE',
  path: '/merchant-api/merchant/:id/users/:userUuid',
  operationId: 'revokeMerchantUser',
  tags,
  summary:
    'Disable a person for this merchant: their link is revoked (kept, with who and when) and they lose the merchant ' +
    'at their next request; their account and other merchants stay; MERCHANT_UPDATE',
  access: MERCHANT_UPDATE,
  params: MerchantUserParams,
  answer: MerchantUserMessage,
  returns: 'The link revoked',
  refusals: REFUSED.record,
});

export const resendActivation = endpoint({
  method: 'POST',
  path: '/merchant-api/merchant/:id/users/:userUuid/activation',
  operationId: 'resendMerchantUserActivation',
  tags,
  summary:
    'A new activation e-mail to a person of this merchant who has not activated yet; needs every merchant the person ' +
    "sells for in the caller's scope (404 otherwise); 409 once activated; MERCHANT_UPDATE",
  access: MERCHANT_UPDATE,
  params: MerchantUserParams,
  answer: MerchantUserMessage,
  returns: 'The activation e-mail queued',
  refusals: REFUSED.change,
  changesUser: true,
});
