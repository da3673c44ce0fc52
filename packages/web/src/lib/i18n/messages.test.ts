import { BENEFIT_MESSAGES } from '@ebt/core/benefits';
import { MESSAGES_ES } from '@ebt/core/i18n';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
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
});
