import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/messages.js';
import { ChangePasswordBody, SecurityAnswerBody, UpdateCurrentUserBody } from './schemas.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('UpdateCurrentUserBody', () => {
  const valid = {
    username: 'jsmith01',
    firstname: 'Jo',
    lastname: 'Smith',
    email: 'jo@example.com',
    userUuid: '2d4f7b8e-1c3a-4f5e-9a6b-7c8d9e0f1a2b',
  };

  it('takes names up to 100, a middle initial of 1 and an optional mobile by the phone pattern', () => {
    expect(UpdateCurrentUserBody.safeParse(valid).success).toBe(true);
    expect(
      UpdateCurrentUserBody.safeParse({ ...valid, firstname: 'x'.repeat(100), middlename: 'Q', mobile: '203.555.0100' })
        .success,
    ).toBe(true);
    expect(UpdateCurrentUserBody.safeParse({ ...valid, firstname: 'x'.repeat(101) }).success).toBe(false);
    expect(UpdateCurrentUserBody.safeParse({ ...valid, middlename: 'QR' }).success).toBe(false);
    expect(messages(UpdateCurrentUserBody.safeParse({ ...valid, mobile: '555-0100' }))).toEqual([
      MESSAGES.INVALID_PHONE,
    ]);
    expect(UpdateCurrentUserBody.safeParse({ ...valid, mobile: '' }).success).toBe(true);
  });

  it('requires the names and a valid e-mail', () => {
    expect(messages(UpdateCurrentUserBody.safeParse({ ...valid, firstname: ' ' }))).toEqual([MESSAGES.FIELD_REQUIRED]);
    expect(messages(UpdateCurrentUserBody.safeParse({ ...valid, email: 'jo@' }))).toEqual([MESSAGES.INVALID_EMAIL]);
  });
});

describe('ChangePasswordBody', () => {
  const valid = { currentPassword: 'Old#Pass1', newPassword: 'New#Pass2', confirmPassword: 'New#Pass2' };

  it('takes a current password of up to 40 characters', () => {
    expect(ChangePasswordBody.safeParse({ ...valid, currentPassword: 'x'.repeat(40) }).success).toBe(true);
    expect(messages(ChangePasswordBody.safeParse({ ...valid, currentPassword: 'x'.repeat(41) }))).toEqual([
      MESSAGES.CURRENT_PASSWORD_TOO_LONG,
    ]);
  });

  it('applies the password rules to the new password, 8 to 30 characters', () => {
    const withNew = (p: string) => ChangePasswordBody.safeParse({ ...valid, newPassword: p, confirmPassword: p });
    expect(withNew('Aa1#aaaa').success).toBe(true);
    expect(withNew('Aa1#aaa').success).toBe(false);
    expect(withNew('Aa1#'.padEnd(30, 'a')).success).toBe(true);
    expect(withNew('Aa1#'.padEnd(31, 'a')).success).toBe(false);
    expect(withNew('aa1#aaaa').success).toBe(false);
  });

  it('requires the confirmation to match and the new password to differ from the current one', () => {
    expect(messages(ChangePasswordBody.safeParse({ ...valid, confirmPassword: 'Other#Pass3' }))).toEqual([
      MESSAGES.PASSWORDS_DO_NOT_MATCH,
    ]);
    expect(
      messages(ChangePasswordBody.safeParse({ ...valid, newPassword: 'Old#Pass1', confirmPassword: 'Old#Pass1' })),
    ).toEqual([MESSAGES.NEW_PASSWORD_SAME_AS_CURRENT]);
  });
});

describe('SecurityAnswerBody', () => {
  it('takes questionId or securityQuestionId and an answer of 2 to 100 characters', () => {
    expect(SecurityAnswerBody.parse({ questionId: 3, answer: 'ab' })).toEqual({ questionId: 3, answer: 'ab' });
    expect(SecurityAnswerBody.parse({ securityQuestionId: 4, answer: 'x'.repeat(100) })).toEqual({
      questionId: 4,
      answer: 'x'.repeat(100),
    });
    expect(messages(SecurityAnswerBody.safeParse({ questionId: 3, answer: 'a' }))).toEqual([
      MESSAGES.SECURITY_ANSWER_LENGTH,
    ]);
    expect(SecurityAnswerBody.safeParse({ questionId: 3, answer: 'x'.repeat(101) }).success).toBe(false);
    expect(messages(SecurityAnswerBody.safeParse({ answer: 'abc' }))).toEqual([MESSAGES.SECURITY_QUESTION_INVALID]);
  });
});
