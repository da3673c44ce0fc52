import { sql } from 'drizzle-orm';
import { USER_STATUS } from '@ebt/core/enums';
import { formatMoney } from '@ebt/core/format';
import type { DbOrTx } from '../../db/client.js';
import { spanishNoticeDate, spanishNoticeMoney } from '@ebt/core/i18n';
import type { RequestContext } from '../../platform/context.js';
import { noticeText, renderNotice } from '../../platform/notice-mail.js';
import { queueMessages } from '../../platform/outbox.js';
import { noticeBaseUrl } from '../../platform/recipient-notices.js';
import { rowsOf } from './close-queries.js';

// The farmers' side of "marked paid" (docs/farmer-app.md "Getting paid"): each person who sells for a merchant paid in
// the batch gets an e-mail saying how much was sent and where to see the statement, in the language they chose. Queued
// in the transaction that marks the batch paid, so nobody is told of a payout that was rolled back. Held payouts are
// not in the lines (they wait in settlement_holds), so they are never announced as sent.

export interface PayoutReader {
  email: string;
  first_name: string;
  preferred_language: string | null;
  merchant_name: string;
  program_name: string;
  contact_email: string | null;
  contact_phone: string | null;
  net: string;
  /** The day it was marked paid, in the program's zone. */
  paid_on: string;
}

/** Queues the payout e-mails of a batch just marked paid; answers how many were queued. */
export async function notifyPayoutSent(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'now' | 'log'> & Partial<Pick<RequestContext, 'config'>>,
  batchId: number,
): Promise<number> {
  const readers = await rowsOf<PayoutReader>(
    tx,
    sql`select u.email, u.first_name, u.preferred_language, m.name as merchant_name, l.net::text as net,
               p.name as program_name, p.contact_email, p.contact_phone,
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
  const base = noticeBaseUrl(ctx);
  await queueMessages(
    tx,
    ctx,
    readers.map((reader) => {
      const notice = payoutNotice(reader, base);
      return {
        channel: 'email',
        to: reader.email,
        subject: notice.subject,
        body: notice.text,
        html: notice.html,
        kind: 'payout-sent',
      };
    }),
  );
  return readers.length;
}

/** The payout e-mail of one reader, in the language they chose (docs/notices.md). */
export function payoutNotice(reader: Omit<PayoutReader, 'email'>, base: string): ReturnType<typeof renderNotice> {
  const language = reader.preferred_language === 'es' ? 'es' : 'en';
  const t = (key: Parameters<typeof noticeText>[1], values?: Record<string, string>) =>
    noticeText(language, key, values);
  const values = {
    amount: language === 'es' ? spanishNoticeMoney(reader.net) : formatMoney(reader.net),
    merchant: reader.merchant_name,
    date: language === 'es' ? spanishNoticeDate(reader.paid_on) : reader.paid_on,
  };
  return renderNotice({
    language,
    greetingName: reader.first_name,
    heading: t('PAYOUT_SUBJECT', values),
    summary: t('PAYOUT_SENT', values),
    facts: [
      [t('FACT_AMOUNT'), values.amount],
      [t('FACT_MERCHANT'), reader.merchant_name],
      [t('FACT_PAYOUT_DATE'), values.date],
    ],
    next: t('NEXT_PAYOUT'),
    link: { url: `${base}/merchant/payouts`, text: t('LINK_PAYOUTS') },
    contact: { name: reader.program_name, email: reader.contact_email, phone: reader.contact_phone },
    footer: { reason: 'account', url: base },
  });
}
