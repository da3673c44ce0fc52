import { describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_NUMBER_PATTERN,
  EMAIL_PATTERN,
  isStrongPassword,
  passwordChecklist,
  PHONE_PATTERN,
  phoneDigits,
  USERNAME_PATTERN,
  ZIP_PATTERN,
} from './patterns.js';

describe('ZIP_PATTERN', () => {
  it.each(['12345', '12345-6789', '00000'])('accepts %s', (zip) => expect(ZIP_PATTERN.test(zip)).toBe(true));
  it.each(['1234', '123456', '12345-678', '12345-67890', '123456789', '12345 6789', 'ABCDE', ' 12345'])(
    'refuses %s',
    (zip) => expect(ZIP_PATTERN.test(zip)).toBe(false),
  );
});

describe('PHONE_PATTERN', () => {
  it.each(['5551234567', '555-123-4567', '555.123.4567', '555 123 4567', '(555) 123-4567', '(555)123-4567'])(
    'accepts %s',
    (p) => expect(PHONE_PATTERN.test(p)).toBe(true),
  );
  it.each(['555123456', '55512345678', '+1 555 123 4567', '555--123-4567', '(555 123-4567', '555/123/4567', ''])(
    'refuses %s',
    (p) => expect(PHONE_PATTERN.test(p)).toBe(false),
  );

  it('strips a phone to its digits', () => {
    expect(phoneDigits('(555) 123-4567')).toBe('5551234567');
    expect(phoneDigits('555.123.4567')).toBe('5551234567');
  });
});

describe('EMAIL_PATTERN', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.org', "o'neil@example.com"])('accepts %s', (e) =>
    expect(EMAIL_PATTERN.test(e)).toBe(true),
  );
  it.each(['plain', 'a@b', 'a@b.c', 'a b@c.com', 'a@@b.com', 'a@b@c.com', '@b.com', 'a@.com', 'a@b..com', 'a@b.com '])(
    'refuses %s',
    (e) => expect(EMAIL_PATTERN.test(e)).toBe(false),
  );
});

describe('USERNAME_PATTERN', () => {
  it('takes 8 to 20 letters or digits starting with a letter', () => {
    expect(USERNAME_PATTERN.test('a'.repeat(7))).toBe(false);
    expect(USERNAME_PATTERN.test('a'.repeat(8))).toBe(true);
    expect(USERNAME_PATTERN.test('a'.repeat(20))).toBe(true);
    expect(USERNAME_PATTERN.test('a'.repeat(21))).toBe(false);
    expect(USERNAME_PATTERN.test('user1234')).toBe(true);
  });

  it('refuses a leading digit and other characters', () => {
    expect(USERNAME_PATTERN.test('1useruser')).toBe(false);
    expect(USERNAME_PATTERN.test('user_name1')).toBe(false);
    expect(USERNAME_PATTERN.test('user name1')).toBe(false);
  });
});

describe('passwordChecklist', () => {
  it('ticks each item on its own', () => {
    expect(passwordChecklist('a')).toEqual({
      lowercase: true,
      uppercase: false,
      number: false,
      special: false,
      length: false,
    });
    expect(passwordChecklist('A').uppercase).toBe(true);
    expect(passwordChecklist('7').number).toBe(true);
    expect(passwordChecklist('#').special).toBe(true);
    expect(passwordChecklist(' ').special).toBe(false);
  });

  it('counts length 8 to 30', () => {
    expect(passwordChecklist('Aa1#aaa').length).toBe(false);
    expect(passwordChecklist('Aa1#aaaa').length).toBe(true);
    expect(passwordChecklist(`Aa1#${'a'.repeat(26)}`).length).toBe(true);
    expect(passwordChecklist(`Aa1#${'a'.repeat(27)}`).length).toBe(false);
  });

  it('calls a password strong only when every item is ticked', () => {
    expect(isStrongPassword('Welcome#2026')).toBe(true);
    expect(isStrongPassword('welcome#2026')).toBe(false);
    expect(isStrongPassword('WELCOME#2026')).toBe(false);
    expect(isStrongPassword('Welcome#abcd')).toBe(false);
    expect(isStrongPassword('Welcome12026')).toBe(false);
    expect(isStrongPassword('Wel#2026')).toBe(true);
    expect(isStrongPassword('We#2026')).toBe(false);
  });
});

describe('AUTHORIZATION_NUMBER_PATTERN', () => {
  it('takes up to 20 characters without spaces', () => {
    expect(AUTHORIZATION_NUMBER_PATTERN.test('AUTO-GENERATED')).toBe(true);
    expect(AUTHORIZATION_NUMBER_PATTERN.test('A'.repeat(20))).toBe(true);
    expect(AUTHORIZATION_NUMBER_PATTERN.test('A'.repeat(21))).toBe(false);
    expect(AUTHORIZATION_NUMBER_PATTERN.test('AB 12')).toBe(false);
    expect(AUTHORIZATION_NUMBER_PATTERN.test('')).toBe(false);
  });
});
