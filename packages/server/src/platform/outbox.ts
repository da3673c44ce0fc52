import type { DbOrTx } from '../db/client.js';
import { outbox } from '../db/schema/index.js';
import type { RequestContext } from './context.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
}

/**
 * Queues an e-mail or SMS (runtime contract "Outgoing messages"). With no provider configured the message stays
 * in the outbox table and is listed at GET /admin-api/outbox. Write it in the same transaction as the change
 * that causes it, so a code is never sent for a change that rolled back. The log line names the message but not
 * its body: bodies carry one-time codes and links, which never reach a log (architecture.md).
 */
export async function queueMessage(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'now' | 'log'>,
  message: OutgoingMessage,
): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({
      channel: message.channel,
      to: message.to.slice(0, 255),
      subject: message.subject.slice(0, 200),
      body: message.body,
      createdAt: ctx.now(),
    })
    .returning({ id: outbox.id });
  ctx.log.info(
    { outboxId: row?.id, channel: message.channel, subject: message.subject },
    'message queued in the outbox',
  );
  return row!.id;
}
