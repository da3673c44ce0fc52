import { recoveryApi } from '@ebt/core/recovery';
import { handle, routeTable } from '../../platform/routes.js';
import * as activation from './activation.js';
import * as emailChange from './email-change.js';
import * as forgot from './forgot.js';

// Activation, reset and e-mail links, activation e-mails and the forgot flows: each contract of @ebt/core/recovery
// (recoveryApi) bound to its use case.
export default routeTable([
  handle(recoveryApi.validateActivation, (req) => activation.validateActivationLink(req.ctx, req.params.hash)),
  handle(recoveryApi.activate, (req) => activation.activateUser(req.ctx, req.body)),
  handle(recoveryApi.validateReset, (req) => activation.validateResetLink(req.ctx, req.params.hash)),
  handle(recoveryApi.resetPassword, (req) => activation.resetPassword(req.ctx, req.params.hash, req.body)),
  handle(recoveryApi.emailChangeLink, (req) => emailChange.emailChangeLink(req.ctx, req.params.hash)),
  handle(recoveryApi.confirmEmailChange, (req) => emailChange.confirmEmailChange(req.ctx, req.params.hash, req.body)),
  handle(recoveryApi.sendActivation, (req) => activation.sendActivation(req.ctx, req.body, 'any')),
  handle(recoveryApi.sendRecipientActivation, (req) => activation.sendActivation(req.ctx, req.body, 'recipient')),
  handle(recoveryApi.passwordQuestion, (req) =>
    forgot.getRecoveryQuestion(req.ctx, { flow: 'password', username: req.params.username }),
  ),
  handle(recoveryApi.passwordAnswer, (req) =>
    forgot.answerRecoveryQuestion(req.ctx, { flow: 'password', username: req.params.username }, req.body),
  ),
  handle(recoveryApi.passwordCode, (req) =>
    forgot.redeemPasswordCode(req.ctx, req.params.username, req.params.otpCode),
  ),
  handle(recoveryApi.usernameQuestion, (req) =>
    forgot.getRecoveryQuestion(req.ctx, { flow: 'username', email: req.params.email }),
  ),
  handle(recoveryApi.usernameAnswer, (req) =>
    forgot.answerRecoveryQuestion(req.ctx, { flow: 'username', email: req.params.email }, req.body),
  ),
  handle(recoveryApi.usernameCode, (req) => forgot.redeemUsernameCode(req.ctx, req.params.email, req.params.otpCode)),
]);
