import { sql } from 'drizzle-orm';
import { BENEFIT_MESSAGES } from '@ebt/core/benefits';
import { DEFAULT_CREATION_CHANNEL } from '@ebt/core/constants';
import { BENEFIT_STATUS, BENEFIT_TYPE } from '@ebt/core/enums';
import { formatMoney, fromCents } from '@ebt/core/format';
import { MESSAGES_ES, spanishNoticeDate, spanishNoticeMoney } from '@ebt/core/i18n';
import { fillMessage } from '@ebt/core/messages';
import type { DbOrTx } from '../../db/client.js';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import { benefits, programs } from '../../db/schema/index.js';
import type { RequestContext } from '../../platform/context.js';
import { NOTIFICATION_TEXT_MAX, notifyAccounts } from '../../platform/recipient-notices.js';

// The side effects of issuing benefits, shared by POST /benefit-api/benefit and the benefit file import
// (docs/decisions/0010-benefit-rules.md "Funding accounting", "Notifications"). Call them in the transaction that
// inserts the benefits, so a benefit never exists without its funding count and its notification, nor the reverse.

/** What the effects need of one issued benefit. Amounts in integer cents. */
export interface IssuedBenefit {
  benefitId: number;
  programId: number;
  accountId: number;
  agencyId: number | null;
  fundingId: number | null;
  amountCents: number;
  /** What the notification says, when the caller has it at hand (the file import); else it is read back. */
  notice?: Omit<NoticeBenefit, 'benefitId' | 'accountId'>;
}

/** The context the effects need: the clock and the log (a request's, or a job's). */
export type EffectsContext = Pick<RequestContext, 'now' | 'log'>;

/** The values of a new benefit, as the issue form and the file import know them. */
export interface NewBenefit {
  programId: number;
  accountId: number;
  agencyId: number | null;
  fundingId: number | null;
  incentiveId?: number | null;
  authorizationNumber: string;
  benefitTypeId: number;
  availableDate: string;
  expirationDate: string;
  amountCents: number;
  note?: string | null;
  benefitOptionId?: number | null;
  creationChannel?: string | null;
}

/**
 * The insert row of a new benefit: status ISSUED, balance equal to the amount, notifiedRecipient true because
 * `applyIssueEffects`, called in the same transaction, writes the recipient's notification.
 */
export function benefitInsertRow(benefit: NewBenefit, now: Date): typeof benefits.$inferInsert {
  return {
    programId: benefit.programId,
    accountId: benefit.accountId,
    agencyId: benefit.agencyId,
    fundingSourceId: benefit.fundingId,
    incentiveId: benefit.incentiveId ?? null,
    authorizationNumber: benefit.authorizationNumber,
    benefitTypeId: benefit.benefitTypeId,
    statusId: BENEFIT_STATUS.ISSUED,
    availableDate: benefit.availableDate,
    expirationDate: benefit.expirationDate,
    amount: fromCents(benefit.amountCents),
    balance: fromCents(benefit.amountCents),
    note: benefit.note ? benefit.note : null,
    benefitOptionId: benefit.benefitOptionId ?? null,
    notifiedRecipient: true,
    creationChannel: benefit.creationChannel || DEFAULT_CREATION_CHANNEL,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Counts issued benefits against their funding source and agency, and notifies each recipient (a notification row,
 * plus an e-mail or SMS in the outbox for each method the recipient chose for the event). Set-based: a file of
 * thousands of rows costs the roll-up's statements and four more, whatever its size.
 */
export async function applyIssueEffects(
  tx: DbOrTx,
  ctx: EffectsContext,
  issued: readonly IssuedBenefit[],
): Promise<void> {
  if (issued.length === 0) return;
  // The notices first, the roll-up last: its rows are shared by every issue of a program, funding source and agency
  // (the transaction engine's accruals issue many a second), and each is locked from its update to the commit.
  // The file import knows what each notification says; reading 10,000 benefits back would only repeat it.
  if (issued.every((b) => b.notice))
    await writeNotices(
      tx,
      ctx,
      issued.map((b) => ({ benefitId: b.benefitId, accountId: b.accountId, ...b.notice! })),
      'issued',
    );
  else
    await notifyRecipients(
      tx,
      ctx,
      issued.map((b) => b.benefitId),
      'issued',
    );
}

// The issuance roll-ups follow the benefits through their triggers (platform/issuance-totals.ts, decision 0101).
export { rebuildIssuanceRollups } from '../../platform/issuance-totals.js';

// ---------------------------------------------------------------------------------------------------------------
// Notifications

export type BenefitNotice = 'issued' | 'voided';

/** The Spanish benefit notices (core i18n; every one of them is required there). */
const ES = MESSAGES_ES.BENEFIT_MESSAGES as Record<
  | 'NOTIFICATION_ISSUED'
  | 'NOTIFICATION_INCENTIVE'
  | 'NOTIFICATION_VOIDED'
  | 'EMAIL_SUBJECT_ISSUED'
  | 'EMAIL_SUBJECT_INCENTIVE'
  | 'EMAIL_SUBJECT_VOIDED',
  string
>;

const NOTICE = {
  issued: {
    [BENEFIT_TYPE.REGULAR]: {
      event: NOTIFICATION_EVENT.BENEFIT_ISSUED,
      text: BENEFIT_MESSAGES.NOTIFICATION_ISSUED,
      subject: BENEFIT_MESSAGES.EMAIL_SUBJECT_ISSUED,
      es: { text: ES.NOTIFICATION_ISSUED, subject: ES.EMAIL_SUBJECT_ISSUED },
    },
    [BENEFIT_TYPE.INCENTIVE]: {
      event: NOTIFICATION_EVENT.INCENTIVE_EARNED,
      text: BENEFIT_MESSAGES.NOTIFICATION_INCENTIVE,
      subject: BENEFIT_MESSAGES.EMAIL_SUBJECT_INCENTIVE,
      es: { text: ES.NOTIFICATION_INCENTIVE, subject: ES.EMAIL_SUBJECT_INCENTIVE },
    },
  },
  voided: {
    [BENEFIT_TYPE.REGULAR]: {
      event: NOTIFICATION_EVENT.BENEFIT_VOIDED,
      text: BENEFIT_MESSAGES.NOTIFICATION_VOIDED,
      subject: BENEFIT_MESSAGES.EMAIL_SUBJECT_VOIDED,
      es: { text: ES.NOTIFICATION_VOIDED, subject: ES.EMAIL_SUBJECT_VOIDED },
    },
    [BENEFIT_TYPE.INCENTIVE]: {
      event: NOTIFICATION_EVENT.BENEFIT_VOIDED,
      text: BENEFIT_MESSAGES.NOTIFICATION_VOIDED,
      subject: BENEFIT_MESSAGES.EMAIL_SUBJECT_VOIDED,
      es: { text: ES.NOTIFICATION_VOIDED, subject: ES.EMAIL_SUBJECT_VOIDED },
    },
  },
} as const;

/**
 * Writes one notification per benefit for its recipient account and queues an e-mail (to the account's e-mail) or
 * SMS (to its mobile phone) for every method the account chose for the event (notification_preferences). Used at
 * issue (one benefit, or the 10,000 of a file), at a resend (notifiedRecipient unticked) and at void. The ids and
 * rows travel as one array or JSON parameter each: four statements whatever the count (batches of 1,000 ids as
 * bind parameters cost a 1 MB file 40 statements and 0.8 s; bench/README.md).
 */
export async function notifyRecipients(
  tx: DbOrTx,
  ctx: EffectsContext,
  benefitIds: readonly number[],
  notice: BenefitNotice,
): Promise<void> {
  if (benefitIds.length === 0) return;
  const rows = await tx
    .select({
      benefitId: benefits.id,
      accountId: benefits.accountId,
      typeId: benefits.benefitTypeId,
      authNumber: benefits.authorizationNumber,
      amount: benefits.amount,
      availableDate: benefits.availableDate,
      expirationDate: benefits.expirationDate,
      programName: programs.name,
    })
    .from(benefits)
    .innerJoin(programs, sql`${programs.id} = ${benefits.programId}`)
    .where(sql`${benefits.id} = any(${`{${benefitIds.join(',')}}`}::int[])`)
    .orderBy(benefits.id);
  await writeNotices(tx, ctx, rows, notice);
}

/** What a benefit's notification says. */
export interface NoticeBenefit {
  benefitId: number;
  accountId: number;
  typeId: number;
  authNumber: string;
  /** Numeric text, as the column holds it ('12.50'). */
  amount: string;
  availableDate: string;
  expirationDate: string;
  programName: string;
}

/** What the notification of one benefit says: its event, the e-mail's subject and the text (also the message body). */
export function noticeMessage(
  r: Omit<NoticeBenefit, 'benefitId' | 'accountId'>,
  notice: BenefitNotice,
): { event: number; subject: string; text: string; es: { subject: string; text: string } } {
  const kind = NOTICE[notice][r.typeId === BENEFIT_TYPE.INCENTIVE ? BENEFIT_TYPE.INCENTIVE : BENEFIT_TYPE.REGULAR];
  const values = {
    amount: formatMoney(r.amount),
    programName: r.programName,
    availableDate: r.availableDate,
    expirationDate: r.expirationDate,
    authNumber: r.authNumber,
  };
  const text = fillMessage(kind.text, values).slice(0, NOTIFICATION_TEXT_MAX);
  // The Spanish of an e-mail or SMS to a recipient who chose Spanish (docs/i18n.md), its dates and amount as es-US
  // writes them.
  const spanishValues = {
    ...values,
    amount: spanishNoticeMoney(r.amount),
    availableDate: spanishNoticeDate(r.availableDate),
    expirationDate: spanishNoticeDate(r.expirationDate),
  };
  const es = {
    subject: kind.es.subject,
    text: fillMessage(kind.es.text, spanishValues).slice(0, NOTIFICATION_TEXT_MAX),
  };
  return { event: kind.event, subject: kind.subject, text, es };
}

/** The notification rows, then the e-mails and SMS the recipients chose, of benefits in id order. */
async function writeNotices(
  tx: DbOrTx,
  ctx: EffectsContext,
  unordered: readonly NoticeBenefit[],
  notice: BenefitNotice,
): Promise<void> {
  const rows = [...unordered].sort((a, b) => a.benefitId - b.benefitId);
  await notifyAccounts(
    tx,
    ctx,
    rows.map((r) => {
      const m = noticeMessage(r, notice);
      return { accountId: r.accountId, eventId: m.event, text: m.text, subject: m.subject, es: m.es };
    }),
    `benefit-${notice}`,
  );
}
