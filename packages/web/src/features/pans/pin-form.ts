import { PAN_MESSAGES, pinProblem, SetPinBody } from '@ebt/core/pans';
import { formCheck } from '../../lib/form-check';

// The card PIN form (docs/security.md "Card PINs"): the PIN twice and, when the card already has one, the user's
// password. The body's schema checks the PIN (four digits, not guessable); the form adds what it alone knows: the
// second entry, the card's last four digits, and that a change needs the password.

export interface PinFormValues {
  pin: string;
  confirmPin: string;
  currentPassword: string;
}

export const EMPTY_PIN_FORM: PinFormValues = { pin: '', confirmPin: '', currentPassword: '' };

/** The body sent: the PIN, and the password only when the form asks for it. */
export function pinBodyOf(values: PinFormValues, changing: boolean): SetPinBody {
  return changing ? { pin: values.pin, currentPassword: values.currentPassword } : { pin: values.pin };
}

/** The form's validation: core's body schema, then the confirmation, the card's digits and the password. */
export function validatePinForm(last4: string, changing: boolean) {
  return formCheck(SetPinBody, (values: PinFormValues) => pinBodyOf(values, changing), {
    rules: (values, errors) => {
      const problems: { field: keyof PinFormValues; message: string }[] = [];
      if (!errors.pin && pinProblem(values.pin, last4) === 'card')
        problems.push({ field: 'pin', message: PAN_MESSAGES.PIN_IS_CARD });
      if (values.confirmPin !== values.pin) problems.push({ field: 'confirmPin', message: PAN_MESSAGES.PIN_MISMATCH });
      if (changing && values.currentPassword === '')
        problems.push({ field: 'currentPassword', message: PAN_MESSAGES.PIN_CURRENT_PASSWORD_REQUIRED });
      return problems;
    },
  });
}

/** Digits only, at most four: what the PIN inputs keep of what is typed or pasted. */
export const pinDigits = (text: string) => text.replace(/\D/g, '').slice(0, 4);
