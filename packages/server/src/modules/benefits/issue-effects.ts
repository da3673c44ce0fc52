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
import { NOTICE_SLOT, noticeText, renderNotice, type NoticeLanguage } from '../../platform/notice-mail.js';
import {
  NOTIFICATION_TEXT_MAX,
  notifyAccounts,
  RECIPIENT_SETTINGS_PATH,
  type NoticeContext,
  type NoticeMail,
} from '../../platform/recipient-notices.js';

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

/** The context the effects need: the clock and the log (a request's, or a job's), the config for links. */
export type EffectsContext = NoticeContext;

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
      issued.map((b) => ({ benefitId: b.benefitId, accountId: b.accountId, programId: b.programId, ...b.notice! })),
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
      programId: benefits.programId,
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
  /** The program whose contact the e-mail names. */
  programId?: number;
}

/** The recipient's benefits page: where a benefit notice's link leads. */
export const RECIPIENT_BENEFITS_PATH = '/recipient/benefits';

/** The e-mail of a benefit notice beyond its sentence: the benefit's facts and what to do, in the reader's language. */
export function benefitNoticeMail(
  r: Omit<NoticeBenefit, 'benefitId' | 'accountId'>,
  notice: BenefitNotice,
  /** For a template: the amount's place, and the dates taken as they are (already places). */
  slots?: { amount: string; dates: false },
): NoticeMail {
  return {
    path: RECIPIENT_BENEFITS_PATH,
    linkText: 'LINK_BENEFITS',
    programId: r.programId ?? null,
    details: (language: NoticeLanguage) => {
      const es = language === 'es';
      const t = (key: Parameters<typeof noticeText>[1], values?: Record<string, string>) =>
        noticeText(language, key, values);
      const amount = slots ? slots.amount : es ? spanishNoticeMoney(r.amount) : formatMoney(r.amount);
      const availableDate = es && !slots ? spanishNoticeDate(r.availableDate) : r.availableDate;
      const expirationDate = es && !slots ? spanishNoticeDate(r.expirationDate) : r.expirationDate;
      const facts: [string, string][] = [
        [t('FACT_AMOUNT'), amount],
        [t('FACT_PROGRAM'), r.programName],
      ];
      if (notice === 'issued') facts.push([t('FACT_AVAILABLE'), availableDate], [t('FACT_EXPIRES'), expirationDate]);
      facts.push([t('FACT_AUTHORIZATION'), r.authNumber]);
      const next =
        notice === 'voided'
          ? t('NEXT_VOIDED')
          : r.typeId === BENEFIT_TYPE.INCENTIVE
            ? t('NEXT_INCENTIVE', { expirationDate })
            : t('NEXT_ISSUED', { availableDate, expirationDate });
      return { facts, next };
    },
  };
}

/** The places of a benefit e-mail rendered once for a file (`benefitNoticeTemplates`), which SQL fills per row. */
export const BENEFIT_SLOT = {
  ...NOTICE_SLOT,
  amount: '\u0001A',
  availableDate: '\u0001V',
  expirationDate: '\u0001X',
  authNumber: '\u0001N',
} as const;

/** A benefit-issued e-mail of one program, type, language and greeting, its values left as BENEFIT_SLOT places. */
export interface BenefitNoticeTemplate {
  program_id: number;
  type_id: number;
  lang: NoticeLanguage;
  named: boolean;
  kind: string;
  /** Each part as the lines before the first place, the lines holding places, and the lines after the last. */
  text_head: string;
  text: string;
  text_tail: string;
  html_head: string;
  html: string;
  html_tail: string;
  sms_link: string;
}

/**
 * A template cut around its places: the statement fills only the middle, so its replaces do not scan the head (the
 * style sheet) and the tail (link, contact, footer) of thousands of e-mails.
 */
function aroundSlots(text: string): [string, string, string] {
  const first = text.indexOf('\u0001');
  if (first < 0) return ['', text, ''];
  const start = text.lastIndexOf('\n', first) + 1;
  const end = text.indexOf('\n', text.lastIndexOf('\u0001') + 2);
  return end < 0
    ? [text.slice(0, start), text.slice(start), '']
    : [text.slice(0, start), text.slice(start, end), text.slice(end)];
}

/**
 * The issued e-mails of a program's new benefits, rendered once per benefit type, language and greeting (by name or
 * not): the file import writes thousands of e-mails in one statement, which fills the places with each row's values
 * (import-queries.ts). The same words as `notifyAccounts` renders one by one.
 */
export function benefitNoticeTemplates(
  program: { id: number; name: string; contactEmail: string | null; contactPhone: string | null },
  baseUrl: string,
): BenefitNoticeTemplate[] {
  const out: BenefitNoticeTemplate[] = [];
  const contact = { name: program.name, email: program.contactEmail, phone: program.contactPhone };
  for (const typeId of [BENEFIT_TYPE.REGULAR, BENEFIT_TYPE.INCENTIVE]) {
    const kind = NOTICE.issued[typeId];
    const mail = benefitNoticeMail(
      {
        typeId,
        authNumber: BENEFIT_SLOT.authNumber,
        amount: '0',
        availableDate: BENEFIT_SLOT.availableDate,
        expirationDate: BENEFIT_SLOT.expirationDate,
        programName: program.name,
      },
      'issued',
      { amount: BENEFIT_SLOT.amount, dates: false },
    );
    for (const lang of ['en', 'es'] as const) {
      const details = mail.details(lang);
      for (const named of [false, true]) {
        const rendered = renderNotice({
          language: lang,
          greetingName: named ? BENEFIT_SLOT.name : null,
          heading: lang === 'es' ? kind.es.subject : kind.subject,
          summary: BENEFIT_SLOT.summary,
          facts: details.facts,
          next: details.next,
          link: { url: `${baseUrl}${RECIPIENT_BENEFITS_PATH}`, text: noticeText(lang, 'LINK_BENEFITS') },
          contact,
          footer: { reason: 'chosen', url: `${baseUrl}${RECIPIENT_SETTINGS_PATH}` },
        });
        const [textHead, text, textTail] = aroundSlots(rendered.text);
        const [htmlHead, html, htmlTail] = aroundSlots(rendered.html);
        out.push({
          program_id: program.id,
          type_id: typeId,
          lang,
          named,
          kind: benefitNoticeKind(typeId, 'issued'),
          text_head: textHead,
          text,
          text_tail: textTail,
          html_head: htmlHead,
          html,
          html_tail: htmlTail,
          sms_link: noticeText(lang, 'SMS_LINK', { link: `${baseUrl}${RECIPIENT_BENEFITS_PATH}` }),
        });
      }
    }
  }
  return out;
}

/** The delivery log's kind of a benefit notice. */
export function benefitNoticeKind(typeId: number, notice: BenefitNotice): string {
  if (notice === 'voided') return 'benefit-voided';
  return typeId === BENEFIT_TYPE.INCENTIVE ? 'incentive-earned' : 'benefit-issued';
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
      return {
        accountId: r.accountId,
        eventId: m.event,
        text: m.text,
        subject: m.subject,
        es: m.es,
        kind: benefitNoticeKind(r.typeId, notice),
        mail: benefitNoticeMail(r, notice),
      };
    }),
    `benefit-${notice}`,
  );
}
