import { ACCOUNT_TYPE, PAN_STATUS_LABEL, type PanStatus } from '@ebt/core/enums';
import { MESSAGES_ES, panStatusWord } from '@ebt/core/i18n';
import { fillMessage } from '@ebt/core/messages';
import { PAN_MESSAGES } from '@ebt/core/pans';
import type { DbOrTx } from '../../db/client.js';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import { outbox, staffNotifications } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { notifyAccounts } from '../../platform/recipient-notices.js';
import { programStaff, type PanRecord } from './queries.js';

// Who hears of a card's new status (decision 0037), in the transaction that sets it. The recipient: a notification
// in their inbox (event 7 'Your card status changes') and an e-mail or SMS for each method they chose for the event
// (notification_preferences), as benefit notices do. The program's staff, when the recipient reported the card lost
// or stolen: a staff notification and an e-mail to each live program admin of the program and agency admin of the
// account's agency. No text carries more of the card than its last four digits.

export const CARD_REPORT_TOPIC = 'card-report';

type NoticeContext = Pick<RequestContext, 'now' | 'log'>;

const statusLabel = (statusId: number) => (PAN_STATUS_LABEL[statusId as PanStatus] ?? String(statusId)).toLowerCase();

/** Tells the recipient their card's status changed; `reported`: they reported it themselves (lost or stolen). */
export async function noticeToRecipient(
  tx: DbOrTx,
  ctx: NoticeContext,
  pan: PanRecord,
  statusId: number,
  reported: boolean,
): Promise<void> {
  // The program's printed-PAN account is nobody's: no one to tell.
  if (pan.accountTypeId === ACCOUNT_TYPE.EXTERNAL) return;
  const values = { last4: pan.panLast4, program: pan.programName };
  const text = fillMessage(reported ? PAN_MESSAGES.NOTICE_REPORTED : PAN_MESSAGES.NOTICE_STATUSED, {
    ...values,
    status: statusLabel(statusId),
  });
  // The Spanish e-mail or SMS for a recipient who chose Spanish (docs/i18n.md); the status word agrees with 'tarjeta'.
  const es = MESSAGES_ES.PAN_MESSAGES;
  const spanish = {
    subject: es.NOTICE_SUBJECT!,
    text: fillMessage(reported ? es.NOTICE_REPORTED! : es.NOTICE_STATUSED!, {
      ...values,
      status: panStatusWord(statusId, 'es'),
    }),
  };
  await notifyAccounts(
    tx,
    ctx,
    [
      {
        accountId: pan.accountId,
        eventId: NOTIFICATION_EVENT.CARD_STATUS,
        text,
        subject: PAN_MESSAGES.NOTICE_SUBJECT,
        es: spanish,
      },
    ],
    'card-status',
  );
}

/** Tells the program's staff that the recipient reported their card lost or stolen. */
export async function noticeToStaff(tx: DbOrTx, ctx: NoticeContext, pan: PanRecord, statusId: number): Promise<void> {
  const people = await programStaff(tx, pan.programId, pan.agencyId);
  if (people.length === 0) return;
  const now = ctx.now();
  const values = {
    name: [pan.firstName, pan.middleName, pan.lastName].filter(Boolean).join(' '),
    id: pan.recipientIdentifier,
    program: pan.programName,
    last4: pan.panLast4,
    status: statusLabel(statusId),
  };
  const text = fillMessage(PAN_MESSAGES.STAFF_REPORTED, values).slice(0, 500);
  const subject = fillMessage(PAN_MESSAGES.STAFF_SUBJECT, values).slice(0, 200);
  await tx
    .insert(staffNotifications)
    .values(
      people.map((p) => ({ userId: p.userId, topic: CARD_REPORT_TOPIC, text, notifiedDate: now, createdAt: now })),
    );
  await tx
    .insert(outbox)
    .values(people.map((p) => ({ channel: 'email', to: p.email.slice(0, 255), subject, body: text, createdAt: now })));
  ctx.log.info({ count: people.length, notice: CARD_REPORT_TOPIC }, 'card report notices queued for staff');
}
