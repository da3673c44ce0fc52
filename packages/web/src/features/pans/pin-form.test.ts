import { MESSAGES } from '@ebt/core/messages';
import { PAN_MESSAGES } from '@ebt/core/pans';
import { describe, expect, it } from 'vitest';
import { EMPTY_PIN_FORM, pinBodyOf, pinDigits, validatePinForm } from './pin-form';

// The card PIN form: the body schema's PIN rules at the PIN, and the form's own (the second entry, the card's last
// four digits, the password of a change).

const check = (values: Partial<typeof EMPTY_PIN_FORM>, changing = false) =>
  validatePinForm('2468', changing)({ ...EMPTY_PIN_FORM, ...values });

describe('the card PIN form', () => {
  it('accepts a PIN typed twice, and sends the password only for a change', () => {
    expect(check({ pin: '5827', confirmPin: '5827' })).toEqual({});
    expect(pinBodyOf({ pin: '5827', confirmPin: '5827', currentPassword: 'x' }, false)).toEqual({ pin: '5827' });
    expect(pinBodyOf({ pin: '5827', confirmPin: '5827', currentPassword: 'x' }, true)).toEqual({
      pin: '5827',
      currentPassword: 'x',
    });
  });

  it('names each problem at its field in plain words', () => {
    expect(check({ pin: '12', confirmPin: '12' }).pin).toBe(PAN_MESSAGES.PIN_FORMAT);
    expect(check({ pin: '0000', confirmPin: '0000' }).pin).toBe(PAN_MESSAGES.PIN_TRIVIAL);
    expect(check({ pin: '1234', confirmPin: '1234' }).pin).toBe(PAN_MESSAGES.PIN_TRIVIAL);
    expect(check({ pin: '2468', confirmPin: '2468' }).pin).toBe(PAN_MESSAGES.PIN_IS_CARD);
    expect(check({ pin: '5827', confirmPin: '5828' }).confirmPin).toBe(PAN_MESSAGES.PIN_MISMATCH);
    expect(check({ pin: '5827', confirmPin: '5827' }, true).currentPassword).toBeDefined();
    expect([PAN_MESSAGES.PIN_CURRENT_PASSWORD_REQUIRED, MESSAGES.PASSWORD_REQUIRED]).toContain(
      check({ pin: '5827', confirmPin: '5827' }, true).currentPassword,
    );
  });

  it('keeps digits only, four at most', () => {
    expect(pinDigits('12a3 45')).toBe('1234');
  });
});
