import { phoneTerminalApi } from '@ebt/core/phone-terminals';
import { handle, routeTable } from '../../platform/routes.js';
import { listPhones, registerPhone, removePhone } from './phones.js';

// A farmer user's phone as a terminal: each contract of @ebt/core/phone-terminals (phoneTerminalApi) bound to its use
// case.
export default routeTable([
  handle(phoneTerminalApi.register, async (req, reply) =>
    reply.status(201).send(await registerPhone(req.ctx, req.params.merchantUuid, req.body)),
  ),
  handle(phoneTerminalApi.list, (req) => listPhones(req.ctx)),
  handle(phoneTerminalApi.remove, (req) => removePhone(req.ctx, req.params.merchantUuid, req.params.terminalId)),
]);
