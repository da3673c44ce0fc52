import { z } from 'zod';
import {
  ChangePasswordBody,
  CurrentUserInfo,
  MessageResponse,
  PreferredLanguageBody,
  SecurityAnswerBody,
  SecurityQuestion,
  UpdateCurrentUserBody,
  UpdateCurrentUserResponse,
  UserSecurityQuestion,
} from '@ebt/core/account';
import { ErrorBody } from '@ebt/core/errors';
import { AUTHENTICATED, PUBLIC } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import * as account from './service.js';

// The account page of every area (A§2, A§7 "Account"): the caller's own user only.

export default defineRoutes((app) => {
  app.get(
    '/user-api/user/currentuser',
    {
      schema: {
        tags: ['account'],
        summary: "The caller's user info for the account form (with the mobile number)",
        response: { 200: CurrentUserInfo, 401: ErrorBody },
      },
      config: { access: AUTHENTICATED },
    },
    (req) => account.getCurrentUserInfo(req.ctx),
  );

  app.put(
    '/user-api/user/currentuser',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['account'],
        summary: "Update the caller's names, e-mail and mobile number; the username is read only",
        body: UpdateCurrentUserBody,
        response: { 200: UpdateCurrentUserResponse, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
      config: { access: AUTHENTICATED },
    },
    (req) => account.updateCurrentUser(req.ctx, req.body),
  );

  app.put(
    '/user-api/user/password',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['account'],
        summary: "Change the caller's password; their other sessions end",
        body: ChangePasswordBody,
        response: { 200: MessageResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
      config: { access: AUTHENTICATED },
    },
    (req) => account.changePassword(req.ctx, req.body),
  );

  app.get(
    '/user-api/user/current/security-answers',
    {
      schema: {
        tags: ['account'],
        summary: 'The security question(s) the caller has answered (never the answer)',
        response: { 200: z.array(UserSecurityQuestion), 401: ErrorBody },
      },
      config: { access: AUTHENTICATED },
    },
    (req) => account.listMySecurityQuestions(req.ctx),
  );

  app.put(
    '/user-api/user/current/security-answers',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['account'],
        summary: "Replace the caller's security question and answer",
        body: SecurityAnswerBody,
        response: { 200: MessageResponse, 400: ErrorBody, 401: ErrorBody },
      },
      config: { access: AUTHENTICATED },
    },
    (req) => account.setMySecurityAnswer(req.ctx, req.body),
  );

  app.put(
    '/user-api/user/current/language',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['account'],
        summary: "Keep the caller's language ('en' or 'es') for the pages and the e-mails and SMS sent to them",
        body: PreferredLanguageBody,
        response: { 200: MessageResponse, 400: ErrorBody, 401: ErrorBody },
      },
      config: { access: AUTHENTICATED },
    },
    (req) => account.setMyLanguage(req.ctx, req.body),
  );

  app.get(
    '/user-api/security-questions',
    {
      schema: {
        tags: ['account'],
        summary: 'The security questions to choose from (activation and the account page)',
        response: { 200: z.array(SecurityQuestion) },
      },
      config: { access: PUBLIC },
    },
    (req) => account.listSecurityQuestions(req.ctx),
  );
});
