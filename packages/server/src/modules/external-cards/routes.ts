import { externalCardApi } from '@ebt/core/external-cards';
import { handle, routeTable } from '../../platform/routes.js';
import { attachExternalCard } from './add.js';
import { deleteExternalCard, updateExternalCard } from './change.js';
import { getOwnExternalCard, listAccountExternalCards, listOwnExternalCards } from './list.js';

// External EBT cards: each contract of @ebt/core/external-cards (externalCardApi) bound to its use case.
export default routeTable([
  handle(externalCardApi.listOwn, (req) => listOwnExternalCards(req.ctx)),
  handle(externalCardApi.listForAccount, (req) => listAccountExternalCards(req.ctx, req.params.id)),
  handle(externalCardApi.detail, (req) => getOwnExternalCard(req.ctx, req.params.id)),
  handle(externalCardApi.add, async (req, reply) =>
    reply.status(201).send(await attachExternalCard(req.ctx, req.body)),
  ),
  handle(externalCardApi.update, (req) => updateExternalCard(req.ctx, req.params.id, req.body)),
  handle(externalCardApi.remove, async (req, reply) => {
    await deleteExternalCard(req.ctx, req.params.id);
    return reply.status(204).send(null);
  }),
]);
