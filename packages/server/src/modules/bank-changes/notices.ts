import type { DbOrTx } from '../../db/client.js';
import { staffNotifications } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { queueMessage } from '../../platform/outbox.js';
import { bankStaffOf, merchantFarmers } from './queries.js';

// Who is told of a bank change request, queued in the transaction that makes the change so nobody hears of one that
// was rolled back: staff who can act on it when it is made, the merchant's farmer users when it is decided (in the
// language each chose, as the payout e-mails are).

export const BANK_CHANGE_TOPIC = 'bank-change';

type NoticeContext = Pick<RequestContext, 'now' | 'log'>;

/**
 * A staff notification (and its e-mail) to each live user holding BANK_VIEW in one of the merchant's programs.
 * Platform admins hold no program and are not told; they see the request on the merchant's page.
 */
export async function tellBankStaff(tx: DbOrTx, ctx: NoticeContext, merchant: { id: number; name: string }) {
  const people = await bankStaffOf(tx, merchant.id);
  if (people.length === 0) return;
  const now = ctx.now();
  const text =
    `${merchant.name} asked to change its bank account. Confirm or refuse it in the bank section of the merchant page.`.slice(
      0,
      500,
    );
  await tx
    .insert(staffNotifications)
    .values(
      people.map((p) => ({ userId: p.userId, topic: BANK_CHANGE_TOPIC, text, notifiedDate: now, createdAt: now })),
    );
  for (const p of people)
    await queueMessage(tx, ctx, {
      channel: 'email',
      to: p.email,
      subject: 'Bank account change requested',
      body: text,
    });
}

/** The e-mail to each farmer user of the merchant when staff decide: applied, or refused with the reason. */
export async function tellFarmers(
  tx: DbOrTx,
  ctx: NoticeContext,
  merchant: { id: number; name: string },
  outcome: { applied: true; last4: string } | { applied: false; reason: string },
) {
  for (const reader of await merchantFarmers(tx, merchant.id)) {
    const spanish = reader.language === 'es';
    const name = merchant.name;
    const message = outcome.applied
      ? spanish
        ? {
            subject: `Cuenta bancaria cambiada: ${name}`,
            body:
              `Hola, ${reader.firstName}:\n\nEl personal confirmó la nueva cuenta bancaria de ${name} ` +
              `(termina en ${outcome.last4}). Los próximos pagos irán a esa cuenta.`,
          }
        : {
            subject: `Bank account changed: ${name}`,
            body:
              `Hello ${reader.firstName},\n\nStaff confirmed ${name}'s new bank account (ending ${outcome.last4}). ` +
              `The next payouts go to it.`,
          }
      : spanish
        ? {
            subject: `Cambio de cuenta bancaria rechazado: ${name}`,
            body:
              `Hola, ${reader.firstName}:\n\nEl personal rechazó el cambio de cuenta bancaria de ${name}. ` +
              `Motivo: ${outcome.reason}\n\nLos pagos siguen yendo a la cuenta de siempre.`,
          }
        : {
            subject: `Bank account change refused: ${name}`,
            body:
              `Hello ${reader.firstName},\n\nStaff refused the change of ${name}'s bank account. ` +
              `Reason: ${outcome.reason}\n\nPayouts still go to the account on file.`,
          };
    await queueMessage(tx, ctx, { channel: 'email', to: reader.email, ...message });
  }
}
