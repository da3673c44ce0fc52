import { CARD_DEVICE_MESSAGES } from '@ebt/core/card-devices';
import { ACCOUNT_TYPE } from '@ebt/core/enums';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { fillMessage } from '@ebt/core/messages';
import type { DbOrTx } from '../../db/client.js';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import type { RequestContext } from '../../platform/context.js';
import { noticeText } from '../../platform/notice-mail.js';
import { notifyAccounts } from '../../platform/recipient-notices.js';
import { cardNoticeMail } from '../pans/index.js';
import type { DeviceCard } from './queries.js';

/**
 * Tells the recipient that staff removed a phone from their card: in their inbox, and by e-mail or SMS as they chose
 * for card changes (event 7), in Spanish when they chose it. No more of the card than its last four digits.
 */
export async function noticeOfRemoval(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'now' | 'log' | 'config'>,
  card: DeviceCard,
  deviceName: string,
): Promise<void> {
  if (card.accountTypeId === ACCOUNT_TYPE.EXTERNAL) return;
  const values = { name: deviceName, last4: card.panLast4, program: card.programName };
  const es = MESSAGES_ES.CARD_DEVICE_MESSAGES;
  await notifyAccounts(
    tx,
    ctx,
    [
      {
        accountId: card.accountId,
        eventId: NOTIFICATION_EVENT.CARD_STATUS,
        text: fillMessage(CARD_DEVICE_MESSAGES.NOTICE_REMOVED, values),
        subject: CARD_DEVICE_MESSAGES.NOTICE_SUBJECT,
        es: { subject: es.NOTICE_SUBJECT!, text: fillMessage(es.NOTICE_REMOVED!, values) },
        kind: 'card-device-removed',
        mail: cardNoticeMail(card, 'NEXT_CARD_DEVICE', undefined, (language) => [
          [noticeText(language, 'FACT_PHONE_NAME'), deviceName],
        ]),
      },
    ],
    'card-device-removed',
  );
}
