import { endpoint, JSON_BODY_LIMIT, TERMINAL } from '../contract/index.js';
import { BalanceInquiryBody, PosAnswer, PurchaseBody, RefundBody, ReversalBody } from './schemas.js';

// The transaction engine (docs/transaction-engine.md): point-of-sale terminals call it with HTTP Basic (terminal id
// and secret). A well-formed call is answered 200 with a response code, approved or declined, and recorded; a
// malformed one is a 400 that writes nothing; bad credentials are a 401. A retry (the same call under the same trace
// number) answers the first call's answer and changes nothing.

const tags = ['Transaction engine'];

export const purchase = endpoint({
  method: 'POST',
  path: '/transaction-api/pos/purchase',
  operationId: 'authorizePurchase',
  tags,
  summary: 'Purchase: debits the card’s benefits oldest expiring first and accrues incentives',
  access: TERMINAL,
  body: PurchaseBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: PosAnswer,
  returns: 'The response code, approved or declined, with the benefits debited and the incentives earned',
  refusals: [400, 401],
});

export const refund = endpoint({
  method: 'POST',
  path: '/transaction-api/pos/refund',
  operationId: 'authorizeRefund',
  tags,
  summary: 'Refund: gives back part or all of an approved purchase of the merchant',
  access: TERMINAL,
  body: RefundBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: PosAnswer,
  returns: 'The response code, approved or declined, with the benefits credited and the incentives taken back',
  refusals: [400, 401],
});

export const reversal = endpoint({
  method: 'POST',
  path: '/transaction-api/pos/reversal',
  operationId: 'reverseTransaction',
  tags,
  summary: 'Reversal: undoes a purchase or refund of this terminal within the window',
  access: TERMINAL,
  body: ReversalBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: PosAnswer,
  returns: 'The response code, approved or declined, with what the reversal moved back',
  refusals: [400, 401],
});

export const balanceInquiry = endpoint({
  method: 'POST',
  path: '/transaction-api/pos/balance-inquiry',
  operationId: 'inquireBalance',
  tags,
  summary: 'Balance inquiry: the card’s spendable balance and soonest expiry',
  access: TERMINAL,
  body: BalanceInquiryBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: PosAnswer,
  returns: 'The response code with the card’s spendable balance and soonest expiry',
  refusals: [400, 401],
});
