import { userAdminApi } from '@ebt/core/users';
import { handle, routeTable } from '../../platform/routes.js';
import { resetOtp } from './otp-reset.js';
import { deleteUser, disableUser } from './status.js';
import { getUserRoles, setUserRoles } from './user-roles.js';

// A user's status, delete, OTP reset and role: each contract of userAdminApi (@ebt/core/users) bound to its use case.
export default routeTable([
  handle(userAdminApi.disable, (req) => disableUser(req.ctx, req.params.id, req.body)),
  handle(userAdminApi.remove, (req) => deleteUser(req.ctx, req.params.id)),
  handle(userAdminApi.resetOtp, (req) => resetOtp(req.ctx, req.params.uuid, false)),
  handle(userAdminApi.resetOtpAndNotify, (req) => resetOtp(req.ctx, req.params.uuid, true)),
  handle(userAdminApi.roles, (req) => getUserRoles(req.ctx, req.params.id)),
  handle(userAdminApi.setRoles, (req) => setUserRoles(req.ctx, req.params.id, req.body)),
]);
