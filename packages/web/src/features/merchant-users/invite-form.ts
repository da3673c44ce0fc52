import { InviteMerchantUserBody } from '@ebt/core/merchant-users';
import { phoneDigits } from '@ebt/core/validation';
import type { z } from 'zod';
import { formCheck } from '../../lib/form-check';

// The invitation form of a merchant's people: names, e-mail and mobile; the username is the server's (decision 0109).

export type InviteValues = { firstname: string; lastname: string; email: string; mobile: string };

export const INVITE_FIELDS = ['firstname', 'lastname', 'email', 'mobile'];

export const EMPTY_INVITE: InviteValues = { firstname: '', lastname: '', email: '', mobile: '' };

/** The fields as the body's schema reads them: trimmed, the mobile as typed. */
function inviteInput(values: InviteValues) {
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    mobile: values.mobile.trim(),
  };
}

export const validateInvite = formCheck(InviteMerchantUserBody, inviteInput);

/** The POST body: trimmed, the mobile as digits (as the staff user forms send it). */
export function inviteBody(values: InviteValues): z.input<typeof InviteMerchantUserBody> {
  const input = inviteInput(values);
  return { ...input, mobile: phoneDigits(input.mobile) };
}
