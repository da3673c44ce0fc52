import { displayPhone } from '@ebt/core/format';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { fillMessage } from '@ebt/core/messages';
import { NOTICE_MESSAGES } from '@ebt/core/notifications';
import { SMS_MAX_SEGMENTS, smsSize } from '@ebt/core/outbox';

// How every notice reads in an e-mail and a text message (docs/notices.md): a greeting (by first name where we know
// it), the notice's sentence, its facts, what to do next, a link to the page of the portal it is about, the program's
// contact and a footer saying why the person gets it. The e-mail has a plain text part complete on its own and an HTML
// part that says the same with real headings, a list of facts and a link with meaningful text (no images, no layout
// tables, dark text on white). The text message is the sentence and the link, within SMS_MAX_SEGMENTS parts: the
// greeting goes first when it fits, and the sentence is shortened only when even that does not fit.

export type NoticeLanguage = 'en' | 'es';

/** A program's (or the product's) contact for questions: programs.name, contact_email, contact_phone. */
export interface NoticeContact {
  name: string;
  email?: string | null;
  phone?: string | null;
}

/** What one notice says, in one language: every text already in that language, values already formatted for it. */
export interface NoticeParts {
  language: NoticeLanguage;
  /** The reader's first name; without it the greeting is the plain one. */
  greetingName?: string | null;
  /** The heading of the e-mail, and its subject unless `subject` says otherwise. Never a one-time code. */
  heading: string;
  subject?: string;
  /** The notice's own sentence (the inbox text): the first paragraph of the e-mail and the body of the text message. */
  summary: string;
  /** Label and value of each fact (amount, program, dates...). */
  facts: readonly (readonly [string, string])[];
  /** What to do next. */
  next: string;
  /** An absolute link to the page the notice is about, and the link's text ('See your benefits'). */
  link: { url: string; text: string };
  /** Who to ask; none for a notice from the product itself. */
  contact?: NoticeContact | null;
  /** Why the reader gets it: 'chosen' (their notification settings, at `settingsUrl`) or 'account' (their account). */
  footer: { reason: 'chosen' | 'account'; url: string };
}

export interface RenderedNotice {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

type NoticeKey = keyof typeof NOTICE_MESSAGES;

/** The language of a user's messages: Spanish when they chose it (users.preferred_language), else English. */
export function noticeLanguage(preferred: string | null | undefined): NoticeLanguage {
  return preferred === 'es' ? 'es' : 'en';
}

/** A frame text of the notices in a language (core NOTICE_MESSAGES, Spanish from MESSAGES_ES). */
export function noticeText(language: NoticeLanguage, key: NoticeKey, values?: Record<string, string>): string {
  const text = language === 'es' ? (MESSAGES_ES.NOTICE_MESSAGES[key] ?? NOTICE_MESSAGES[key]) : NOTICE_MESSAGES[key];
  return values ? fillMessage(text, values) : text;
}

/** Text escaped for HTML content and attribute values (names and programs come from users). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A one-line value: no line breaks, so a stored name cannot add lines (or headers) to a message. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** The e-mail (subject, text part, HTML part) and the text message of a notice. */
export function renderNotice(parts: NoticeParts): RenderedNotice {
  const t = (key: NoticeKey, values?: Record<string, string>) => noticeText(parts.language, key, values);
  const name = parts.greetingName ? oneLine(parts.greetingName) : '';
  const greeting = name ? t('GREETING_NAMED', { name }) : t('GREETING');
  const subject = oneLine(parts.subject ?? parts.heading).slice(0, 200);
  const facts = parts.facts.map(([label, value]) => [oneLine(label), oneLine(value)] as const);
  const contact = parts.contact ? contactLines(parts.language, parts.contact) : null;
  const footer = t(parts.footer.reason === 'chosen' ? 'FOOTER_CHOSEN' : 'FOOTER_ACCOUNT', { link: parts.footer.url });

  const text = [
    greeting,
    parts.summary,
    facts.length ? facts.map(([label, value]) => `${label}: ${value}`).join('\n') : null,
    `${t('NEXT_HEADING')}\n${parts.next}`,
    `${parts.link.text}: ${parts.link.url}`,
    contact ? [contact.line, ...contact.ways.map((w) => w.text)].join('\n') : null,
    `--\n${footer}`,
  ]
    .filter((block): block is string => Boolean(block))
    .join('\n\n');

  return {
    subject,
    text: `${text}\n`,
    html: noticeHtml(parts, { greeting, subject, facts, contact, footer }),
    sms: noticeSms(parts.language, name, parts.summary, parts.link.url),
  };
}

interface ContactLines {
  line: string;
  /** The HTML's line under its 'Questions?' heading. */
  by: string;
  ways: { text: string; href: string; value: string; label: string }[];
}

function contactLines(language: NoticeLanguage, contact: NoticeContact): ContactLines {
  const t = (key: NoticeKey, values?: Record<string, string>) => noticeText(language, key, values);
  const ways: ContactLines['ways'] = [];
  const email = contact.email?.trim();
  if (email) ways.push({ text: t('CONTACT_EMAIL', { email }), href: `mailto:${email}`, value: email, label: 'EMAIL' });
  const digits = (contact.phone ?? '').replace(/\D/g, '');
  if (digits) {
    const phone = displayPhone(contact.phone);
    // Written with the separators RFC 3966 allows, so no run of ten digits in a message looks like a card number.
    const d = digits.slice(-10);
    const href = `tel:+1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
    ways.push({ text: t('CONTACT_PHONE', { phone }), href, value: phone, label: 'PHONE' });
  }
  const name = oneLine(contact.name);
  return { line: t('CONTACT', { name }), by: t(ways.length ? 'CONTACT_BY' : 'CONTACT', { name }), ways };
}

// One style sheet in the head rather than a style on every element: a file's thousands of e-mails stay small (each
// HTML part under 2 kB, so PostgreSQL stores it without compressing it). A mail client that drops the sheet still
// shows the defaults: black on white, underlined blue links. Colours: #1a1a1a on #ffffff (17:1) for text, #0b4f8a
// (8.6:1) for links, #4a4a4a (9:1) for the footer.
const STYLE_SHEET = [
  'body{margin:0;padding:24px 16px;background:#fff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5}',
  'main{max-width:600px;margin:0 auto}',
  'h1{font-size:22px;line-height:1.3;margin:0 0 16px}',
  'h2{font-size:18px;line-height:1.3;margin:24px 0 8px}',
  'p,ul{margin:0 0 12px}',
  'dt{font-weight:bold;margin:8px 0 0}',
  'dd{margin:0 0 4px}',
  'a{color:#0b4f8a;font-weight:bold;text-decoration:underline}',
  'footer{margin:32px 0 0;padding-top:12px;border-top:1px solid #b0b0b0;font-size:14px;color:#4a4a4a}',
  'footer a{font-weight:normal}',
].join('\n');

/** The head and the start of the body of every HTML part. */
function htmlHead(language: NoticeLanguage, subject: string): string[] {
  return [
    '<!DOCTYPE html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(oneLine(subject))}</title>`,
    `<style>\n${STYLE_SHEET}\n</style>`,
    '</head>',
    '<body>',
    '<main>',
  ];
}

const HTML_END = ['</main>', '</body>', '</html>', ''];

function noticeHtml(
  parts: NoticeParts,
  r: {
    greeting: string;
    subject: string;
    facts: readonly (readonly [string, string])[];
    contact: ContactLines | null;
    footer: string;
  },
): string {
  const e = escapeHtml;
  const t = (key: NoticeKey, values?: Record<string, string>) => noticeText(parts.language, key, values);
  const lines: string[] = [
    ...htmlHead(parts.language, r.subject),
    `<h1>${e(oneLine(parts.heading))}</h1>`,
    `<p>${e(r.greeting)}</p>`,
    `<p>${e(parts.summary)}</p>`,
  ];
  if (r.facts.length) {
    lines.push(`<h2>${e(t('DETAILS'))}</h2>`, '<dl>');
    for (const [label, value] of r.facts) lines.push(`<dt>${e(label)}</dt><dd>${e(value)}</dd>`);
    lines.push('</dl>');
  }
  lines.push(
    `<h2>${e(t('NEXT_HEADING'))}</h2>`,
    `<p>${e(parts.next)}</p>`,
    `<p><a href="${e(parts.link.url)}">${e(parts.link.text)}</a></p>`,
  );
  if (r.contact) {
    lines.push(`<h2>${e(t('CONTACT_HEADING'))}</h2>`, `<p>${e(r.contact.by)}</p>`);
    if (r.contact.ways.length) {
      lines.push('<ul>');
      for (const way of r.contact.ways) {
        const label = t(way.label === 'EMAIL' ? 'CONTACT_EMAIL' : 'CONTACT_PHONE', { email: '', phone: '' });
        lines.push(`<li>${e(label.trim())} <a href="${e(way.href)}">${e(way.value)}</a></li>`);
      }
      lines.push('</ul>');
    }
  }
  // The footer's link is written out, as in the text part: the reader sees where it leads.
  const [before, after = ''] = r.footer.split(parts.footer.url);
  lines.push(
    `<footer><p>${e(before ?? '')}<a href="${e(parts.footer.url)}">${e(parts.footer.url)}</a>${e(after)}</p></footer>`,
    ...HTML_END,
  );
  return lines.join('\n');
}

/** Whether a text message goes in at most SMS_MAX_SEGMENTS parts. */
export function smsFits(text: string): boolean {
  return smsSize(text).segments <= SMS_MAX_SEGMENTS;
}

/**
 * Places in a notice rendered once for many rows, which SQL fills per row (the benefit file's thousands of e-mails:
 * platform/recipient-notices.ts can render each, a statement that writes 10,000 cannot). A control character and a
 * letter: no stored text carries one (core's text rules refuse control characters).
 */
export const NOTICE_SLOT = {
  summary: '\u0001S',
  name: '\u0001G',
} as const;

/**
 * A row's SMS when the plain form ('{sentence} Details: {link}', which SQL can write) does not fit, else null: the
 * check costs nothing for a short text, since 134 units fit two parts in either encoding.
 */
export function smsUnlessPlain(language: NoticeLanguage, summary: string, url: string): string | null {
  const plain = `${summary} ${noticeText(language, 'SMS_LINK', { link: url })}`;
  if (plain.length <= 134 || smsFits(plain)) return null;
  return noticeSms(language, '', summary, url);
}

/**
 * The text message: '{greeting} ' (when it fits), the sentence and the link. A sentence too long even alone is cut at
 * a word and ends with '…'; the link always stays whole.
 */
export function noticeSms(language: NoticeLanguage, name: string, summary: string, url: string): string {
  const link = noticeText(language, 'SMS_LINK', { link: url });
  const sentence = oneLine(summary);
  const greeted = name ? `${noticeText(language, 'GREETING_NAMED', { name })} ${sentence} ${link}` : '';
  if (greeted && smsFits(greeted)) return greeted;
  const plain = `${sentence} ${link}`;
  if (smsFits(plain)) return plain;
  const words = sentence.split(' ');
  while (words.length > 1) {
    words.pop();
    const cut = `${words.join(' ').replace(/[.,;:]$/, '')}… ${link}`;
    if (smsFits(cut)) return cut;
  }
  return link;
}

/**
 * The fields of queueMessage for an e-mail notice about the reader's own account (sign-in, recovery, invitations,
 * staff notices): rendered by `renderNotice` with the footer naming the account at the portal's address.
 */
export function accountEmail(
  parts: Omit<NoticeParts, 'footer' | 'facts'> & { facts?: NoticeParts['facts']; baseUrl: string },
): { subject: string; body: string; html: string } {
  const { baseUrl, ...rest } = parts;
  const notice = renderNotice({ ...rest, facts: rest.facts ?? [], footer: { reason: 'account', url: baseUrl } });
  return { subject: notice.subject, body: notice.text, html: notice.html };
}

/**
 * The HTML part of an e-mail whose text part is already written as paragraphs (the farmer application's, decision
 * 0111): the subject as heading and title, each blank-line-separated block a paragraph, and each address in it a
 * link named `linkText` (the address itself when none is given).
 */
export function htmlOfText(language: NoticeLanguage, subject: string, text: string, linkText?: string): string {
  const blocks = text
    .trim()
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block.split('\n').map((line) =>
        escapeHtml(line).replace(/https?:\/\/[^\s<>"']+/g, (url) => {
          const href = url.replace(/&amp;/g, '&');
          return `<a href="${escapeHtml(href)}">${linkText ? escapeHtml(linkText) : url}</a>`;
        }),
      );
      return `<p>${lines.join('<br>\n')}</p>`;
    });
  return [...htmlHead(language, subject), `<h1>${escapeHtml(oneLine(subject))}</h1>`, ...blocks, ...HTML_END].join(
    '\n',
  );
}

/** The staff notifications page: where a staff notice's e-mail links to (the notice is there too). */
export const STAFF_NOTIFICATIONS_PATH = '/program/notifications';
/** The same page in the admin portal, for a notice to platform admins. */
export const ADMIN_NOTIFICATIONS_PATH = '/admin/notifications';

/** A staff notice's e-mail (English, as staff pages are): the greeting, the notice, a link to the staff inbox. */
export function staffEmail(
  baseUrl: string,
  subject: string,
  text: string,
): { subject: string; body: string; html: string } {
  return accountEmail({
    language: 'en',
    baseUrl,
    heading: subject,
    summary: text,
    next: noticeText('en', 'NEXT_STAFF_REVIEW'),
    link: { url: `${baseUrl}${STAFF_NOTIFICATIONS_PATH}`, text: noticeText('en', 'LINK_NOTIFICATIONS') },
  });
}
