import { MessageResponse } from '@ebt/core/account';
import { ErrorBody } from '@ebt/core/errors';
import { PRIVILEGE } from '@ebt/core/privileges';
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
} from '@ebt/core/recovery';
import { privileges, PUBLIC, STAFF } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import * as activation from './activation.js';
import * as emailChange from './email-change.js';
import * as forgot from './forgot.js';

// Activation and reset links, sending activation e-mails, and the forgot password / forgot username flows
// (A§4, A§7 "Authentication and recovery", B§7 "Users", resolution 4). Public routes carry small bodies only.

export default defineRoutes((app) => {
  app.get(
    '/user-api/validate/:hash',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Check an activation link; answers whose account it activates and the security questions',
        params: LinkHashParams,
        response: { 200: ActivationLinkInfo, 400: ErrorBody, 404: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => activation.validateActivationLink(req.ctx, req.params.hash),
  );

  app.post(
    '/user-api/activate-user',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['recovery'],
        summary: 'Activate an account: password, security question and answer, code preference',
        body: ActivateUserBody,
        response: { 200: ActivationResult, 400: ErrorBody, 404: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => activation.activateUser(req.ctx, req.body),
  );

  app.get(
    '/user-api/validate-pass/:hash',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Check a password reset link',
        params: LinkHashParams,
        response: { 200: ResetLinkInfo, 400: ErrorBody, 404: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => activation.validateResetLink(req.ctx, req.params.hash),
  );

  app.post(
    '/user-api/reset-pass/:hash',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['recovery'],
        summary: 'Set a new password through a reset link; ends every session of the user',
        params: LinkHashParams,
        body: ResetPasswordBody,
        response: { 200: MessageResponse, 400: ErrorBody, 404: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => activation.resetPassword(req.ctx, req.params.hash, req.body),
  );

  app.get(
    '/user-api/confirm-email/:hash',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Check the link sent to a new e-mail address; answers the username and the address it confirms',
        params: LinkHashParams,
        response: { 200: EmailChangeLinkInfo, 400: ErrorBody, 404: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => emailChange.emailChangeLink(req.ctx, req.params.hash),
  );

  app.post(
    '/user-api/confirm-email/:hash',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['recovery'],
        summary:
          "Confirm a new e-mail address staff gave the user, with the account's password: it becomes the user's " +
          'address; the link works once',
        params: LinkHashParams,
        body: ConfirmEmailBody,
        response: { 200: MessageResponse, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => emailChange.confirmEmailChange(req.ctx, req.params.hash, req.body),
  );

  app.post(
    '/user-api/user/send-activation',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['recovery'],
        summary: "Send (or, forced, re-send) an activation e-mail to a user in the caller's scope (admins: any user)",
        body: SendActivationBody,
        response: {
          200: MessageResponse,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
      // The user detail of both areas offers it (B§4); the service scopes the user as the user screens do.
      config: {
        access: privileges(PRIVILEGE.NDGADMIN_ACCESS, PRIVILEGE.PROGRAMADMIN_ACCESS, PRIVILEGE.AGENCYADMIN_ACCESS),
        changesUser: true,
      },
    },
    (req) => activation.sendActivation(req.ctx, req.body, 'any'),
  );

  app.post(
    '/user-api/recipient-users/send-activation',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['recovery'],
        summary: "Send an activation e-mail to a recipient user with an account in the caller's scope",
        body: SendActivationBody,
        response: {
          200: MessageResponse,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
      config: { access: STAFF, changesUser: true },
    },
    (req) => activation.sendActivation(req.ctx, req.body, 'recipient'),
  );

  // Forgot password: step 1 question, step 2 answer (sends a code), step 3 code (sends a reset link).
  app.get(
    '/user-api/security-question/:username',
    {
      schema: {
        tags: ['recovery'],
        summary: "Forgot password step 1: the user's security question",
        params: ForgotPasswordParams,
        response: { 200: RecoveryQuestion, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => forgot.getRecoveryQuestion(req.ctx, { flow: 'password', username: req.params.username }),
  );

  app.post(
    '/user-api/forgot-password/:username',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['recovery'],
        summary: 'Forgot password step 2: answer the question; a one-time code is sent',
        params: ForgotPasswordParams,
        body: RecoveryAnswerBody,
        response: { 200: RecoveryCodeSent, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => forgot.answerRecoveryQuestion(req.ctx, { flow: 'password', username: req.params.username }, req.body),
  );

  app.get(
    '/user-api/forgot-password/:username/:otpCode',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Forgot password step 3: the one-time code; a reset link is e-mailed',
        params: ForgotPasswordCodeParams,
        response: { 200: ResetLinkSent, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => forgot.redeemPasswordCode(req.ctx, req.params.username, req.params.otpCode),
  );

  // Forgot username: the same steps keyed by e-mail; step 3 answers the username.
  app.get(
    '/user-api/user/forgot-username/:email',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Forgot username step 1: the security question of the user with this e-mail',
        params: ForgotUsernameParams,
        response: { 200: RecoveryQuestion, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => forgot.getRecoveryQuestion(req.ctx, { flow: 'username', email: req.params.email }),
  );

  app.post(
    '/user-api/user/forgot-username/:email',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['recovery'],
        summary: 'Forgot username step 2: answer the question; a one-time code is sent',
        params: ForgotUsernameParams,
        body: RecoveryAnswerBody,
        response: { 200: RecoveryCodeSent, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => forgot.answerRecoveryQuestion(req.ctx, { flow: 'username', email: req.params.email }, req.body),
  );

  app.get(
    '/user-api/user/forgot-username/:email/:otpCode',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Forgot username step 3: the one-time code; answers the username',
        params: ForgotUsernameCodeParams,
        response: { 200: RecoveredUsername, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
      config: { access: PUBLIC },
    },
    (req) => forgot.redeemUsernameCode(req.ctx, req.params.email, req.params.otpCode),
  );
});
