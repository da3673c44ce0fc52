import { describe, expect, it } from 'vitest';
import { deliveryStatus, maskEmail, maskPhone, maskRecipient, redactMessage } from './delivery-log.js';

describe('masked recipients', () => {
  it('keeps the first letter and the domain of an e-mail, the last four digits of a phone', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskPhone('(860) 555-0142')).toBe('***-***-0142');
    expect(maskPhone('+18605550142')).toBe('***-***-0142');
    expect(maskRecipient('email', 'x@y.org')).toBe('x***@y.org');
    expect(maskRecipient('sms', '860-555-0142')).toBe('***-***-0142');
    expect(maskEmail('no-at-sign')).toBe('***');
  });
});

describe('redactMessage', () => {
  it('hides the code of a verification text, English and Spanish, and keeps the wording', () => {
    expect(
      redactMessage(
        'Your MarketLink verification code is 482913. Use it to reset your password. It expires in 10 minutes.',
      ),
    ).toBe('Your MarketLink verification code is [redacted]. Use it to reset your password. It expires in 10 minutes.');
    expect(redactMessage('MarketLink: su código para la solicitud de agricultor es K7Q2. Vence en 10 minutos.')).toBe(
      'MarketLink: su código para la solicitud de agricultor es [redacted]. Vence en 10 minutos.',
    );
    expect(redactMessage('Code: AB12CD')).toBe('Code: [redacted]');
    expect(redactMessage('Your code is ABCDEF.')).toBe('Your code is [redacted].');
  });

  it('hides six or more digits anywhere, links and card numbers', () => {
    expect(redactMessage('Ref 1234567 for $20.00')).toBe('Ref [redacted] for $20.00');
    expect(redactMessage('Activate: https://portal.example/validate?hash=abc_DEF-123 today')).toBe(
      'Activate: [link] today',
    );
    expect(redactMessage('See <http://x.example/a>.')).toBe('See <[link]>.');
    expect(redactMessage('Card 6012 3456 7890 1234 was replaced')).toBe('Card [redacted] was replaced');
    expect(redactMessage('Card 6012345678901234567 added')).toBe('Card [redacted] added');
  });

  it('leaves a message without secrets as it is', () => {
    const text = 'Your benefit of $25.00 is available until 12/31/2026. Questions? Call 860-555-0100.';
    expect(redactMessage(text)).toBe(text);
  });
});

describe('deliveryStatus', () => {
  it('names each state of a row', () => {
    expect(deliveryStatus({ sentAt: new Date(), failedAt: null, attempts: 1 }, 5)).toBe('sent');
    expect(deliveryStatus({ sentAt: null, failedAt: new Date(), attempts: 1 }, 5)).toBe('failed');
    expect(deliveryStatus({ sentAt: null, failedAt: null, attempts: 5 }, 5)).toBe('failed');
    expect(deliveryStatus({ sentAt: null, failedAt: null, attempts: 2 }, 5)).toBe('retrying');
    expect(deliveryStatus({ sentAt: null, failedAt: null, attempts: 0 }, 5)).toBe('queued');
  });
});
