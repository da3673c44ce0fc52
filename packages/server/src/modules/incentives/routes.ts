import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import {
  IncentiveHeadroomList,
  AddIncentiveBody,
  AddRecipientIncentiveBody,
  Incentive,
  IncentiveFundingOption,
  IncentiveFundingParams,
  IncentiveListAnswer,
  IncentiveListQuery,
  IncentiveParams,
  IncentiveProgramOption,
  IncentiveSaved,
  RecipientIncentiveAnswer,
  RecipientIncentiveList,
  RecipientIncentiveParams,
  RecipientIncentiveReadParams,
  RecipientIncentiveSaved,
  UpdateIncentiveBody,
  UpdateRecipientIncentiveBody,
} from '@ebt/core/incentives';
import { PRIVILEGE } from '@ebt/core/privileges';
import { privileges, STAFF } from '../../platform/access.js';
import { defineRoutes } from '../../platform/routes.js';
import { addIncentive } from './add.js';
import { changeIncentive } from './change.js';
import { getIncentive } from './detail.js';
import { enrolRecipient } from './enrol.js';
import { currentRecipientHeadroom } from './headroom.js';
import { changeEnrolment, removeEnrolment } from './enrolment-change.js';
import { currentRecipientIncentives, readRecipientIncentives } from './enrolments.js';
import { listIncentiveFunding, listIncentivePrograms } from './lookups.js';
import { listIncentives } from './search.js';

// Incentives (B§2 "Admin incentives", "Recipient incentives"; B§5; B§7 "Incentives"; part 1 §2, §7;
// docs/decisions/0040-incentive-definitions.md, 0041-recipient-incentive-enrolment.md). Staff read the definitions of
// their programs (the benefit issue form, the program view); only platform administrators (NDGADMIN_ACCESS) add and
// change them. Staff enrol the recipients they may see (agency staff: their agencies' recipients); a recipient reads
// their own enrolments.

const tags = ['incentives'];
const ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export default defineRoutes((app) => {
  app.get(
    '/account-api/incentive',
    {
      schema: {
        tags,
        summary:
          "Incentive definitions of the caller's programs (optional programUuid): a page of the admin list with page " +
          '(zero-based) and pageSize (default 10), else the whole list',
        querystring: IncentiveListQuery,
        response: { 200: IncentiveListAnswer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => listIncentives(req.ctx, req.query),
  );

  app.post(
    '/account-api/incentive',
    {
      schema: {
        tags,
        summary: "Add an incentive: 'New incentive added.'; 409 when the name is taken in the program",
        body: AddIncentiveBody,
        response: { 200: IncentiveSaved, ...refusals, 409: ErrorBody },
      },
      config: { access: ADMIN },
    },
    (req) => addIncentive(req.ctx, req.body),
  );

  app.get(
    '/account-api/incentive/programs',
    {
      schema: {
        tags,
        summary: 'The programs an incentive may be defined for (B§3 "Program option")',
        response: { 200: z.array(IncentiveProgramOption), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => listIncentivePrograms(req.ctx),
  );

  app.get(
    '/account-api/incentive/programs/:programId/funding',
    {
      schema: {
        tags,
        summary: "A program's funding sources; 404 for a program outside the caller's scope",
        params: IncentiveFundingParams,
        response: { 200: z.array(IncentiveFundingOption), ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => listIncentiveFunding(req.ctx, req.params.programId),
  );

  app.get(
    '/account-api/incentive/recipient-incentive/currentrecipient',
    {
      schema: {
        tags,
        summary: "The signed-in recipient's enrolments, newest start first",
        response: { 200: RecipientIncentiveList, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => currentRecipientIncentives(req.ctx),
  );

  app.get(
    '/account-api/incentive/recipient-incentive/currentrecipient/headroom',
    {
      schema: {
        tags,
        summary: "What the signed-in recipient's enrolments have earned today and this month, and what the caps leave",
        response: { 200: IncentiveHeadroomList, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => currentRecipientHeadroom(req.ctx),
  );

  app.get(
    '/account-api/incentive/recipient-incentive/:id',
    {
      schema: {
        tags,
        summary:
          "A recipient account's uuid: its enrolments, newest start first; an enrolment's id: that enrolment " +
          '(404 for a recipient the caller may not see)',
        params: RecipientIncentiveReadParams,
        response: { 200: RecipientIncentiveAnswer, ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => readRecipientIncentives(req.ctx, req.params.id),
  );

  app.post(
    '/account-api/incentive/recipient-incentive',
    {
      schema: {
        tags,
        summary: "Enrol a recipient: 'Recipient incentive added.'; 409 when it overlaps an enrolment in the incentive",
        body: AddRecipientIncentiveBody,
        response: { 200: RecipientIncentiveSaved, ...refusals, 409: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => enrolRecipient(req.ctx, req.body),
  );

  app.put(
    '/account-api/incentive/recipient-incentive/:id',
    {
      schema: {
        tags,
        summary:
          "Change an enrolment's dates (both before it starts, the end after): 'Recipient incentive updated.'; 409 " +
          'once it has ended or when it would overlap',
        params: RecipientIncentiveParams,
        body: UpdateRecipientIncentiveBody,
        response: { 200: RecipientIncentiveSaved, ...refusals, 409: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => changeEnrolment(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/account-api/incentive/recipient-incentive/:id',
    {
      schema: {
        tags,
        summary: "Delete an enrolment that has not started: 'Recipient incentive deleted.'; 409 once it has",
        params: RecipientIncentiveParams,
        response: { 200: RecipientIncentiveSaved, ...refusals, 409: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => removeEnrolment(req.ctx, req.params.id),
  );

  app.get(
    '/account-api/incentive/:id',
    {
      schema: {
        tags,
        summary: 'One incentive definition',
        params: IncentiveParams,
        response: { 200: Incentive, ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => getIncentive(req.ctx, req.params.id),
  );

  app.put(
    '/account-api/incentive/:id',
    {
      schema: {
        tags,
        summary: "Update an incentive: 'Incentive updated.'; the program cannot change; 409 when the name is taken",
        params: IncentiveParams,
        body: UpdateIncentiveBody,
        response: { 200: IncentiveSaved, ...refusals, 409: ErrorBody },
      },
      config: { access: ADMIN },
    },
    (req) => changeIncentive(req.ctx, req.params.id, req.body),
  );
});
