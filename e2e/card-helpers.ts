import { expect, type APIRequestContext } from '@playwright/test';
import { addRecipientAndSendActivation, linkPathIn } from './helpers';

// What the external-card stories share (the card spec and the keyboard flows): a recipient of their own, so
// recipient01's demo cards, which the accessibility walk opens, stay as they are; and card numbers that pass Luhn.

export const PASSWORD = 'Card#Holder2026';

/** A Luhn-valid number of `length` digits, different in each run. */
export function cardNumber(length = 16): string {
  const body =
    `600054${Date.now().toString().slice(-9)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`.slice(
      0,
      length - 1,
    );
  for (let d = 0; d <= 9; d += 1) {
    const candidate = body + d;
    let sum = 0;
    for (let i = 0; i < candidate.length; i += 1) {
      let digit = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

/**
 * A recipient of the program admin's first program, added and activated through the API as staff and the person
 * would: their username, and the account's uuid and program.
 */
export async function newRecipient(request: APIRequestContext) {
  const { accountUuid, programId, program, message } = await addRecipientAndSendActivation(request, {
    firstname: 'Rosa',
    lastname: 'Delgado',
    address1: '4 Mill Road',
    city: 'New Haven',
    zipcode: '06510',
    mobilePhone: '2035550188',
    emailPrefix: 'card.holder',
  });
  const hash = new URL(linkPathIn(message.body, 'validate'), 'http://x').searchParams.get('hash')!;
  const activated = await request.post('/user-api/activate-user', {
    data: {
      password: PASSWORD,
      confirmPassword: PASSWORD,
      questionId: 2,
      answer: 'Biscuit',
      otpPreference: 'email',
      hash,
    },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  const { username } = (await activated.json()) as { username: string };
  return { username, accountUuid, programId, programName: program.programName };
}
