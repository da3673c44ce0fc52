import { z } from 'zod';
import { endpoint, exportEndpoint, REFUSED } from '../contract/index.js';
import { FARMER } from './access.js';
import {
  FARMER_SALES_EXPORT_CAP,
  FarmerBusiness,
  FarmerMerchant,
  FarmerMerchantParams,
  FarmerPayouts,
  FarmerSalesExportQuery,
  FarmerSalesPage,
  FarmerSalesQuery,
  FarmerStatementParams,
  FarmerStatementQuery,
  FarmerToday,
} from './schemas.js';

// The merchant portal of farmer users (docs/farmer-app.md): every endpoint is theirs alone (MERCHANT_ACCESS) and
// answers only the merchants they sell for; another merchant's record answers 404 like a missing one.

const tags = ['farmer'];

export const merchants = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer/merchants',
  operationId: 'listFarmerMerchants',
  tags,
  summary: 'The merchants the signed-in farmer user sells for, with their programs (incentives, PIN, time zone)',
  access: FARMER,
  answer: z.array(FarmerMerchant),
  returns: "The caller's merchants, by name",
  refusals: [401, 403],
});

export const today = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer/merchants/:merchantUuid/today',
  operationId: 'getFarmerToday',
  tags,
  summary:
    "The merchant's figures for today in its program's time zone (approved sales count and total, net), its last payout and any payout held now with the reason; 404 for a merchant the caller does not sell for",
  access: FARMER,
  params: FarmerMerchantParams,
  answer: FarmerToday,
  returns: "Today's figures, the last payout and the holds",
  refusals: REFUSED.record,
});

export const sales = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer/merchants/:merchantUuid/sales',
  operationId: 'searchFarmerSales',
  tags,
  summary:
    "The merchant's purchases, refunds and reversals, approved and declined, newest first, in a range of days (today by default), with the range's totals; cards by their last four digits",
  access: FARMER,
  params: FarmerMerchantParams,
  query: FarmerSalesQuery,
  answer: FarmerSalesPage,
  returns: 'One page of the sales and the totals of the range',
  refusals: REFUSED.record,
});

export const exportSales = exportEndpoint({
  path: '/merchant-api/farmer/merchants/:merchantUuid/sales/export',
  operationId: 'exportFarmerSales',
  tags,
  access: FARMER,
  params: FarmerMerchantParams,
  query: FarmerSalesExportQuery,
  cap: FARMER_SALES_EXPORT_CAP,
});

export const payouts = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer/merchants/:merchantUuid/payouts',
  operationId: 'listFarmerPayouts',
  tags,
  summary:
    "The merchant's settlements, newest first (batch, period, status, date paid, amount, transactions), and the money held now with the reason",
  access: FARMER,
  params: FarmerMerchantParams,
  answer: FarmerPayouts,
  returns: 'The payouts and the holds',
  refusals: REFUSED.record,
});

export const statement = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer/merchants/:merchantUuid/payouts/:batchUuid/statement.pdf',
  operationId: 'downloadFarmerStatement',
  tags,
  summary:
    "The merchant's settlement statement of a batch (the PDF staff download), in English or Spanish (`lang`; without it the caller's chosen language, else English); 404 for a batch that paid it nothing or a merchant the caller does not sell for",
  access: FARMER,
  params: FarmerStatementParams,
  query: FarmerStatementQuery,
  format: 'pdf',
  returns: "The merchant's statement of the batch as a PDF",
  refusals: REFUSED.record,
});

export const business = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer/merchants/:merchantUuid/business',
  operationId: 'getFarmerBusiness',
  tags,
  summary:
    "The merchant's business as the farmer sees it: programs (active or not), addresses, the bank account's last four digits",
  access: FARMER,
  params: FarmerMerchantParams,
  answer: FarmerBusiness,
  returns: "The merchant's programs, locations and masked bank account",
  refusals: REFUSED.record,
});
