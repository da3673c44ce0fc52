import { endpoint, JSON_BODY_LIMIT, privileges, PUBLIC, REFUSED } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  ApproveBody,
  ConfirmationBody,
  ConfirmationParams,
  ConfirmationSent,
  ConfirmBody,
  Confirmed,
  FarmerApplicationBody,
  FarmerApplicationSearchQuery,
  FarmerApplicationSearchResult,
  FarmerApplicationSettings,
  FarmerApplicationSettingsBody,
  FarmerApplicationStatusAnswer,
  FarmerApplicationSubmitted,
  FarmerApplicationUpdateBody,
  MoreInfoBody,
  OpenFarmerPrograms,
  ProgramUuidParams,
  RefuseBody,
  StaffApplicationParams,
  StaffDecision,
  StaffFarmerApplication,
  StaffFarmerPrograms,
  StatusParams,
} from './schemas.js';

// The farmers' online application (docs/farmer-applications.md): the public form, its one-time codes and the
// farmer's status link; the staff review of program staff with merchant rights; the program's settings, edited by
// platform administrators. Every public route is throttled per client address (429).

const tags = ['farmer-applications'];
const VIEW = privileges(PRIVILEGE.MERCHANT_VIEW);
const DECIDE = privileges(PRIVILEGE.MERCHANT_ADD);
const ADMIN = privileges(PRIVILEGE.NDGADMIN_ACCESS);

/** How a refused application names its fields: every problem at once, one errorMessages entry each. */
const FIELD_ERRORS =
  "A refusal lists every problem at once, one errorMessages entry each with its field: the body's path for what the " +
  'schema refuses (farmAddress.zipcode, bankAccount.confirmAccountNumber, answers.2.value); programIds for a program ' +
  'not taking applications (NOT_TAKING); answers.<programId>.<key> for a question of a program left unanswered, ' +
  'answered otherwise than yes or no, or no longer asked (ANSWER_REQUIRED, ANSWER_YES_NO, QUESTION_UNKNOWN); ' +
  "signature when it is not the contact's full name (SIGNATURE_NOT_CONTACT).";

export const openPrograms = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer-application/programs',
  operationId: 'listOpenFarmerPrograms',
  tags,
  summary: "The enabled programs taking farmer applications today, with today's questions and their agreement",
  access: PUBLIC,
  answer: OpenFarmerPrograms,
  returns: 'The programs a farmer may apply to',
  refusals: [429],
});

export const sendCodes = endpoint({
  method: 'POST',
  path: '/merchant-api/farmer-application/confirmations',
  operationId: 'sendFarmerApplicationCodes',
  tags,
  summary: 'Send a one-time code to the e-mail and one by text to the mobile phone; 10 minutes, 5 tries',
  access: PUBLIC,
  body: ConfirmationBody,
  bodyLimit: JSON_BODY_LIMIT,
  status: 201,
  answer: ConfirmationSent,
  returns: 'Where the codes went (masked) and the confirmation to name when submitting',
  refusals: [400, 429],
});

export const confirm = endpoint({
  method: 'POST',
  path: '/merchant-api/farmer-application/confirmations/:confirmationId',
  operationId: 'confirmFarmerApplicationContact',
  tags,
  summary: 'Check the two codes; 400 when one is wrong, 409 when the codes expired or were used up',
  access: PUBLIC,
  params: ConfirmationParams,
  body: ConfirmBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: Confirmed,
  returns: 'The contact confirmed',
  refusals: [400, 404, 409, 429],
});

export const submit = endpoint({
  method: 'POST',
  path: '/merchant-api/farmer-application',
  operationId: 'submitFarmerApplication',
  tags,
  summary:
    'Submit an application whose e-mail and mobile were confirmed; tax id and bank account sealed; the farmer is ' +
    'e-mailed the link to its status',
  description:
    `${FIELD_ERRORS} 409 CONTACT_NOT_CONFIRMED (field confirmationId) when the confirmation is unknown, unconfirmed, ` +
    'used or over 24 hours old; CONTACT_CHANGED (field email or mobilePhone) when the contact differs from the one ' +
    'confirmed.',
  access: PUBLIC,
  body: FarmerApplicationBody,
  bodyLimit: JSON_BODY_LIMIT,
  status: 201,
  answer: FarmerApplicationSubmitted,
  returns: 'The application received',
  refusals: [400, 409, 429],
});

export const status = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer-application/status/:token',
  operationId: 'getFarmerApplicationStatus',
  tags,
  summary: "The application a status link opens, numbers masked; while it waits for the farmer, today's questions",
  access: PUBLIC,
  params: StatusParams,
  answer: FarmerApplicationStatusAnswer,
  returns: 'Where the application stands',
  refusals: [400, 404, 429],
});

export const update = endpoint({
  method: 'PUT',
  path: '/merchant-api/farmer-application/status/:token',
  operationId: 'updateFarmerApplication',
  tags,
  summary:
    'The farmer completes an application staff asked more of; it goes back to staff. Blank tax id or bank account ' +
    'keeps the stored one; 409 when the application is not waiting for the farmer',
  description: `${FIELD_ERRORS} A program already on the application is kept even when it no longer takes applications.`,
  access: PUBLIC,
  params: StatusParams,
  body: FarmerApplicationUpdateBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: FarmerApplicationSubmitted,
  returns: 'The application back with staff',
  refusals: [400, 404, 409, 429],
});

export const staffPrograms = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer-applications/programs',
  operationId: 'listFarmerApplicationPrograms',
  tags,
  summary: "The caller's programs, for the review queue's program filter",
  access: VIEW,
  answer: StaffFarmerPrograms,
  returns: "The caller's programs",
  refusals: [401, 403],
});

export const search = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer-applications',
  operationId: 'searchFarmerApplications',
  tags,
  summary:
    "The review queue: applications to any of the caller's programs, by program, status and text (farm, contact, " +
    'e-mail or number, contains); waiting longest first',
  access: VIEW,
  query: FarmerApplicationSearchQuery,
  answer: FarmerApplicationSearchResult,
  returns: 'A page of applications',
  refusals: REFUSED.list,
});

export const detail = endpoint({
  method: 'GET',
  path: '/merchant-api/farmer-applications/:applicationUuid',
  operationId: 'getFarmerApplication',
  tags,
  summary: 'One application with its duplicates and history, numbers masked; 404 out of scope',
  access: VIEW,
  params: StaffApplicationParams,
  answer: StaffFarmerApplication,
  returns: 'The application',
  refusals: REFUSED.record,
});

export const askMoreInfo = endpoint({
  method: 'POST',
  path: '/merchant-api/farmer-applications/:applicationUuid/more-info',
  operationId: 'askFarmerApplicationMoreInfo',
  tags,
  summary: 'Ask the farmer for more information; they are e-mailed the note and the link back to their application',
  access: DECIDE,
  params: StaffApplicationParams,
  body: MoreInfoBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: StaffDecision,
  returns: 'The application waiting for the farmer',
  refusals: REFUSED.change,
});

export const approve = endpoint({
  method: 'POST',
  path: '/merchant-api/farmer-applications/:applicationUuid/approve',
  operationId: 'approveFarmerApplication',
  tags,
  summary:
    "Create the merchant (addresses, coordinates, tax id, bank account), map it to the applied programs in the caller's " +
    'scope, invite the contact as a farmer user and tell the farmer; once only, 409 after',
  access: DECIDE,
  params: StaffApplicationParams,
  body: ApproveBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: StaffDecision,
  returns: 'The application approved and the merchant created',
  refusals: REFUSED.change,
});

export const refuse = endpoint({
  method: 'POST',
  path: '/merchant-api/farmer-applications/:applicationUuid/refuse',
  operationId: 'refuseFarmerApplication',
  tags,
  summary: 'Refuse with a reason the farmer is told in their language',
  access: DECIDE,
  params: StaffApplicationParams,
  body: RefuseBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: StaffDecision,
  returns: 'The application refused',
  refusals: REFUSED.change,
});

export const settings = endpoint({
  method: 'GET',
  path: '/admin-api/programs/:programUuid/farmer-application',
  operationId: 'getFarmerApplicationSettings',
  tags,
  summary: "A program's farmer application settings: open or not, agreement text, questions with their dates",
  access: ADMIN,
  params: ProgramUuidParams,
  answer: FarmerApplicationSettings,
  returns: 'The settings (closed, with no questions, when never set)',
  refusals: REFUSED.record,
});

export const saveSettings = endpoint({
  method: 'PUT',
  path: '/admin-api/programs/:programUuid/farmer-application',
  operationId: 'saveFarmerApplicationSettings',
  tags,
  summary: "Save a program's farmer application settings (audited)",
  access: ADMIN,
  params: ProgramUuidParams,
  body: FarmerApplicationSettingsBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: FarmerApplicationSettings,
  returns: 'The settings saved',
  refusals: REFUSED.change,
});
