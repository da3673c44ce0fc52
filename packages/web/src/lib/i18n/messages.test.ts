import { BENEFIT_LIFE_CYCLE_MESSAGES, BENEFIT_MESSAGES } from '@ebt/core/benefits';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { PAN_MESSAGES } from '@ebt/core/pans';
import { describe, expect, it } from 'vitest';
import { messageTranslator } from './messages';

const translate = messageTranslator();

describe('messageTranslator', () => {
  it('gives the Spanish of a known message', () => {
    expect(translate(MESSAGES.LOGIN_INVALID)).toBe(MESSAGES_ES.MESSAGES.LOGIN_INVALID);
  });

  it('carries the values of a filled message into its Spanish', () => {
    const english = fillMessage(MESSAGES.OTP_SENT, { sentTo: 'j***@example.com' });
    expect(translate(english)).toBe('Se envió un código de verificación a j***@example.com.');
    const notice = fillMessage(BENEFIT_MESSAGES.NOTIFICATION_VOIDED, {
      authNumber: 'A1',
      amount: '$5.00',
      programName: 'Farmers Market',
    });
    expect(translate(notice)).toBe('El beneficio A1 de $5.00 de Farmers Market fue anulado.');
  });

  it('translates a line of known sentences one by one and leaves unknown text alone', () => {
    expect(translate(`${MESSAGES.LOGIN_UNAVAILABLE} ${MESSAGES.LOGIN_LOCKED}`)).toBe(
      `${MESSAGES_ES.MESSAGES.LOGIN_UNAVAILABLE} ${MESSAGES_ES.MESSAGES.LOGIN_LOCKED}`,
    );
    expect(translate('Farmers Market')).toBe('Farmers Market');
  });

  it('prefers the message with more fixed words when a shorter one would also match; dates come day first', () => {
    const unspent = fillMessage(BENEFIT_LIFE_CYCLE_MESSAGES.NOTIFICATION_EXPIRED_UNSPENT, {
      authNumber: 'A1',
      expirationDate: '2026-12-20',
      amount: '$5.00',
    });
    expect(translate(unspent)).toBe('Su beneficio A1 venció el 20/12/2026 con $5.00 sin gastar.');
    const expired = fillMessage(BENEFIT_MESSAGES.NOTIFICATION_EXPIRED, {
      authNumber: 'A1',
      expirationDate: '2026-12-20',
    });
    expect(translate(expired)).toBe('Su beneficio A1 venció el 20/12/2026.');
  });

  it('gives the Spanish of a card-status word a stored notice carries', () => {
    const notice = fillMessage(PAN_MESSAGES.NOTICE_STATUSED, {
      last4: '4321',
      program: 'Farmers Market',
      status: 'lost',
    });
    expect(translate(notice)).toBe('Su tarjeta que termina en 4321 (Farmers Market) ahora está perdida.');
  });
});
