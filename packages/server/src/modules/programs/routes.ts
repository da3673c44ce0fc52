import { programApi } from '@ebt/core/programs';
import { handle, routeTable } from '../../platform/routes.js';
import { addProgram } from './add.js';
import { updateProgram } from './change.js';
import { getProgram } from './detail.js';
import { benefitOptionTypes, defaultFunding } from './lookups.js';
import { searchPrograms } from './search.js';
import * as programs from './service.js';

// Programs: each contract of @ebt/core/programs (programApi) bound to its use case.
export default routeTable([
  handle(programApi.callerPrograms, (req) => programs.listCallerPrograms(req.ctx)),
  handle(programApi.search, (req) => searchPrograms(req.ctx, req.query)),
  handle(programApi.defaultFunding, (req) => defaultFunding(req.ctx)),
  handle(programApi.benefitOptionTypes, (req) => benefitOptionTypes(req.ctx)),
  handle(programApi.detail, (req) => getProgram(req.ctx, req.params.programUuid)),
  handle(programApi.add, (req) => addProgram(req.ctx, req.body)),
  handle(programApi.update, (req) => updateProgram(req.ctx, req.params.programUuid, req.body)),
]);
