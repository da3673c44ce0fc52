import { accountApi } from '@ebt/core/account';
import { handle, routeTable } from '../../platform/routes.js';
import * as account from './service.js';

// The account page: each contract of @ebt/core/account (accountApi) bound to its use case.
export default routeTable([
  handle(accountApi.userInfo, (req) => account.getCurrentUserInfo(req.ctx)),
  handle(accountApi.updateUserInfo, (req) => account.updateCurrentUser(req.ctx, req.body)),
  handle(accountApi.changePassword, (req) => account.changePassword(req.ctx, req.body)),
  handle(accountApi.securityAnswers, (req) => account.listMySecurityQuestions(req.ctx)),
  handle(accountApi.setSecurityAnswer, (req) => account.setMySecurityAnswer(req.ctx, req.body)),
  handle(accountApi.setLanguage, (req) => account.setMyLanguage(req.ctx, req.body)),
  handle(accountApi.securityQuestions, (req) => account.listSecurityQuestions(req.ctx)),
]);
