import { formatMoney } from '@ebt/core/format';
import { fillMessage } from '@ebt/core/messages';
import { MESSAGES_ES, spanishNoticeMoney } from '@ebt/core/i18n';
import { POS_NOTICES } from '@ebt/core/pos';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import type { RecipientNotice } from '../../platform/recipient-notices.js';
import type { CallFacts } from './call.js';

// The per-transaction alerts (docs/transaction-engine.md "Alerts"): a recipient who chose 'A purchase is made with
// your card' (event 5) hears of each approved purchase, refund and reversal, naming the card's last four digits only.

/** The Spanish alerts (core i18n; every one of them is required there). */
const ES = MESSAGES_ES.POS_NOTICES as Record<keyof typeof POS_NOTICES, string>;

/** The per-transaction alert of an approved purchase, refund or reversal, when the recipient chose it; else null. */
export function alertNotice(
  facts: CallFacts,
  kind: keyof typeof POS_NOTICES & ('PURCHASE' | 'REFUND' | 'REVERSAL'),
  amountCents: number,
  balanceCents: number,
): RecipientNotice | null {
  if (!facts.alertsOn || facts.accountId === null) return null;
  const values = {
    last4: facts.panLast4 ?? '',
    merchant: facts.merchantName,
    program: facts.programName ?? '',
  };
  const text = fillMessage(POS_NOTICES[kind], {
    ...values,
    amount: formatMoney(amountCents / 100),
    balance: formatMoney(balanceCents / 100),
  });
  // The e-mail or SMS of a recipient who chose Spanish (docs/i18n.md), its amounts as es-US writes them.
  const es = {
    subject: ES.SUBJECT,
    text: fillMessage(ES[kind], {
      ...values,
      amount: spanishNoticeMoney(amountCents / 100),
      balance: spanishNoticeMoney(balanceCents / 100),
    }),
  };
  return {
    accountId: facts.accountId,
    eventId: NOTIFICATION_EVENT.PURCHASE,
    text,
    subject: POS_NOTICES.SUBJECT,
    es,
    // The delivery log's kind: 'purchase', 'refund' or 'reversal'.
    kind: kind.toLowerCase(),
  };
}
