import { describe, expect, it } from 'vitest';
import { BENEFIT_LIFE_CYCLE_MESSAGES } from '@ebt/core/benefits';
import { BENEFIT_TYPE, PAN_STATUS } from '@ebt/core/enums';
import { formatMoney } from '@ebt/core/format';
import { MESSAGES_ES, panStatusWord, spanishNoticeDate, spanishNoticeMoney } from '@ebt/core/i18n';
import { fillMessage } from '@ebt/core/messages';
import { SMS_MAX_SEGMENTS, smsSize } from '@ebt/core/outbox';
import { PAN_MESSAGES } from '@ebt/core/pans';
import {
  benefitNoticeMail,
  benefitNoticeTemplates,
  BENEFIT_SLOT,
  lifeCycleMail,
  noticeMessage,
} from '../benefits/index.js';
import { cardNoticeMail } from '../pans/index.js';
import { payoutNotice } from '../settlement/index.js';
import {
  escapeHtml,
  htmlOfText,
  type NoticeLanguage,
  renderNotice,
  smsUnlessPlain,
} from '../../platform/notice-mail.js';
import { renderRecipientNotice, type RecipientNotice } from '../../platform/recipient-notices.js';

// The e-mail (text and HTML parts) and SMS of the notices, as the recipient reads them (docs/notices.md): snapshots of
// the main ones in English and Spanish, the SMS within two parts, and names from users escaped in the HTML.

const BASE = 'https://portal.example';
const CONTACT = { name: 'Farm Fresh Rewards', email: 'help@farmfresh.example', phone: '8605550142' };
const LANGUAGES: NoticeLanguage[] = ['en', 'es'];

const benefit: Parameters<typeof benefitNoticeMail>[0] & { programId: number } = {
  typeId: BENEFIT_TYPE.REGULAR,
  authNumber: 'AUTH0001',
  amount: '1234.50',
  availableDate: '2026-11-23',
  expirationDate: '2027-02-28',
  programName: CONTACT.name,
  programId: 7,
};

function issuedNotice(b = benefit): Pick<RecipientNotice, 'text' | 'subject' | 'es' | 'mail'> {
  const m = noticeMessage(b, 'issued');
  return { text: m.text, subject: m.subject, es: m.es, mail: benefitNoticeMail(b, 'issued') };
}

function expiringNotice(): Pick<RecipientNotice, 'text' | 'subject' | 'es' | 'mail'> {
  const b = { programId: 7, authorizationNumber: 'AUTH0001', expirationDate: '2027-02-28', balance: '12.50' };
  const es = MESSAGES_ES.BENEFIT_LIFE_CYCLE_MESSAGES;
  return {
    subject: BENEFIT_LIFE_CYCLE_MESSAGES.EMAIL_SUBJECT_EXPIRING,
    text: fillMessage(BENEFIT_LIFE_CYCLE_MESSAGES.NOTIFICATION_EXPIRING, {
      authNumber: b.authorizationNumber,
      expirationDate: b.expirationDate,
      amount: formatMoney(b.balance),
    }),
    es: {
      subject: es.EMAIL_SUBJECT_EXPIRING!,
      text: fillMessage(es.NOTIFICATION_EXPIRING!, {
        authNumber: b.authorizationNumber,
        expirationDate: spanishNoticeDate(b.expirationDate),
        amount: spanishNoticeMoney(b.balance),
      }),
    },
    mail: lifeCycleMail(b, 'expiring'),
  };
}

function cardLockedNotice(programName = CONTACT.name): Pick<RecipientNotice, 'text' | 'subject' | 'es' | 'mail'> {
  const card = { panLast4: '4821', programId: 7, programName };
  const values = { last4: card.panLast4, program: card.programName };
  const es = MESSAGES_ES.PAN_MESSAGES;
  return {
    subject: PAN_MESSAGES.NOTICE_SUBJECT,
    text: fillMessage(PAN_MESSAGES.NOTICE_STATUSED, { ...values, status: panStatusWord(PAN_STATUS.INACTIVE, 'en') }),
    es: {
      subject: es.NOTICE_SUBJECT!,
      text: fillMessage(es.NOTICE_STATUSED!, { ...values, status: panStatusWord(PAN_STATUS.INACTIVE, 'es') }),
    },
    mail: cardNoticeMail(card, 'NEXT_CARD_STATUS', PAN_STATUS.INACTIVE),
  };
}

const payout = (language: NoticeLanguage, firstName = 'Rosa') =>
  payoutNotice(
    {
      first_name: firstName,
      preferred_language: language,
      merchant_name: 'Green Valley Farm',
      program_name: CONTACT.name,
      contact_email: CONTACT.email,
      contact_phone: CONTACT.phone,
      net: '312.40',
      paid_on: '2026-12-04',
    },
    BASE,
  );

describe('the notices as e-mail (text and HTML) and SMS', () => {
  it.each(LANGUAGES)('benefit issued, in %s', (language) => {
    const r = renderRecipientNotice(issuedNotice(), language, 'Ana', CONTACT, BASE);
    expect(r.text).toMatchSnapshot('text');
    expect(r.html).toMatchSnapshot('html');
    expect(r.sms).toMatchSnapshot('sms');
    expect(r.subject).toBe(language === 'es' ? 'Tiene un nuevo beneficio disponible' : 'A new benefit is available');
  });

  it.each(LANGUAGES)('benefit expiring, in %s', (language) => {
    const r = renderRecipientNotice(expiringNotice(), language, 'Ana', CONTACT, BASE);
    expect(r.text).toMatchSnapshot('text');
    expect(r.html).toMatchSnapshot('html');
    expect(r.sms).toMatchSnapshot('sms');
  });

  it.each(LANGUAGES)('card locked, in %s', (language) => {
    const r = renderRecipientNotice(cardLockedNotice(), language, 'Ana', CONTACT, BASE);
    expect(r.text).toMatchSnapshot('text');
    expect(r.html).toMatchSnapshot('html');
    expect(r.sms).toMatchSnapshot('sms');
  });

  it.each(LANGUAGES)('payout sent, in %s', (language) => {
    const r = payout(language);
    expect(r.text).toMatchSnapshot('text');
    expect(r.html).toMatchSnapshot('html');
    expect(r.sms).toMatchSnapshot('sms');
  });

  it('every part carries the greeting, the link and the contact, in the reader language', () => {
    for (const language of LANGUAGES) {
      for (const r of [
        renderRecipientNotice(issuedNotice(), language, 'Ana', CONTACT, BASE),
        renderRecipientNotice(expiringNotice(), language, 'Ana', CONTACT, BASE),
        renderRecipientNotice(cardLockedNotice(), language, 'Ana', CONTACT, BASE),
        payout(language, 'Ana'),
      ]) {
        expect(r.text.startsWith(language === 'es' ? 'Hola, Ana:' : 'Hello Ana,')).toBe(true);
        expect(r.text).toContain(`${BASE}/`);
        expect(r.text).toContain('(860) 555-0142');
        expect(r.text).toContain(CONTACT.email);
        expect(r.html).toContain(`<html lang="${language}">`);
        expect(r.html).toMatch(/<title>[^<]+<\/title>/);
        expect(r.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
        expect(r.html).toContain('href="tel:+1-860-555-0142"');
        expect(r.html).not.toMatch(/<img|<table/);
        // Small enough that PostgreSQL keeps it uncompressed beside the text part (docs/notices.md).
        expect(Buffer.byteLength(r.html)).toBeLessThan(2100);
        expect(r.sms).toContain(`${BASE}/`);
      }
    }
  });

  it('greets plainly without a first name', () => {
    expect(renderRecipientNotice(issuedNotice(), 'en', null, CONTACT, BASE).text.startsWith('Hello,\n')).toBe(true);
    expect(renderRecipientNotice(issuedNotice(), 'es', '', CONTACT, BASE).text.startsWith('Hola:\n')).toBe(true);
  });
});

describe('text messages', () => {
  const longName = 'Programa de Nutrición en Mercados de Agricultores para Personas Mayores del Condado de Hartford';
  const variants = () => {
    const long = { ...benefit, programName: longName, amount: '99999.99' };
    const incentive = { ...long, typeId: BENEFIT_TYPE.INCENTIVE };
    return [
      issuedNotice(),
      issuedNotice(long),
      issuedNotice(incentive),
      { ...issuedNotice(long), mail: benefitNoticeMail(long, 'voided') },
      expiringNotice(),
      cardLockedNotice(),
      cardLockedNotice(longName),
    ];
  };

  it.each(LANGUAGES)('every notice SMS is within two parts, with its link, in %s', (language) => {
    for (const notice of variants()) {
      for (const name of [null, 'Ana', 'María José Guadalupe de los Ángeles']) {
        const { sms } = renderRecipientNotice(notice, language, name, CONTACT, BASE);
        expect(smsSize(sms).segments, sms).toBeLessThanOrEqual(SMS_MAX_SEGMENTS);
        expect(sms).toContain(`${BASE}/`);
      }
    }
    expect(smsSize(payout(language).sms).segments).toBeLessThanOrEqual(SMS_MAX_SEGMENTS);
  });

  it('keeps the greeting when it fits, drops it when it does not, and shortens the sentence last', () => {
    const short = renderRecipientNotice(cardLockedNotice(), 'en', 'Ana', CONTACT, BASE).sms;
    expect(short.startsWith('Hello Ana, Your card ending in 4821')).toBe(true);
    const long = renderRecipientNotice(issuedNotice({ ...benefit, programName: longName }), 'es', 'Ana', CONTACT, BASE);
    expect(long.sms.startsWith('Hola, Ana:')).toBe(false);
    expect(long.sms).toMatch(/… Detalles: https:\/\/portal\.example\/recipient\/benefits$/);
    // The file import writes the plain form in SQL, or the one Node shortened: the same text as one by one.
    const m = noticeMessage({ ...benefit, programName: longName }, 'issued');
    expect(smsUnlessPlain('es', m.es.text, `${BASE}/recipient/benefits`)).toBe(long.sms);
    expect(smsUnlessPlain('en', 'Short.', `${BASE}/recipient/benefits`)).toBeNull();
  });
});

describe('names from users in the HTML part', () => {
  it('escapes a first name, a program name and a link so no markup gets in', () => {
    const evil = '<script>alert("x")</script>';
    const notice = cardLockedNotice(`Fresh & <b>Bold</b>`);
    const r = renderRecipientNotice(notice, 'en', evil, { ...CONTACT, name: `A "quoted" <i>name</i>` }, BASE);
    expect(r.html).not.toContain('<script>');
    expect(r.html).not.toContain('<b>');
    expect(r.html).not.toContain('<i>');
    expect(r.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(r.html).toContain('Fresh &amp; &lt;b&gt;Bold&lt;/b&gt;');
    // The text part is plain text: the name as it is, on one line.
    expect(r.text.startsWith(`Hello ${evil},`)).toBe(true);
    expect(renderNotice({ ...partsOf(r), greetingName: 'Ana\nBcc: x@example.com' }).text.split('\n')[0]).toBe(
      'Hello Ana Bcc: x@example.com,',
    );
    expect(escapeHtml(`'"<>&`)).toBe('&#39;&quot;&lt;&gt;&amp;');
  });

  it('escapes the text of an e-mail written as paragraphs, and names its link', () => {
    const html = htmlOfText(
      'en',
      'Your <code>',
      'Hello <b>Ana</b>,\n\nOpen https://portal.example/a?x=1&y=2 now.',
      'Open',
    );
    expect(html).toContain('Hello &lt;b&gt;Ana&lt;/b&gt;,');
    expect(html).toContain('<a href="https://portal.example/a?x=1&amp;y=2">Open</a> now.');
    expect(html).toContain('<title>Your &lt;code&gt;</title>');
  });
});

describe('the benefit file import templates', () => {
  it('render the same e-mail as one by one once SQL fills the places', () => {
    const program = { id: 7, name: CONTACT.name, contactEmail: CONTACT.email, contactPhone: CONTACT.phone };
    const templates = benefitNoticeTemplates(program, BASE);
    expect(templates).toHaveLength(8);
    for (const language of LANGUAGES) {
      const template = templates.find((t) => t.lang === language && t.named && t.type_id === BENEFIT_TYPE.REGULAR)!;
      const m = noticeMessage(benefit, 'issued');
      const es = language === 'es';
      const fill = (text: string, escape: (x: string) => string) =>
        text
          .replaceAll(BENEFIT_SLOT.summary, escape(es ? m.es.text : m.text))
          .replaceAll(BENEFIT_SLOT.name, escape('Ana'))
          .replaceAll(BENEFIT_SLOT.amount, '$1,234.50')
          .replaceAll(BENEFIT_SLOT.availableDate, es ? '23/11/2026' : '2026-11-23')
          .replaceAll(BENEFIT_SLOT.expirationDate, es ? '28/02/2027' : '2027-02-28')
          .replaceAll(BENEFIT_SLOT.authNumber, escape(benefit.authNumber));
      const direct = renderRecipientNotice(issuedNotice(), language, 'Ana', CONTACT, BASE);
      expect(template.text_head + fill(template.text, (x) => x) + template.text_tail).toBe(direct.text);
      expect(template.html_head + fill(template.html, escapeHtml) + template.html_tail).toBe(direct.html);
      // The statement scans only the lines with places: not the style sheet, the contact or the footer.
      expect(template.html_head).toContain('<style>');
      expect(template.html_tail).toContain('<footer>');
    }
  });
});

/** The parts of a rendered notice, for a variation of it. */
function partsOf(r: { subject: string }) {
  return {
    language: 'en' as const,
    heading: r.subject,
    summary: 'A sentence.',
    facts: [],
    next: 'Next.',
    link: { url: `${BASE}/x`, text: 'See it' },
    footer: { reason: 'account' as const, url: BASE },
  };
}
