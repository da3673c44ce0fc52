import { FARMER_APPLICATION_MESSAGES as M } from '@ebt/core/farmer-applications';
import type { FieldProblem } from '../../lib/form-check';

// The one-time codes of a new application: a code to the e-mail and one by text to the mobile phone, checked together.
// The confirmation holds for the e-mail and mobile it was sent to: changing either asks for new codes.

export interface Confirmation {
  confirmationId: string;
  /** The contact the codes were sent to, as typed then. */
  email: string;
  mobilePhone: string;
  /** Where they went, masked, as the server answered. */
  emailSentTo: string;
  mobileSentTo: string;
  /** When a new pair of codes may be asked for (epoch ms). */
  resendAt: number;
  confirmed: boolean;
}

/** How long the farmer waits before asking for new codes. */
export const RESEND_WAIT_MS = 30_000;

/**
 * none: no codes asked for the contact as it is now (or they went to another e-mail or mobile before being used);
 * sent: codes sent, not yet entered; confirmed; changed: confirmed, then the e-mail or mobile was changed.
 */
export type ContactState = 'none' | 'sent' | 'confirmed' | 'changed';

const comparableEmail = (email: string) => email.trim().toLowerCase();
const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

/** Whether two contacts are the same e-mail (any case) and the same mobile number (any separators). */
export function sameContact(
  a: { email: string; mobilePhone: string },
  b: { email: string; mobilePhone: string },
): boolean {
  return (
    comparableEmail(a.email) === comparableEmail(b.email) && phoneDigits(a.mobilePhone) === phoneDigits(b.mobilePhone)
  );
}

export function contactState(
  values: { email: string; mobilePhone: string },
  confirmation: Confirmation | null,
): ContactState {
  if (!confirmation) return 'none';
  if (!sameContact(values, confirmation)) return confirmation.confirmed ? 'changed' : 'none';
  return confirmation.confirmed ? 'confirmed' : 'sent';
}

/** What stops a submit for the contact's sake, at the field the farmer acts on. */
export function contactProblem(state: ContactState): FieldProblem | null {
  switch (state) {
    case 'confirmed':
      return null;
    case 'changed':
      return { field: 'email', message: M.CONTACT_CHANGED };
    case 'sent':
      return { field: 'emailCode', message: M.CONTACT_NOT_CONFIRMED };
    default:
      return { field: 'email', message: M.CONTACT_NOT_CONFIRMED };
  }
}

/** The confirmation id to submit with: only a confirmation of the contact as it is now. */
export function confirmedId(values: { email: string; mobilePhone: string }, confirmation: Confirmation | null) {
  return confirmation && contactState(values, confirmation) === 'confirmed' ? confirmation.confirmationId : null;
}
