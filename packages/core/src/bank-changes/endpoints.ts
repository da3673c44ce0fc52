import { endpoint, JSON_BODY_LIMIT, privileges, REFUSED } from '../contract/index.js';
import { FARMER } from '../farmer/access.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  BankChangeMessage,
  BankChangeRequest,
  BankChangeRequestBody,
  FarmerBankChange,
  FarmerBankChangeParams,
  FarmerBankChangeRequestParams,
  RefuseBankChangeBody,
  StaffBankChangeList,
  StaffBankChangeParams,
  StaffBankChangeRequestParams,
} from './schemas.js';

// Bank account change requests (docs/farmer-app.md, docs/settlement.md): a farmer asks for new numbers on their business page; staff with
// BANK_VIEW see the request on the merchant's page and confirm it (the numbers go into the merchant's bank account) or
// refuse it. Numbers are answered masked to their last four everywhere. A farmer's other merchant, or staff's merchant
// out of scope, answers 404 like a missing one.

const BANK_VIEW = privileges(PRIVILEGE.BANK_VIEW);

export const farmerRequest = endpoint({
  method: 'POST',
  path: '/merchant-api/farmer/merchants/:merchantUuid/bank-change-requests',
  operationId: 'requestFarmerBankChange',
  tags: ['farmer'],
  summary:
    'Ask staff to change the merchant\'s bank account; a request still pending is replaced (it becomes "withdrawn")',
  access: FARMER,
  params: FarmerBankChangeParams,
  body: BankChangeRequestBody,
  bodyLimit: JSON_BODY_LIMIT,
  status: 201,
  answer: BankChangeRequest,
  returns: 'The request, its numbers masked',
  refusals: REFUSED.change,
});

export const farmerLatest = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer/merchants/:merchantUuid/bank-change-requests',
  operationId: 'getFarmerBankChange',
  tags: ['farmer'],
  summary: "The merchant's pending bank change request, else its last decided one, numbers masked",
  access: FARMER,
  params: FarmerBankChangeParams,
  answer: FarmerBankChange,
  returns: 'The request, or null when there is none',
  refusals: REFUSED.record,
});

export const farmerWithdraw = endpoint({
  method: 'DELETE',
  path: '/merchant-api/farmer/merchants/:merchantUuid/bank-change-requests/:requestUuid',
  operationId: 'withdrawFarmerBankChange',
  tags: ['farmer'],
  summary: 'Withdraw a pending bank change request; 409 when staff already decided it',
  access: FARMER,
  params: FarmerBankChangeRequestParams,
  answer: BankChangeMessage,
  returns: 'The request withdrawn',
  refusals: REFUSED.change,
});

export const staffList = endpoint({
  method: 'GET',
  path: '/merchant-api/merchant/:id/bank-change-requests',
  operationId: 'listMerchantBankChanges',
  tags: ['merchants'],
  summary:
    "A merchant's bank change requests, newest first (the pending one and the last decided), masked; who asked and " +
    'who decided; BANK_VIEW; 404 out of scope',
  access: BANK_VIEW,
  params: StaffBankChangeParams,
  answer: StaffBankChangeList,
  returns: "The merchant's recent requests",
  refusals: REFUSED.record,
});

export const staffConfirm = endpoint({
  method: 'POST',
  path: '/merchant-api/merchant/:id/bank-change-requests/:requestUuid/confirm',
  operationId: 'confirmMerchantBankChange',
  tags: ['merchants'],
  summary:
    "Apply a pending request to the merchant's bank account (as a bank save, audited) and tell its farmer users; " +
    'BANK_VIEW; 409 when no longer pending',
  access: BANK_VIEW,
  params: StaffBankChangeRequestParams,
  answer: BankChangeMessage,
  returns: 'The new account applied',
  refusals: REFUSED.change,
});

export const staffRefuse = endpoint({
  method: 'POST',
  path: '/merchant-api/merchant/:id/bank-change-requests/:requestUuid/refuse',
  operationId: 'refuseMerchantBankChange',
  tags: ['merchants'],
  summary:
    'Refuse a pending request with a reason the farmer users are sent; the account stays as it is; BANK_VIEW; 409 ' +
    'when no longer pending',
  access: BANK_VIEW,
  params: StaffBankChangeRequestParams,
  body: RefuseBankChangeBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: BankChangeMessage,
  returns: 'The request refused',
  refusals: REFUSED.change,
});
