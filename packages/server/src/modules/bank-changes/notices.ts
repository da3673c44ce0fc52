import { BANK_CHANGE_MESSAGES } from '@ebt/core/bank-changes';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { fillMessage } from '@ebt/core/messages';
import type { DbOrTx } from '../../db/client.js';
import { staffNotifications } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import {
  accountEmail,
  ADMIN_NOTIFICATIONS_PATH,
  noticeText,
  STAFF_NOTIFICATIONS_PATH,
} from '../../platform/notice-mail.js';
import { queueMessages } from '../../platform/outbox.js';
import { noticeBaseUrl } from '../../platform/recipient-notices.js';
import { bankStaffOf, merchantFarmers } from './queries.js';

// Who is told of a bank change request, queued in the transaction that makes the change so nobody hears of one that
// was rolled back: staff who can act on it when it is made, the merchant's farmer users when it is decided (in the
// language each chose, as the payout e-mails are).

export const BANK_CHANGE_TOPIC = 'bank-change';

type NoticeContext = Pick<RequestContext, 'now' | 'log'> & Partial<Pick<RequestContext, 'config'>>;

/**
 * A staff notification (and its e-mail) to each person who can confirm the merchant's bank account (bankStaffOf: the
 * BANK_VIEW staff of its programs, else the platform admins): a farmer asked to change it, or an approved farmer
 * application put it in a request because the approver could not see bank numbers.
 */
export async function tellBankStaff(
  tx: DbOrTx,
  ctx: NoticeContext,
  merchant: { id: number; name: string },
  why: 'change' | 'application' = 'change',
) {
  const people = await bankStaffOf(tx, merchant.id);
  if (people.length === 0) return;
  const now = ctx.now();
  const words =
    why === 'change'
      ? { subject: BANK_CHANGE_MESSAGES.STAFF_SUBJECT, text: BANK_CHANGE_MESSAGES.STAFF_REQUESTED }
      : { subject: BANK_CHANGE_MESSAGES.STAFF_NEW_SUBJECT, text: BANK_CHANGE_MESSAGES.STAFF_NEW_ACCOUNT };
  const text = fillMessage(words.text, { merchant: merchant.name }).slice(0, 500);
  await tx
    .insert(staffNotifications)
    .values(
      people.map((p) => ({ userId: p.userId, topic: BANK_CHANGE_TOPIC, text, notifiedDate: now, createdAt: now })),
    );
  const base = noticeBaseUrl(ctx);
  // A platform admin reads notifications in /admin, program staff in /program.
  const email = (platformAdmin: boolean) =>
    accountEmail({
      language: 'en',
      baseUrl: base,
      heading: words.subject,
      summary: text,
      facts: [[noticeText('en', 'FACT_MERCHANT'), merchant.name]],
      next: noticeText('en', 'NEXT_STAFF_REVIEW'),
      link: {
        url: `${base}${platformAdmin ? ADMIN_NOTIFICATIONS_PATH : STAFF_NOTIFICATIONS_PATH}`,
        text: noticeText('en', 'LINK_NOTIFICATIONS'),
      },
    });
  const emails = { program: email(false), admin: email(true) };
  await queueMessages(
    tx,
    ctx,
    people.map((p) => ({
      channel: 'email',
      to: p.email,
      kind: why === 'change' ? 'bank-change-requested' : 'bank-account-to-confirm',
      ...(p.platformAdmin ? emails.admin : emails.program),
    })),
  );
}

/** The e-mail to each farmer user of the merchant when staff decide: applied, or refused with the reason. */
export async function tellFarmers(
  tx: DbOrTx,
  ctx: NoticeContext,
  merchant: { id: number; name: string },
  outcome: { applied: true; last4: string } | { applied: false; reason: string },
) {
  const base = noticeBaseUrl(ctx);
  const es = MESSAGES_ES.BANK_CHANGE_MESSAGES as Record<keyof typeof BANK_CHANGE_MESSAGES, string>;
  const readers = await merchantFarmers(tx, merchant.id);
  const messages = readers.map((reader) => {
    const language = reader.language === 'es' ? 'es' : 'en';
    const words = language === 'es' ? es : BANK_CHANGE_MESSAGES;
    const values: Record<string, string> = outcome.applied
      ? { merchant: merchant.name, last4: outcome.last4 }
      : { merchant: merchant.name, reason: outcome.reason };
    const email = accountEmail({
      language,
      baseUrl: base,
      greetingName: reader.firstName,
      heading: fillMessage(outcome.applied ? words.APPLIED_SUBJECT : words.REFUSED_SUBJECT, values),
      summary: fillMessage(outcome.applied ? words.APPLIED_NOTICE : words.REFUSED_NOTICE, values),
      facts: outcome.applied
        ? [
            [
              noticeText(language, 'FACT_BANK_ACCOUNT'),
              noticeText(language, 'FACT_CARD_ENDING', { last4: outcome.last4 }),
            ],
          ]
        : [],
      next: outcome.applied ? words.APPLIED_NEXT : words.REFUSED_NEXT,
      link: { url: `${base}/merchant/business`, text: noticeText(language, 'LINK_BUSINESS') },
    });
    return {
      channel: 'email' as const,
      to: reader.email,
      kind: outcome.applied ? 'bank-change-applied' : 'bank-change-refused',
      ...email,
    };
  });
  await queueMessages(tx, ctx, messages);
}
