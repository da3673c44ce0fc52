import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/messages.js';
import { ACTIVATION_LINK_TTL_MS, maskEmail, maskPhone, RECOVERY_CODE_TTL_MS, RESET_LINK_TTL_MS } from './rules.js';
import {
  ActivateUserBody,
  ForgotPasswordCodeParams,
  ForgotPasswordParams,
  ForgotUsernameParams,
  ResetPasswordBody,
  SendActivationBody,
} from './schemas.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('lifetimes', () => {
  it('keeps codes within the 10 minutes of architecture.md and the link lifetimes of decision 0005', () => {
    expect(RECOVERY_CODE_TTL_MS).toBeLessThanOrEqual(10 * 60_000);
    expect(ACTIVATION_LINK_TTL_MS).toBe(72 * 3_600_000);
    expect(RESET_LINK_TTL_MS).toBe(60 * 60_000);
  });
});

describe('masking', () => {
  it('shows the first letter and the domain of an e-mail, the last four digits of a phone', () => {
    expect(maskEmail('maria.lopez@example.org')).toBe('m***@example.org');
    expect(maskEmail('a@b.co')).toBe('a***@b.co');
    expect(maskEmail('broken')).toBe('***');
    expect(maskPhone('(203) 555-0188')).toBe('***-***-0188');
  });
});

describe('ActivateUserBody', () => {
  const valid = {
    password: 'Good#Pass1',
    confirmPassword: 'Good#Pass1',
    questionId: 1,
    answer: 'ab',
    otpPreference: 'email',
    hash: 'x',
  };

  it('takes the activation payload of A§3', () => {
    expect(ActivateUserBody.safeParse(valid).success).toBe(true);
    expect(ActivateUserBody.safeParse({ ...valid, otpPreference: 'sms' }).success).toBe(true);
  });

  it('refuses a weak password, a mismatch, a short answer and another preference with their messages', () => {
    expect(messages(ActivateUserBody.safeParse({ ...valid, password: 'weak', confirmPassword: 'weak' }))).toEqual([
      MESSAGES.INVALID_PASSWORD,
    ]);
    expect(messages(ActivateUserBody.safeParse({ ...valid, confirmPassword: 'Good#Pass2' }))).toEqual([
      MESSAGES.PASSWORDS_DO_NOT_MATCH,
    ]);
    expect(messages(ActivateUserBody.safeParse({ ...valid, answer: 'a' }))).toEqual([MESSAGES.SECURITY_ANSWER_LENGTH]);
    expect(messages(ActivateUserBody.safeParse({ ...valid, otpPreference: 'voice' }))).toEqual([
      MESSAGES.OTP_PREFERENCE_INVALID,
    ]);
  });
});

describe('ResetPasswordBody', () => {
  it('needs only the new password; a confirmation, when sent, must match', () => {
    expect(ResetPasswordBody.safeParse({ newPassword: 'Good#Pass1' }).success).toBe(true);
    expect(
      ResetPasswordBody.safeParse({
        newPassword: 'Good#Pass1',
        currentPassword: 'anything',
        confirmPassword: 'Good#Pass1',
      }).success,
    ).toBe(true);
    expect(messages(ResetPasswordBody.safeParse({ newPassword: 'Good#Pass1', confirmPassword: 'Good#Pass2' }))).toEqual(
      [MESSAGES.PASSWORDS_DO_NOT_MATCH],
    );
  });
});

describe('SendActivationBody (resolution 4)', () => {
  const uuid = '2d4f7b8e-1c3a-4f5e-9a6b-7c8d9e0f1a2b';
  it('reads restHash and resetHash as one field', () => {
    expect(SendActivationBody.parse({ uuid })).toEqual({ uuid, resetHash: false, resetEmailVerified: false });
    expect(SendActivationBody.parse({ uuid, restHash: true })).toEqual({
      uuid,
      resetHash: true,
      resetEmailVerified: false,
    });
    expect(SendActivationBody.parse({ uuid, resetHash: true, resetEmailVerified: true })).toEqual({
      uuid,
      resetHash: true,
      resetEmailVerified: true,
    });
  });
});

describe('forgot password and username parameters (A§5)', () => {
  it('takes a username of letters and digits up to 50', () => {
    expect(ForgotPasswordParams.safeParse({ username: 'a'.repeat(50) }).success).toBe(true);
    expect(ForgotPasswordParams.safeParse({ username: 'a'.repeat(51) }).success).toBe(false);
    expect(ForgotPasswordParams.safeParse({ username: 'jo smith' }).success).toBe(false);
  });

  it('takes an e-mail up to 100 and a code of up to 10 letters or digits', () => {
    expect(ForgotUsernameParams.safeParse({ email: `${'a'.repeat(88)}@example.com` }).success).toBe(true);
    expect(ForgotUsernameParams.safeParse({ email: `${'a'.repeat(89)}@example.com` }).success).toBe(false);
    expect(ForgotPasswordCodeParams.safeParse({ username: 'jsmith01', otpCode: '1234567890' }).success).toBe(true);
    expect(messages(ForgotPasswordCodeParams.safeParse({ username: 'jsmith01', otpCode: '12345678901' }))).toEqual([
      MESSAGES.INVALID_OTP_CODE,
    ]);
    expect(ForgotPasswordCodeParams.safeParse({ username: 'jsmith01', otpCode: '12-34' }).success).toBe(false);
  });
});
