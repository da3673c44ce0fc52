import { ACCOUNT_TYPE, PAN_STATUS_LABEL, type PanStatus } from '@ebt/core/enums';
import { MESSAGES_ES, panStatusWord } from '@ebt/core/i18n';
import { fillMessage } from '@ebt/core/messages';
import { PAN_MESSAGES } from '@ebt/core/pans';
import type { DbOrTx } from '../../db/client.js';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import { staffNotifications } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { queueMessages } from '../../platform/outbox.js';
import { noticeText, staffEmail, type NoticeLanguage } from '../../platform/notice-mail.js';
import { noticeBaseUrl, notifyAccounts, type NoticeMail } from '../../platform/recipient-notices.js';
import { programStaff, type PanRecord } from './queries.js';

// Who hears of a card's new status (decision 0037), in the transaction that sets it. The recipient: a notification
// in their inbox (event 7 'Your card status changes') and an e-mail or SMS for each method they chose for the event
// (notification_preferences), as benefit notices do. The program's staff, when the recipient reported the card lost
// or stolen: a staff notification and an e-mail to each live program admin of the program and agency admin of the
// account's agency. No text carries more of the card than its last four digits.

export const CARD_REPORT_TOPIC = 'card-report';

type NoticeContext = Pick<RequestContext, 'now' | 'log' | 'config'>;

/** The recipient's home, where their cards are: where a card notice's link leads. */
export const RECIPIENT_CARDS_PATH = '/recipient/home';

/** The delivery log's kind of a card-status notice: an inactive card is locked, an active one unlocked. */
export function cardStatusKind(statusId: number): string {
  const word: Record<number, string> = { 0: 'unlocked', 1: 'lost', 2: 'stolen', 3: 'used', 4: 'locked' };
  return `card-${word[statusId] ?? 'status'}`;
}

/**
 * The e-mail of a card notice beyond its sentence: the card's last four digits and program, its status when it
 * changed, what to do next (core NOTICE_MESSAGES `next`), and a link to the recipient's cards.
 */
export function cardNoticeMail(
  card: Pick<PanRecord, 'panLast4' | 'programId' | 'programName'>,
  next: 'NEXT_CARD_STATUS' | 'NEXT_CARD_PIN' | 'NEXT_CARD_DEVICE',
  statusId?: number,
  extra?: (language: NoticeLanguage) => [string, string][],
): NoticeMail {
  return {
    path: RECIPIENT_CARDS_PATH,
    linkText: 'LINK_CARDS',
    programId: card.programId,
    details: (language) => {
      const t = (key: Parameters<typeof noticeText>[1], values?: Record<string, string>) =>
        noticeText(language, key, values);
      const facts: [string, string][] = [
        [t('FACT_CARD'), t('FACT_CARD_ENDING', { last4: card.panLast4 })],
        [t('FACT_PROGRAM'), card.programName],
      ];
      if (statusId !== undefined) facts.push([t('FACT_STATUS'), panStatusWord(statusId, language)]);
      facts.push(...(extra?.(language) ?? []));
      return { facts, next: t(next) };
    },
  };
}

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
        kind: cardStatusKind(statusId),
        mail: cardNoticeMail(pan, 'NEXT_CARD_STATUS', statusId),
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
  const email = staffEmail(noticeBaseUrl(ctx), subject, text);
  await queueMessages(
    tx,
    ctx,
    people.map((p) => ({ channel: 'email', to: p.email, ...email, kind: 'card-reported' })),
  );
}
