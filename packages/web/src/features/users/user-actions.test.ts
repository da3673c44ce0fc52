import { PRIVILEGE } from '@ebt/core/privileges';
import { describe, expect, it } from 'vitest';
import { FORM_STATUS_OPTIONS, userActionsOf, userStatusLabel } from './user-actions';

const ADMIN = [PRIVILEGE.NDGADMIN_ACCESS, PRIVILEGE.OTP_RESET];

describe('userActionsOf (B§4 User status)', () => {
  it('offers Disable, Delete and Resend Activation Email to an enabled user not yet verified', () => {
    expect(userActionsOf({ userStatusId: 2, emailVerified: false, changeable: true }, ADMIN)).toEqual({
      disable: true,
      delete: true,
      activation: 'resend',
      resetOtp: true,
      readOnly: false,
    });
  });

  it('offers Force Re-Activation once the e-mail is verified', () => {
    expect(userActionsOf({ userStatusId: 1, emailVerified: true, changeable: true }, ADMIN).activation).toBe('force');
  });

  it('does not disable a disabled user again but still deletes it', () => {
    const actions = userActionsOf({ userStatusId: 3, emailVerified: true, changeable: true }, ADMIN);
    expect(actions.disable).toBe(false);
    expect(actions.delete).toBe(true);
  });

  it('offers nothing for a deleted user and makes its form read-only', () => {
    expect(userActionsOf({ userStatusId: 4, emailVerified: true, changeable: true }, ADMIN)).toEqual({
      disable: false,
      delete: false,
      activation: null,
      resetOtp: false,
      readOnly: true,
    });
  });

  it('offers nothing, and a read-only form, for a user the caller holds only in part', () => {
    expect(userActionsOf({ userStatusId: 2, emailVerified: true, changeable: false }, ADMIN)).toEqual({
      disable: false,
      delete: false,
      activation: null,
      resetOtp: false,
      readOnly: true,
    });
  });

  it('offers Reset OTP Token only with OTP_RESET', () => {
    expect(
      userActionsOf({ userStatusId: 2, emailVerified: true, changeable: true }, [PRIVILEGE.AGENCYADMIN_ACCESS])
        .resetOtp,
    ).toBe(false);
  });
});

describe('status labels', () => {
  it('names the statuses of B§4 and leaves Deleted out of the form', () => {
    expect(userStatusLabel(0)).toBe('Pending');
    expect(userStatusLabel(4)).toBe('Deleted');
    expect(userStatusLabel(9)).toBe('9');
    expect(FORM_STATUS_OPTIONS.map((o) => o.label)).toEqual(['Pending', 'Registered', 'Enabled', 'Disabled']);
  });
});
