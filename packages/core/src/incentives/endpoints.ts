import { MY_HEADROOM_PATH } from '../early-reads/index.js';
import { z } from 'zod';
import { endpoint, privileges, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  AddIncentiveBody,
  AddRecipientIncentiveBody,
  Incentive,
  IncentiveFundingOption,
  IncentiveFundingParams,
  IncentiveHeadroomList,
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
} from './schemas.js';

// Incentives (B§2 "Admin incentives", "Recipient incentives"; B§5; B§7 "Incentives"; part 1 §2, §7;
// docs/decisions/0040-incentive-definitions.md, 0041-recipient-incentive-enrolment.md). Staff read the definitions of
// their programs (the benefit issue form, the program view); only platform administrators (NDGADMIN_ACCESS) add and
// change them. Staff enrol the recipients they may see (agency staff: their agencies' recipients); a recipient reads
// their own enrolments.

const tags = ['incentives'];
const ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);

// ---------------------------------------------------------------------------------------------------------------
// Definitions

export const list = endpoint({
  method: 'GET',
  path: '/account-api/incentive',
  operationId: 'listIncentives',
  tags,
  summary:
    "Incentive definitions of the caller's programs (optional programUuid): a page of the admin list with page " +
    '(zero-based) and pageSize (default 10), else the whole list',
  access: STAFF,
  query: IncentiveListQuery,
  answer: IncentiveListAnswer,
  returns: "The incentive definitions of the caller's programs: a page, or the whole list",
  refusals: REFUSED.list,
});

export const add = endpoint({
  method: 'POST',
  path: '/account-api/incentive',
  operationId: 'addIncentive',
  tags,
  summary: "Add an incentive: 'New incentive added.'; 409 when the name is taken in the program",
  access: ADMIN,
  body: AddIncentiveBody,
  answer: IncentiveSaved,
  returns: "The message and the new incentive's uuid",
  refusals: REFUSED.change,
});

export const programs = endpoint({
  method: 'GET',
  path: '/account-api/incentive/programs',
  operationId: 'listIncentivePrograms',
  tags,
  summary: 'The programs an incentive may be defined for (B§3 "Program option")',
  access: STAFF,
  answer: z.array(IncentiveProgramOption),
  returns: 'The programs an incentive may be defined for',
  refusals: [401, 403],
});

export const funding = endpoint({
  method: 'GET',
  path: '/account-api/incentive/programs/:programId/funding',
  operationId: 'listIncentiveFunding',
  tags,
  summary: "A program's funding sources; 404 for a program outside the caller's scope",
  access: STAFF,
  params: IncentiveFundingParams,
  answer: z.array(IncentiveFundingOption),
  returns: "The program's funding sources",
  refusals: REFUSED.record,
});

// ---------------------------------------------------------------------------------------------------------------
// Recipient enrolments

export const ownEnrolments = endpoint({
  method: 'GET',
  path: '/account-api/incentive/recipient-incentive/currentrecipient',
  operationId: 'listOwnRecipientIncentives',
  tags,
  summary: "The signed-in recipient's enrolments, newest start first",
  access: RECIPIENT,
  answer: RecipientIncentiveList,
  returns: "The signed-in recipient's enrolments",
  refusals: [401, 403],
});

export const ownHeadroom = endpoint({
  method: 'GET',
  path: MY_HEADROOM_PATH,
  operationId: 'getOwnIncentiveHeadroom',
  tags,
  summary: "What the signed-in recipient's enrolments have earned today and this month, and what the caps leave",
  access: RECIPIENT,
  answer: IncentiveHeadroomList,
  returns: "Each enrolment's earnings today and this month, and what its caps leave",
  refusals: [401, 403],
});

export const readEnrolments = endpoint({
  method: 'GET',
  path: '/account-api/incentive/recipient-incentive/:id',
  operationId: 'getRecipientIncentives',
  tags,
  summary:
    "A recipient account's uuid: its enrolments, newest start first; an enrolment's id: that enrolment " +
    '(404 for a recipient the caller may not see)',
  access: STAFF,
  params: RecipientIncentiveReadParams,
  answer: RecipientIncentiveAnswer,
  returns: "The recipient's enrolments, or the one enrolment named",
  refusals: REFUSED.record,
});

export const enrol = endpoint({
  method: 'POST',
  path: '/account-api/incentive/recipient-incentive',
  operationId: 'enrolRecipientIncentive',
  tags,
  summary: "Enrol a recipient: 'Recipient incentive added.'; 409 when it overlaps an enrolment in the incentive",
  access: STAFF,
  body: AddRecipientIncentiveBody,
  answer: RecipientIncentiveSaved,
  returns: "The message and the new enrolment's id",
  refusals: REFUSED.change,
});

export const changeEnrolment = endpoint({
  method: 'PUT',
  path: '/account-api/incentive/recipient-incentive/:id',
  operationId: 'updateRecipientIncentive',
  tags,
  summary:
    "Change an enrolment's dates (both before it starts, the end after): 'Recipient incentive updated.'; 409 " +
    'once it has ended or when it would overlap',
  access: STAFF,
  params: RecipientIncentiveParams,
  body: UpdateRecipientIncentiveBody,
  answer: RecipientIncentiveSaved,
  returns: "The message and the enrolment's id",
  refusals: REFUSED.change,
});

export const removeEnrolment = endpoint({
  method: 'DELETE',
  path: '/account-api/incentive/recipient-incentive/:id',
  operationId: 'deleteRecipientIncentive',
  tags,
  summary: "Delete an enrolment that has not started: 'Recipient incentive deleted.'; 409 once it has",
  access: STAFF,
  params: RecipientIncentiveParams,
  answer: RecipientIncentiveSaved,
  returns: "The message and the deleted enrolment's id",
  refusals: REFUSED.change,
});

// ---------------------------------------------------------------------------------------------------------------
// One definition

export const detail = endpoint({
  method: 'GET',
  path: '/account-api/incentive/:id',
  operationId: 'getIncentive',
  tags,
  summary: 'One incentive definition',
  access: STAFF,
  params: IncentiveParams,
  answer: Incentive,
  returns: 'The incentive definition',
  refusals: REFUSED.record,
});

export const update = endpoint({
  method: 'PUT',
  path: '/account-api/incentive/:id',
  operationId: 'updateIncentive',
  tags,
  summary: "Update an incentive: 'Incentive updated.'; the program cannot change; 409 when the name is taken",
  access: ADMIN,
  params: IncentiveParams,
  body: UpdateIncentiveBody,
  answer: IncentiveSaved,
  returns: "The message and the incentive's uuid",
  refusals: REFUSED.change,
});
