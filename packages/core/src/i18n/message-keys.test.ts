import { describe, expect, it } from 'vitest';
import { BENEFIT_MESSAGES } from '../benefits/messages.js';
import { rememberMessageKeys } from '../errors/read.js';
import { fillMessage } from '../messages/fill.js';
import { MESSAGES } from '../messages/messages.js';
import { dataMessage, ruleMessage } from '../messages/origin.js';
import { PAN_MESSAGES } from '../pans/messages.js';
import { requiredText } from '../validation/fields.js';
import { messageKeyOf, messageRefOf, spanishOf, spanishText } from './message-keys.js';
import { MESSAGE_GROUPS, MESSAGES_ES, type MessageGroup } from './messages-es.js';

describe('message keys', () => {
  it('names a message constant by its key, and gives its Spanish', () => {
    expect(messageRefOf(MESSAGES.LOGIN_INVALID)).toEqual({ key: 'MESSAGES.LOGIN_INVALID' });
    expect(spanishText(MESSAGES.LOGIN_INVALID)).toBe(MESSAGES_ES.MESSAGES.LOGIN_INVALID);
  });

  it('knows a text filled by a rule or with data by where it came from, not by its words', () => {
    const rule = ruleMessage(MESSAGES.TOO_LONG, { max: 37 });
    expect(messageRefOf(rule)).toEqual({ key: 'MESSAGES.TOO_LONG', values: { max: '37' } });
    expect(spanishText(rule)).toBe(fillMessage(MESSAGES_ES.MESSAGES.TOO_LONG!, { max: 37 }));

    const sent = dataMessage(MESSAGES.OTP_SENT, { sentTo: 'j***@example.com' });
    expect(spanishText(sent)).toBe('Se envió un código de verificación a j***@example.com.');

    // The same words filled by code that did not say where they came from are not recognised: no guessing.
    const guessed = fillMessage(MESSAGES.OTP_SENT, { sentTo: 'k***@example.com' });
    expect(messageRefOf(guessed)).toBeUndefined();
    expect(spanishText(guessed)).toBe(guessed);
  });

  it('knows the schema texts core fills when it is loaded', () => {
    // A field's maximum, as a schema of core says it: the server's 400 and the browser's form carry the same key.
    const refused = requiredText(50).safeParse('x'.repeat(51));
    expect(refused.success).toBe(false);
    expect(messageRefOf(refused.error!.issues[0]!.message)).toEqual({
      key: 'MESSAGES.TOO_LONG',
      values: { max: '50' },
    });
  });

  it('reads the keys a server answer sends with its texts', () => {
    const text = 'A made-up server text naming a date 2026-12-20.';
    rememberMessageKeys({
      status: 409,
      message: text,
      errorMessages: [
        {
          appErrorCode: 'CONFLICT',
          appErrorMessage: text,
          messageKey: 'MESSAGES.DATE_TOO_EARLY',
          messageValues: { date: '2026-12-20' },
        },
      ],
    });
    // A calendar date day first, as the Spanish pages write it.
    expect(spanishText(text)).toBe(fillMessage(MESSAGES_ES.MESSAGES.DATE_TOO_EARLY!, { date: '20/12/2026' }));
  });

  it('gives a word of ours in a value in Spanish (a card status)', () => {
    const ref = { key: 'PAN_MESSAGES.NOTICE_STATUSED', values: { last4: '4321', program: 'Farmers', status: 'lost' } };
    expect(spanishOf(ref)).toBe('Su tarjeta que termina en 4321 (Farmers) ahora está perdida.');
    expect(messageKeyOf(PAN_MESSAGES.NOTICE_STATUSED)).toBe('PAN_MESSAGES.NOTICE_STATUSED');
  });

  it('leaves other text as it is, and answers nothing for a key without Spanish', () => {
    expect(spanishText('Farmers Market')).toBe('Farmers Market');
    expect(spanishOf({ key: 'MESSAGES.NO_SUCH_MESSAGE' })).toBeUndefined();
    expect(messageKeyOf(BENEFIT_MESSAGES.NOTIFICATION_VOIDED)).toBe('BENEFIT_MESSAGES.NOTIFICATION_VOIDED');
  });

  it('gives two keys of one English text the same Spanish, so either key reads right', () => {
    const spanishByText = new Map<string, string>();
    for (const group of Object.keys(MESSAGE_GROUPS) as MessageGroup[]) {
      for (const [name, text] of Object.entries(MESSAGE_GROUPS[group] as Record<string, string>)) {
        const spanish = (MESSAGES_ES[group] as Record<string, string | undefined>)[name];
        if (spanish === undefined) continue;
        const first = spanishByText.get(text) ?? spanish;
        expect(`${group}.${name}: ${spanish}`).toBe(`${group}.${name}: ${first}`);
        spanishByText.set(text, first);
        // The key a text is found by has that Spanish.
        expect(spanishText(text)).toBe(first);
      }
    }
  });
});
