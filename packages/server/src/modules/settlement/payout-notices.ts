import { sql } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { formatMoney } from '@ebt/core/format';
import type { DbOrTx } from '../../db/client.js';
import type { RequestContext } from '../../platform/context.js';
import { queueMessage } from '../../platform/outbox.js';
import { rowsOf } from './close-queries.js';

// The farmers' side of "marked paid" (docs/farmer-app.md "Getting paid"): each person who sells for a merchant paid in
// the batch gets an e-mail saying how much was sent and where to see the statement, in the language they chose. Queued
// in the transaction that marks the batch paid, so nobody is told of a payout that was rolled back. Held payouts are
// not in the lines (they wait in settlement_holds), so they are never announced as sent.

interface PayoutReader {
  email: string;
  first_name: string;
  preferred_language: string | null;
  merchant_name: string;
  net: string;
  /** The day it was marked paid, in the program's zone. */
  paid_on: string;
}

/** Queues the payout e-mails of a batch just marked paid; answers how many were queued. */
export async function notifyPayoutSent(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'now' | 'log'>,
  batchId: number,
): Promise<number> {
  const readers = await rowsOf<PayoutReader>(
    tx,
    sql`select u.email, u.first_name, u.preferred_language, m.name as merchant_name, l.net::text as net,
               to_char((${ctx.now().toISOString()}::timestamptz at time zone p.time_zone)::date, 'YYYY-MM-DD') as paid_on
          from (select merchant_id, sum(net_amt) as net from settlement_lines
                 where batch_id = ${batchId} group by merchant_id having sum(net_amt) > 0) l
          join settlement_batches b on b.id = ${batchId}
          join programs p on p.id = b.program_id
          join merchants m on m.id = l.merchant_id
          join merchant_users mu on mu.merchant_id = l.merchant_id and mu.revoked_at is null
          join users u on u.id = mu.user_id and u.status_id = ${USER_STATUS.ENABLED}
         order by u.id, m.id`,
  );
  for (const reader of readers) {
    const amount = formatMoney(reader.net);
    const spanish = reader.preferred_language === 'es';
    await queueMessage(tx, ctx, {
      channel: 'email',
      to: reader.email,
      subject: spanish
        ? `Pago enviado: ${amount} para ${reader.merchant_name}`
        : `Payout sent: ${amount} for ${reader.merchant_name}`,
      body: spanish
        ? `Hola, ${reader.first_name}:\n\nEl ${reader.paid_on} se envió un pago de ${amount} a la cuenta bancaria de ` +
          `${reader.merchant_name}. Suele llegar en uno o dos días hábiles.\n\nVea el detalle y el estado de cuenta ` +
          `en la sección Pagos recibidos del portal (/merchant/payouts).`
        : `Hello ${reader.first_name},\n\nA payout of ${amount} was sent to ${reader.merchant_name}'s bank account on ` +
          `${reader.paid_on}. It usually arrives within one or two business days.\n\nSee its details and the statement under ` +
          `Payouts in the portal (/merchant/payouts).`,
    });
  }
  return readers.length;
}
