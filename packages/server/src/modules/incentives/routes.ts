import { incentiveApi } from '@ebt/core/incentives';
import { handle, routeTable } from '../../platform/routes.js';
import { addIncentive } from './add.js';
import { changeIncentive } from './change.js';
import { getIncentive } from './detail.js';
import { enrolRecipient } from './enrol.js';
import { currentRecipientHeadroom } from './headroom.js';
import { changeEnrolment, removeEnrolment } from './enrolment-change.js';
import { currentRecipientIncentives, readRecipientIncentives } from './enrolments.js';
import { listIncentiveFunding, listIncentivePrograms } from './lookups.js';
import { listIncentives } from './search.js';

// Incentives: each contract of @ebt/core/incentives (incentiveApi) bound to its use case.
export default routeTable([
  handle(incentiveApi.list, (req) => listIncentives(req.ctx, req.query)),
  handle(incentiveApi.add, (req) => addIncentive(req.ctx, req.body)),
  handle(incentiveApi.programs, (req) => listIncentivePrograms(req.ctx)),
  handle(incentiveApi.funding, (req) => listIncentiveFunding(req.ctx, req.params.programId)),
  handle(incentiveApi.ownEnrolments, (req) => currentRecipientIncentives(req.ctx)),
  handle(incentiveApi.ownHeadroom, (req) => currentRecipientHeadroom(req.ctx)),
  handle(incentiveApi.readEnrolments, (req) => readRecipientIncentives(req.ctx, req.params.id)),
  handle(incentiveApi.enrol, (req) => enrolRecipient(req.ctx, req.body)),
  handle(incentiveApi.changeEnrolment, (req) => changeEnrolment(req.ctx, req.params.id, req.body)),
  handle(incentiveApi.removeEnrolment, (req) => removeEnrolment(req.ctx, req.params.id)),
  handle(incentiveApi.detail, (req) => getIncentive(req.ctx, req.params.id)),
  handle(incentiveApi.update, (req) => changeIncentive(req.ctx, req.params.id, req.body)),
]);
