import { outboxApi } from '@ebt/core/outbox';
import { handle, routeTable } from '../../platform/routes.js';
import { listOutboxMessages, sendOutboxAttachment } from './messages.js';

// The outbox: each contract of @ebt/core/outbox (outboxApi) bound to its use case.
export default routeTable([
  handle(outboxApi.messages, (req) => listOutboxMessages(req.ctx, req.query.limit)),
  handle(outboxApi.attachment, (req, reply) =>
    sendOutboxAttachment(req.ctx, reply, req.params.id, req.params.attachmentId),
  ),
]);
