import { BalanceInquiryBody, PosAnswer, PurchaseBody, RefundBody, ReversalBody } from '@ebt/core/pos';
import { TERMINAL } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { balanceInquiry } from './balance-inquiry.js';
import { terminalCredentials } from './credentials.js';
import { purchase } from './purchase.js';
import { refund } from './refund.js';
import { reversal } from './reversal.js';

// The transaction engine's API (issue 20; docs/transaction-engine.md): point-of-sale terminals call it with HTTP
// Basic (terminal id and secret, decision 0042). A well-formed call is answered 200 with a response code, approved or
// declined, and recorded; a malformed one is a 400 that writes nothing; bad credentials are a 401.

const TAGS = ['Transaction engine'];

export default defineRoutes((app) => {
  const config = { access: TERMINAL };
  const schema = <B>(summary: string, body: B) => ({
    tags: TAGS,
    summary,
    security: [{ terminalBasic: [] }],
    body,
    response: { 200: PosAnswer },
  });

  app.post(
    '/transaction-api/pos/purchase',
    {
      config,
      bodyLimit: JSON_BODY_LIMIT,
      schema: schema('Purchase: debits the card’s benefits oldest expiring first and accrues incentives', PurchaseBody),
    },
    async (request) => purchase(request.ctx, terminalCredentials(request), request.body),
  );
  app.post(
    '/transaction-api/pos/refund',
    {
      config,
      bodyLimit: JSON_BODY_LIMIT,
      schema: schema('Refund: gives back part or all of an approved purchase of the merchant', RefundBody),
    },
    async (request) => refund(request.ctx, terminalCredentials(request), request.body),
  );
  app.post(
    '/transaction-api/pos/reversal',
    {
      config,
      bodyLimit: JSON_BODY_LIMIT,
      schema: schema('Reversal: undoes a purchase or refund of this terminal within the window', ReversalBody),
    },
    async (request) => reversal(request.ctx, terminalCredentials(request), request.body),
  );
  app.post(
    '/transaction-api/pos/balance-inquiry',
    {
      config,
      bodyLimit: JSON_BODY_LIMIT,
      schema: schema('Balance inquiry: the card’s spendable balance and soonest expiry', BalanceInquiryBody),
    },
    async (request) => balanceInquiry(request.ctx, terminalCredentials(request), request.body),
  );
});
