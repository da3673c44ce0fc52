import { z } from 'zod';
import {
  BENEFIT_EXPORT_ROW_CAP,
  BenefitDetail,
  BenefitExportQuery,
  BenefitOptionTypeAnswer,
  BenefitParams,
  BenefitSearchPage,
  BenefitSearchQuery,
  FundingSourceOption,
  IssueBenefitBody,
  OptionTypeParams,
  ProgramBalance,
  ProgramParams,
  RecipientProgramParams,
  TotalBalance,
  UpdateBenefitBody,
  VoidBenefitBody,
} from '@ebt/core/benefits';
import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE, STAFF_PRIVILEGES } from '@ebt/core/privileges';
import { privileges, STAFF } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { registerExportRoute } from '../../platform/search.js';
import { getBenefit, updateBenefit, voidBenefit } from './change.js';
import { issueBenefit } from './issue.js';
import { getBenefitOptionType, getFundingSources } from './lookups.js';
import { getBalances, getProgramBalance, getProgramBenefits, getTotalBalance } from './recipient.js';
import { exportBenefits, searchBenefits } from './search.js';

// Benefits (part 1 §7 "Benefits"; resolutions 1, 12, 13; docs/decisions/0010). Staff routes are scoped by the
// services (program admins: their programs; agency staff: their agencies); a benefit outside the scope answers 404
// like a missing one. The recipient routes read only the caller's own accounts.
const tags = ['benefits'];
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);
/** The search serves the staff screens and the recipient portal (resolution 12: one shape, recipients see their own). */
const STAFF_OR_RECIPIENT = privileges(...STAFF_PRIVILEGES, PRIVILEGE.RECIPIENT_ACCESS);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/benefit-api/funding-sources/:programUuid',
    {
      schema: {
        tags,
        summary: "A program's funding sources; 404 'No funding sources defined for the program.' when it has none",
        params: ProgramParams,
        response: { 200: z.array(FundingSourceOption), ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => getFundingSources(req.ctx, req.params.programUuid),
  );

  app.get(
    '/benefit-api/benefit-option-type/:id',
    {
      schema: {
        tags,
        summary: 'A benefit option type and its active options (the issue form dropdown)',
        params: OptionTypeParams,
        response: { 200: BenefitOptionTypeAnswer, ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => getBenefitOptionType(req.ctx, req.params.id),
  );

  app.post(
    '/benefit-api/benefit',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Issue a benefit (every rule of the issue form re-checked); AUTO-GENERATED on an Incentive benefit gets a generated authorization number',
        body: IssueBenefitBody,
        response: { 201: BenefitDetail, ...refusals, 409: ErrorBody, 422: ErrorBody },
      },
      config: { access: STAFF },
    },
    async (req, reply) => reply.status(201).send(await issueBenefit(req.ctx, req.body)),
  );

  app.get(
    '/benefit-api/benefit',
    {
      schema: {
        tags,
        summary:
          'Search benefits, newest available date first (page zero-based, pageSize default 10, at most 2000); recipients get only their own',
        querystring: BenefitSearchQuery,
        response: { 200: BenefitSearchPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF_OR_RECIPIENT },
    },
    (req) => searchBenefits(req.ctx, req.query),
  );

  registerExportRoute(
    app,
    '/benefit-api/benefit/export',
    { tags, querystring: BenefitExportQuery, access: STAFF, cap: BENEFIT_EXPORT_ROW_CAP },
    exportBenefits,
  );

  app.get(
    '/benefit-api/benefit/balances',
    {
      schema: {
        tags,
        summary: "The recipient's balance per program: spendable today (totalAmount) and not yet available",
        response: { 200: z.array(ProgramBalance), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => getBalances(req.ctx),
  );

  app.get(
    '/benefit-api/benefit/balance',
    {
      schema: {
        tags,
        summary: "The recipient's balance over all their programs",
        response: { 200: TotalBalance, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => getTotalBalance(req.ctx),
  );

  app.get(
    '/benefit-api/benefit/program/:programUuid/balance',
    {
      schema: {
        tags,
        summary: "The recipient's balance in one program; 404 when they have no account there",
        params: RecipientProgramParams,
        response: { 200: ProgramBalance, ...refusals },
      },
      config: { access: RECIPIENT },
    },
    (req) => getProgramBalance(req.ctx, req.params.programUuid),
  );

  app.get(
    '/benefit-api/benefit/program/:programUuid',
    {
      schema: {
        tags,
        summary: "The recipient's benefits in one program, newest first (at most 1000)",
        params: RecipientProgramParams,
        response: { 200: BenefitSearchPage, ...refusals },
      },
      config: { access: RECIPIENT },
    },
    (req) => getProgramBenefits(req.ctx, req.params.programUuid),
  );

  app.get(
    '/benefit-api/benefit/:benefitUuid',
    {
      schema: {
        tags,
        summary: "One benefit; 404 when missing or outside the caller's scope",
        params: BenefitParams,
        response: { 200: BenefitDetail, ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => getBenefit(req.ctx, req.params.benefitUuid),
  );

  app.put(
    '/benefit-api/benefit',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Edit an ISSUED benefit (balance, dates, authorization number, funding, type, incentive, option, note, notified); a stale lastUpdatedDate answers 409',
        body: UpdateBenefitBody,
        response: { 200: BenefitDetail, ...refusals, 409: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => updateBenefit(req.ctx, req.body),
  );

  app.patch(
    '/benefit-api/benefit/:benefitUuid',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Void an ISSUED benefit: benefitStatus VOIDED or VOID (resolution 1); any other status answers 409',
        params: BenefitParams,
        body: VoidBenefitBody,
        response: { 200: BenefitDetail, ...refusals, 409: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => voidBenefit(req.ctx, req.params.benefitUuid, req.body),
  );
});
