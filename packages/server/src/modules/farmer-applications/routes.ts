import { farmerApplicationApi as api } from '@ebt/core/farmer-applications';
import { handle, routeTable } from '../../platform/routes.js';
import { approveApplication } from './approve.js';
import { confirmContact, sendConfirmationCodes } from './codes.js';
import { askMoreInfo, refuseApplication } from './decide.js';
import { getStaffApplication } from './detail.js';
import { listStaffPrograms, searchApplications } from './search.js';
import { getSettings, listOpenPrograms, saveSettings } from './settings.js';
import { getStatus, updateFromStatus } from './status.js';
import { submitApplication } from './submit.js';

// The farmers' online application: each contract of @ebt/core/farmer-applications (farmerApplicationApi) bound to its
// use case (docs/decisions/0111).
export default routeTable([
  // The public form, its codes and the farmer's status link.
  handle(api.openPrograms, (req) => listOpenPrograms(req.ctx)),
  handle(api.sendCodes, async (req, reply) => reply.status(201).send(await sendConfirmationCodes(req.ctx, req.body))),
  handle(api.confirm, (req) => confirmContact(req.ctx, req.params.confirmationId, req.body)),
  handle(api.submit, async (req, reply) => reply.status(201).send(await submitApplication(req.ctx, req.body))),
  handle(api.status, (req) => getStatus(req.ctx, req.params.token)),
  handle(api.update, (req) => updateFromStatus(req.ctx, req.params.token, req.body)),
  // Staff review.
  handle(api.staffPrograms, (req) => listStaffPrograms(req.ctx)),
  handle(api.search, (req) => searchApplications(req.ctx, req.query)),
  handle(api.detail, (req) => getStaffApplication(req.ctx, req.params.applicationUuid)),
  handle(api.askMoreInfo, (req) => askMoreInfo(req.ctx, req.params.applicationUuid, req.body)),
  handle(api.approve, (req) => approveApplication(req.ctx, req.params.applicationUuid, req.body)),
  handle(api.refuse, (req) => refuseApplication(req.ctx, req.params.applicationUuid, req.body)),
  // Platform administrators' settings of a program.
  handle(api.settings, (req) => getSettings(req.ctx, req.params.programUuid)),
  handle(api.saveSettings, (req) => saveSettings(req.ctx, req.params.programUuid, req.body)),
]);
