import { cardDeviceApi } from '@ebt/core/card-devices';
import { handle, routeTable } from '../../platform/routes.js';
import { listCardDevices, listOwnCardDevices } from './list.js';
import { registerCardDevice } from './register.js';
import { removeCardDevice, removeOwnCardDevice } from './remove.js';

// Card devices: each contract of @ebt/core/card-devices (cardDeviceApi) bound to its use case.
export default routeTable([
  handle(cardDeviceApi.register, async (req, reply) =>
    reply.status(201).send(await registerCardDevice(req.ctx, req.params.panId, req.body)),
  ),
  handle(cardDeviceApi.listOwn, (req) => listOwnCardDevices(req.ctx, req.params.panId)),
  handle(cardDeviceApi.removeOwn, async (req, reply) => {
    await removeOwnCardDevice(req.ctx, req.params.panId, req.params.deviceUuid);
    return reply.status(204).send(null);
  }),
  handle(cardDeviceApi.list, (req) => listCardDevices(req.ctx, req.params.panId)),
  handle(cardDeviceApi.remove, async (req, reply) => {
    await removeCardDevice(req.ctx, req.params.panId, req.params.deviceUuid);
    return reply.status(204).send(null);
  }),
]);
