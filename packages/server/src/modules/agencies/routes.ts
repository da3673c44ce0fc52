import { agencyApi } from '@ebt/core/agencies';
import { handle, routeTable } from '../../platform/routes.js';
import { addAgency } from './add.js';
import { addAgencyUser, moveAgencyUser, removeAgencyUser } from './agency-users.js';
import { updateAgency } from './change.js';
import { getAgency, getAgencyUsers } from './detail.js';
import { listAgencies, listProgramAgencies } from './search.js';

// Agencies: each contract of @ebt/core/agencies (agencyApi) bound to its use case.
export default routeTable([
  handle(agencyApi.list, (req) => listAgencies(req.ctx, req.query)),
  handle(agencyApi.add, (req) => addAgency(req.ctx, req.body)),
  handle(agencyApi.detail, (req) => getAgency(req.ctx, req.params.id)),
  handle(agencyApi.update, (req) => updateAgency(req.ctx, req.params.id, req.body)),
  handle(agencyApi.users, (req) => getAgencyUsers(req.ctx, req.params.id)),
  handle(agencyApi.addUser, (req) => addAgencyUser(req.ctx, req.params)),
  handle(agencyApi.removeUser, (req) => removeAgencyUser(req.ctx, req.params)),
  handle(agencyApi.moveUser, (req) => moveAgencyUser(req.ctx, req.params, req.body ?? {})),
  handle(agencyApi.programAgencies, (req) => listProgramAgencies(req.ctx, req.params.programUuid)),
]);
