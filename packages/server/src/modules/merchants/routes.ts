import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import {
  AddMerchantBody,
  MERCHANT_EXPORT_ROW_CAP,
  MerchantAdded,
  MerchantChangeAnswer,
  MerchantMappingParams,
  MerchantStatusBody,
  UpdateMerchantBody,
  MerchantDetail,
  MerchantExportQuery,
  MerchantParams,
  MerchantProgramMapping,
  MerchantSearchQuery,
  MerchantSearchResult,
  RecipientMerchantSearchQuery,
  GeocodePlace,
  GeocodeQuery,
  MerchantBankInfoBody,
  MerchantBankReveal,
  MerchantLocatorItem,
  MerchantLocatorQuery,
  TaxClassOption,
  TinTypeOption,
} from '@ebt/core/merchants';
import { PRIVILEGE } from '@ebt/core/privileges';
import { IssuedTerminal, IssueTerminalBody, MAX_ACTIVE_TERMINALS, Terminal, TerminalParams } from '@ebt/core/terminals';
import { privileges } from '../../platform/access.js';
import { defineRoutes } from '../../platform/routes.js';
import { registerExportRoute } from '../../platform/search.js';
import { addMerchant } from './add.js';
import { changeMerchantProgramStatus, changeMerchantStatus, updateMerchant } from './change.js';
import { getMerchant, getMerchantMappings } from './detail.js';
import { revealBankInfo, updateBankInfo } from './bank-info.js';
import { issueTerminal, listTerminals, revokeTerminal } from './terminals.js';
import { geocodeLocation } from './geocode.js';
import { merchantLocator } from './locator.js';
import merchantImportRoutes from './import-routes.js';
import { listTaxClasses, listTinTypes } from './lookups.js';
import { exportMerchants, searchMerchants, searchOwnMerchants } from './search.js';

// Merchants, the read side (B§2 "Merchants", B§7 "Merchants"; resolutions 10, 13, 14; docs/decisions/0020). Reading
// merchants needs MERCHANT_VIEW (decision 0003: B names no right for it; every staff role holds it by default), and the
// services scope every read to the merchants mapped to the caller's programs (platform admins: all); a merchant out
// of scope answers 404 like a missing one. Recipients may read one merchant's public fields (resolution 10).
const tags = ['merchants'];
const MERCHANT_VIEW = privileges(PRIVILEGE.MERCHANT_VIEW);
const MERCHANT_VIEW_OR_RECIPIENT = privileges(PRIVILEGE.MERCHANT_VIEW, PRIVILEGE.RECIPIENT_ACCESS);
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);
const MERCHANT_ADD = privileges(PRIVILEGE.MERCHANT_ADD);
const MERCHANT_UPDATE = privileges(PRIVILEGE.MERCHANT_UPDATE);
const BANK_VIEW = privileges(PRIVILEGE.BANK_VIEW);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const changeRefusals = { ...refusals, 409: ErrorBody };

export default defineRoutes((app) => {
  // The merchant file upload: a plugin of its own, so its multipart parsing stays in its scope (import-routes.ts).
  void app.register(merchantImportRoutes);

  app.get(
    '/merchant-api/merchants',
    {
      schema: {
        tags,
        summary:
          "Search the caller's merchants: merchantId (exact), merchantName (contains; a prefix under 3 characters), " +
          'fnsNumber (exact), email (prefix), programId; at least one is required; by name, at most pageSize ' +
          '(default 1000, at most 2000)',
        querystring: MerchantSearchQuery,
        response: { 200: MerchantSearchResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: MERCHANT_VIEW },
    },
    (req) => searchMerchants(req.ctx, req.query),
  );

  registerExportRoute(
    app,
    '/merchant-api/merchants/export',
    { tags, querystring: MerchantExportQuery, access: MERCHANT_VIEW, cap: MERCHANT_EXPORT_ROW_CAP },
    exportMerchants,
  );

  app.get(
    '/merchant-api/merchants/currentuser',
    {
      schema: {
        tags,
        summary:
          "The recipient's merchant search: active merchants of their programs by name, e-mail, city, state, phone (pageSize default 1000)",
        querystring: RecipientMerchantSearchQuery,
        response: { 200: MerchantSearchResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => searchOwnMerchants(req.ctx, req.query),
  );

  app.get(
    '/merchant-api/merchant/:id',
    {
      schema: {
        tags,
        summary:
          'One merchant by merchantUuid, answered by caller: tax and bank fields (masked to the last four) only with ' +
          'BANK_VIEW; recipients get the public fields of active merchants of their programs; 404 out of scope',
        params: MerchantParams,
        response: { 200: MerchantDetail, ...refusals },
      },
      config: { access: MERCHANT_VIEW_OR_RECIPIENT },
    },
    (req) => getMerchant(req.ctx, req.params.id),
  );

  // Bank info and the locator (docs/decisions/0022). The locator's static path wins over /merchant/:id in the router.
  app.get(
    '/merchant-api/merchant/locator',
    {
      schema: {
        tags,
        summary:
          "Active merchants with an active mapping to the caller's programs within 100 miles of the point, nearest " +
          'first, at most 200 (distance in miles, from the physical address)',
        querystring: MerchantLocatorQuery,
        response: { 200: z.array(MerchantLocatorItem), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: MERCHANT_VIEW_OR_RECIPIENT },
    },
    (req) => merchantLocator(req.ctx, req.query),
  );

  app.get(
    '/merchant-api/geocode',
    {
      schema: {
        tags,
        summary: "Places of the US ZIP gazetteer matching a ZIP code, 'City, ST' or a city name, best first, at most 5",
        querystring: GeocodeQuery,
        response: { 200: z.array(GeocodePlace), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: MERCHANT_VIEW_OR_RECIPIENT },
    },
    (req) => geocodeLocation(req.ctx, req.query),
  );

  app.put(
    '/merchant-api/bank-info',
    {
      schema: {
        tags,
        summary:
          "Save a merchant's bank account and holder (B§5 bank rules); a number sent masked (****1234) keeps the " +
          'stored one; BANK_VIEW only',
        body: MerchantBankInfoBody,
        response: { 200: MerchantChangeAnswer, ...refusals },
      },
      config: { access: BANK_VIEW },
    },
    (req) => updateBankInfo(req.ctx, req.body),
  );

  app.get(
    '/merchant-api/merchant/:id/bank-info',
    {
      schema: {
        tags,
        summary:
          "The merchant's account, routing and tax numbers in clear, for editing; BANK_VIEW only; each read is audited",
        params: MerchantParams,
        response: { 200: MerchantBankReveal, ...refusals },
      },
      config: { access: BANK_VIEW },
    },
    (req) => revealBankInfo(req.ctx, req.params.id),
  );

  app.get(
    '/merchant-api/merchant/:id/mapping',
    {
      schema: {
        tags,
        summary: "The merchant's program mappings in the caller's programs (statusId 1 Inactive, otherwise Active)",
        params: MerchantParams,
        response: { 200: z.array(MerchantProgramMapping), ...refusals },
      },
      config: { access: MERCHANT_VIEW },
    },
    (req) => getMerchantMappings(req.ctx, req.params.id),
  );

  app.get(
    '/merchant-api/tax-classes',
    {
      schema: {
        tags,
        summary: 'The tax classifications of the merchant form (B§9)',
        response: { 200: z.array(TaxClassOption), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: MERCHANT_VIEW },
    },
    () => listTaxClasses(),
  );

  app.get(
    '/merchant-api/tin-types',
    {
      schema: {
        tags,
        summary: 'The taxpayer id types of the merchant form: SSN and EIN (B§9)',
        response: { 200: z.array(TinTypeOption), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: MERCHANT_VIEW },
    },
    () => listTinTypes(),
  );

  // The write side (B§4, B§5 "Merchant form", B§7; docs/decisions/0021).
  app.post(
    '/merchant-api/merchant',
    {
      schema: {
        tags,
        summary:
          'Add a merchant mapped (active) to programId, with its three addresses and optional bank account; tax ' +
          'fields only with BANK_VIEW; 409 when the Merchant ID is taken',
        body: AddMerchantBody,
        response: { 200: MerchantAdded, ...changeRefusals },
      },
      config: { access: MERCHANT_ADD },
    },
    (req) => addMerchant(req.ctx, req.body),
  );

  app.put(
    '/merchant-api/merchant',
    {
      schema: {
        tags,
        summary:
          'Update a merchant (the whole form); without BANK_VIEW the tax fields are ignored; 409 when the Merchant ID ' +
          'is taken',
        body: UpdateMerchantBody,
        response: { 200: MerchantChangeAnswer, ...changeRefusals },
      },
      config: { access: MERCHANT_UPDATE },
    },
    (req) => updateMerchant(req.ctx, req.body),
  );

  app.patch(
    '/merchant-api/merchant/:id',
    {
      schema: {
        tags,
        summary: "Set a merchant's status: merchantStatusId 0 Active, 1 Inactive",
        params: MerchantParams,
        body: MerchantStatusBody,
        response: { 200: MerchantChangeAnswer, ...refusals },
      },
      config: { access: MERCHANT_UPDATE },
    },
    (req) => changeMerchantStatus(req.ctx, req.params.id, req.body),
  );

  app.put(
    '/merchant-api/merchant/:merchantUuid/:programId/:statusId',
    {
      schema: {
        tags,
        summary: "Set a merchant's mapping to one of the caller's programs: 0 Active, 1 Inactive",
        params: MerchantMappingParams,
        response: { 200: MerchantChangeAnswer, ...refusals },
      },
      config: { access: MERCHANT_UPDATE },
    },
    (req) => changeMerchantProgramStatus(req.ctx, req.params),
  );
  // Point-of-sale terminals (issue 20 item 1; decision 0042): the credentials the transaction engine takes.
  app.get(
    '/merchant-api/merchant/:id/terminals',
    {
      schema: {
        tags,
        summary: "A merchant's terminals, active first (never their secrets); MERCHANT_UPDATE; 404 out of scope",
        params: MerchantParams,
        response: { 200: z.array(Terminal), ...refusals },
      },
      config: { access: MERCHANT_UPDATE },
    },
    (req) => listTerminals(req.ctx, req.params.id),
  );

  app.post(
    '/merchant-api/merchant/:id/terminals',
    {
      schema: {
        tags,
        summary:
          'Issue a terminal: a new terminalId and a random secret, answered this once (stored as a hash); at most ' +
          `${MAX_ACTIVE_TERMINALS} active per merchant (409); MERCHANT_UPDATE`,
        params: MerchantParams,
        body: IssueTerminalBody,
        response: { 200: IssuedTerminal, ...changeRefusals },
      },
      config: { access: MERCHANT_UPDATE },
    },
    (req) => issueTerminal(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/merchant-api/merchant/:id/terminals/:terminalId',
    {
      schema: {
        tags,
        summary: 'Revoke a terminal at once (final; revoking again answers the same); MERCHANT_UPDATE',
        params: TerminalParams,
        response: { 200: MerchantChangeAnswer, ...refusals },
      },
      config: { access: MERCHANT_UPDATE },
    },
    (req) => revokeTerminal(req.ctx, req.params.id, req.params.terminalId),
  );
});
