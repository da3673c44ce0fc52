import { z } from 'zod';
import { AUTHENTICATED, endpoint, JSON_BODY_LIMIT, PUBLIC } from '../contract/index.js';
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
} from './schemas.js';

// The account page of every area (A§2, A§7 "Account"): the caller's own user only.

const tags = ['account'];

export const userInfo = endpoint({
  method: 'GET',
  path: '/user-api/user/currentuser',
  operationId: 'getOwnUserInfo',
  tags,
  summary: "The caller's user info for the account form (with the mobile number)",
  access: AUTHENTICATED,
  answer: CurrentUserInfo,
  returns: "The caller's names, username, e-mail and mobile number",
  refusals: [401],
});

export const updateUserInfo = endpoint({
  method: 'PUT',
  path: '/user-api/user/currentuser',
  operationId: 'updateOwnUserInfo',
  tags,
  summary: "Update the caller's names, e-mail and mobile number; the username is read only",
  access: AUTHENTICATED,
  body: UpdateCurrentUserBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: UpdateCurrentUserResponse,
  returns: "The caller's user info as saved, with a message",
  refusals: [400, 401, 409],
});

export const changePassword = endpoint({
  method: 'PUT',
  path: '/user-api/user/password',
  operationId: 'changeOwnPassword',
  tags,
  summary: "Change the caller's password; their other sessions end",
  access: AUTHENTICATED,
  body: ChangePasswordBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageResponse,
  returns: 'A message saying the password was changed',
  refusals: [400, 401, 429],
});

export const securityAnswers = endpoint({
  method: 'GET',
  path: '/user-api/user/current/security-answers',
  operationId: 'listOwnSecurityQuestions',
  tags,
  summary: 'The security question(s) the caller has answered (never the answer)',
  access: AUTHENTICATED,
  answer: z.array(UserSecurityQuestion),
  returns: 'The questions the caller has answered, without the answers',
  refusals: [401],
});

export const setSecurityAnswer = endpoint({
  method: 'PUT',
  path: '/user-api/user/current/security-answers',
  operationId: 'setOwnSecurityAnswer',
  tags,
  summary: "Replace the caller's security question and answer",
  access: AUTHENTICATED,
  body: SecurityAnswerBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageResponse,
  returns: 'A message saying the security answer was saved',
  refusals: [400, 401],
});

export const setLanguage = endpoint({
  method: 'PUT',
  path: '/user-api/user/current/language',
  operationId: 'setOwnLanguage',
  tags,
  summary: "Keep the caller's language ('en' or 'es') for the pages and the e-mails and SMS sent to them",
  access: AUTHENTICATED,
  body: PreferredLanguageBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: MessageResponse,
  returns: 'A message saying the language was saved',
  refusals: [400, 401],
});

export const securityQuestions = endpoint({
  method: 'GET',
  path: '/user-api/security-questions',
  operationId: 'listSecurityQuestions',
  tags,
  summary: 'The security questions to choose from (activation and the account page)',
  access: PUBLIC,
  answer: z.array(SecurityQuestion),
  returns: 'The security questions to choose from',
  refusals: [],
});
