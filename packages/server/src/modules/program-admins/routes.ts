import { PROGRAM_ADMIN_MESSAGES, programAdminApi } from '@ebt/core/program-admins';
import { requireCaller } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { handle, routeTable } from '../../platform/routes.js';
import { addProgramAdmin, listProgramAdmins, removeProgramAdmin } from './change.js';
import { searchProgramUsers } from './queries.js';

// Program admins: each contract of @ebt/core/program-admins (programAdminApi) bound to its use case.
export default routeTable([
  handle(programAdminApi.list, (req) => listProgramAdmins(req.ctx, req.params.programUuid)),
  handle(programAdminApi.add, (req) => addProgramAdmin(req.ctx, req.params.programUuid, req.body.userUuid)),
  handle(programAdminApi.remove, (req) => {
    const userUuid = req.body?.userUuid ?? req.query.userUuid;
    if (!userUuid) throw AppError.badRequest(PROGRAM_ADMIN_MESSAGES.USER_UUID_REQUIRED, 'userUuid');
    return removeProgramAdmin(req.ctx, req.params.programUuid, userUuid);
  }),
  handle(programAdminApi.searchUsers, (req) => {
    const ctx = requireCaller(req.ctx);
    return searchProgramUsers(ctx.db, ctx.caller, req.query);
  }),
]);
