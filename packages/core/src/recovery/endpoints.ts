import { MessageResponse } from '../account/index.js';
import { endpoint, JSON_BODY_LIMIT, privileges, PUBLIC, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  ActivateUserBody,
  ActivationLinkInfo,
  ActivationResult,
  ConfirmEmailBody,
  EmailChangeLinkInfo,
  ForgotPasswordCodeParams,
  ForgotPasswordParams,
  ForgotUsernameCodeParams,
  ForgotUsernameParams,
  LinkHashParams,
  RecoveredUsername,
  RecoveryAnswerBody,
  RecoveryCodeSent,
  RecoveryQuestion,
  ResetLinkInfo,
  ResetLinkSent,
  ResetPasswordBody,
  SendActivationBody,
} from './schemas.js';

// Activation and reset links, sending activation e-mails, and the forgot password / forgot username flows
// (A§4, A§7 "Authentication and recovery", B§7 "Users", resolution 4). Public endpoints take small bodies only.

const tags = ['recovery'];
// The user detail of both areas offers sending an activation e-mail (B§4); the server scopes the user as the user
// screens do.
const USER_ADMINS = privileges(PRIVILEGE.NDGADMIN_ACCESS, PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.AGENCYADMIN_ACCESS);

export const validateActivation = endpoint({
  method: 'GET',
  path: '/user-api/validate/:hash',
  operationId: 'validateActivationLink',
  tags,
  summary: 'Check an activation link; answers whose account it activates and the security questions',
  access: PUBLIC,
  params: LinkHashParams,
  answer: ActivationLinkInfo,
  returns: 'The account the link activates and the security questions to choose from',
  refusals: [400, 404],
});

export const activate = endpoint({
  method: 'POST',
  path: '/user-api/activate-user',
  operationId: 'activateUser',
  tags,
  summary: 'Activate an account: password, security question and answer, code preference',
  access: PUBLIC,
  body: ActivateUserBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: ActivationResult,
  returns: 'The account activated, with its username',
  refusals: [400, 404],
});

export const validateReset = endpoint({
  method: 'GET',
  path: '/user-api/validate-pass/:hash',
  operationId: 'validateResetLink',
  tags,
  summary: 'Check a password reset link',
  access: PUBLIC,
  params: LinkHashParams,
  answer: ResetLinkInfo,
  returns: 'The username whose password the link resets',
  refusals: [400, 404],
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/user-api/reset-pass/:hash',
  operationId: 'resetPassword',
  tags,
  summary: 'Set a new password through a reset link; ends every session of the user',
  access: PUBLIC,
  params: LinkHashParams,
  body: ResetPasswordBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageResponse,
  returns: 'The password changed',
  refusals: [400, 404],
});

export const emailChangeLink = endpoint({
  method: 'GET',
  path: '/user-api/confirm-email/:hash',
  operationId: 'checkEmailChangeLink',
  tags,
  summary: 'Check the link sent to a new e-mail address; answers the username and the address it confirms',
  access: PUBLIC,
  params: LinkHashParams,
  answer: EmailChangeLinkInfo,
  returns: 'The username and the new address the link confirms',
  refusals: [400, 404],
});

export const confirmEmailChange = endpoint({
  method: 'POST',
  path: '/user-api/confirm-email/:hash',
  operationId: 'confirmEmailChange',
  tags,
  summary:
    "Confirm a new e-mail address staff gave the user, with the account's password: it becomes the user's " +
    'address; the link works once',
  access: PUBLIC,
  params: LinkHashParams,
  body: ConfirmEmailBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageResponse,
  returns: "The new address is the user's",
  refusals: [400, 404, 409, 429],
});

export const sendActivation = endpoint({
  method: 'POST',
  path: '/user-api/user/send-activation',
  operationId: 'sendActivation',
  tags,
  summary: "Send (or, forced, re-send) an activation e-mail to a user in the caller's scope (admins: any user)",
  access: USER_ADMINS,
  body: SendActivationBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageResponse,
  returns: 'The activation e-mail queued',
  refusals: REFUSED.change,
  changesUser: true,
});

export const sendRecipientActivation = endpoint({
  method: 'POST',
  path: '/user-api/recipient-users/send-activation',
  operationId: 'sendRecipientActivation',
  tags,
  summary: "Send an activation e-mail to a recipient user with an account in the caller's scope",
  access: STAFF,
  body: SendActivationBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageResponse,
  returns: 'The activation e-mail queued',
  refusals: REFUSED.change,
  changesUser: true,
});

// Forgot password: step 1 question, step 2 answer (sends a code), step 3 code (sends a reset link).
export const passwordQuestion = endpoint({
  method: 'GET',
  path: '/user-api/security-question/:username',
  operationId: 'getPasswordRecoveryQuestion',
  tags,
  summary: "Forgot password step 1: the user's security question",
  access: PUBLIC,
  params: ForgotPasswordParams,
  answer: RecoveryQuestion,
  returns: "The user's security question",
  refusals: [400, 404, 429],
});

export const passwordAnswer = endpoint({
  method: 'POST',
  path: '/user-api/forgot-password/:username',
  operationId: 'answerPasswordRecoveryQuestion',
  tags,
  summary: 'Forgot password step 2: answer the question; a one-time code is sent',
  access: PUBLIC,
  params: ForgotPasswordParams,
  body: RecoveryAnswerBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: RecoveryCodeSent,
  returns: 'Where the one-time code went (masked)',
  refusals: [400, 404, 429],
});

export const passwordCode = endpoint({
  method: 'GET',
  path: '/user-api/forgot-password/:username/:otpCode',
  audited: true,
  operationId: 'redeemPasswordRecoveryCode',
  tags,
  summary: 'Forgot password step 3: the one-time code; a reset link is e-mailed',
  access: PUBLIC,
  params: ForgotPasswordCodeParams,
  answer: ResetLinkSent,
  returns: 'The password reset link e-mailed',
  refusals: [400, 404, 429],
});

// Forgot username: the same steps keyed by e-mail; step 3 answers the username.
export const usernameQuestion = endpoint({
  method: 'GET',
  path: '/user-api/user/forgot-username/:email',
  operationId: 'getUsernameRecoveryQuestion',
  tags,
  summary: 'Forgot username step 1: the security question of the user with this e-mail',
  access: PUBLIC,
  params: ForgotUsernameParams,
  answer: RecoveryQuestion,
  returns: "The security question of the e-mail's user",
  refusals: [400, 404, 429],
});

export const usernameAnswer = endpoint({
  method: 'POST',
  path: '/user-api/user/forgot-username/:email',
  operationId: 'answerUsernameRecoveryQuestion',
  tags,
  summary: 'Forgot username step 2: answer the question; a one-time code is sent',
  access: PUBLIC,
  params: ForgotUsernameParams,
  body: RecoveryAnswerBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: RecoveryCodeSent,
  returns: 'Where the one-time code went (masked)',
  refusals: [400, 404, 429],
});

export const usernameCode = endpoint({
  method: 'GET',
  path: '/user-api/user/forgot-username/:email/:otpCode',
  audited: true,
  operationId: 'redeemUsernameRecoveryCode',
  tags,
  summary: 'Forgot username step 3: the one-time code; answers the username',
  access: PUBLIC,
  params: ForgotUsernameCodeParams,
  answer: RecoveredUsername,
  returns: "The e-mail's username",
  refusals: [400, 404, 429],
});
