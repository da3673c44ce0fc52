import type { FastifyInstance } from 'fastify';
import { outboxApi } from '@ebt/core/outbox';
import { handle, routeTable } from '../../platform/routes.js';
import { countOutboxMessages, listOutboxMessages, sendOutboxAttachment } from './messages.js';
import { receiveSmsReply } from './sms-inbound.js';

// The outbox: each contract of @ebt/core/outbox (outboxApi) bound to its use case.

/**
 * The provider's webhook posts form-encoded fields, which no other route takes: its route gets the parser in a scope of
 * its own. Every field is kept as text, since the signature covers them all.
 */
async function smsWebhookScope(scope: FastifyInstance): Promise<void> {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  await routeTable([handle(outboxApi.smsInbound, (req, reply) => receiveSmsReply(req.ctx, req, reply, req.body))])(
    scope,
  );
}

export default routeTable(
  [
    handle(outboxApi.messages, (req) => listOutboxMessages(req.ctx, req.query)),
    handle(outboxApi.messageCount, (req) => countOutboxMessages(req.ctx, req.query)),
    handle(outboxApi.attachment, (req, reply) =>
      sendOutboxAttachment(req.ctx, reply, req.params.id, req.params.attachmentId),
    ),
  ],
  [smsWebhookScope],
);
