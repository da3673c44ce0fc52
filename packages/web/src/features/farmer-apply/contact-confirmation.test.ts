import { FARMER_APPLICATION_MESSAGES as M } from '@ebt/core/farmer-applications';
import { describe, expect, it } from 'vitest';
import { confirmedId, contactProblem, contactState, sameContact, type Confirmation } from './contact-confirmation';

const sent: Confirmation = {
  confirmationId: '6f1c1d3e-8a4b-4c55-9d2e-0b7a1c2d3e4f',
  email: 'Rosa@Example.com ',
  mobilePhone: '(860) 555-0142',
  emailSentTo: 'r***@example.com',
  mobileSentTo: '***-***-0142',
  resendAt: 0,
  confirmed: false,
};

describe('the contact’s confirmation', () => {
  it('is the same contact whatever the case of the e-mail or the separators of the phone', () => {
    expect(sameContact({ email: 'rosa@example.com', mobilePhone: '860.555.0142' }, sent)).toBe(true);
    expect(sameContact({ email: 'rosa@example.org', mobilePhone: '8605550142' }, sent)).toBe(false);
  });

  it('follows the contact: none, sent, confirmed, changed after confirming', () => {
    const contact = { email: 'rosa@example.com', mobilePhone: '8605550142' };
    expect(contactState(contact, null)).toBe('none');
    expect(contactState(contact, sent)).toBe('sent');
    expect(contactState(contact, { ...sent, confirmed: true })).toBe('confirmed');
    expect(contactState({ ...contact, mobilePhone: '8605550143' }, { ...sent, confirmed: true })).toBe('changed');
    // Codes sent to another contact and never used: new codes are needed, nothing was confirmed.
    expect(contactState({ ...contact, email: 'x@example.com' }, sent)).toBe('none');
  });

  it('submits only with the confirmation of the contact as it is now', () => {
    const contact = { email: 'rosa@example.com', mobilePhone: '8605550142' };
    expect(confirmedId(contact, { ...sent, confirmed: true })).toBe(sent.confirmationId);
    expect(confirmedId(contact, sent)).toBeNull();
    expect(confirmedId({ ...contact, email: 'x@example.com' }, { ...sent, confirmed: true })).toBeNull();
  });

  it('says what stops the submit, at the field to act on', () => {
    expect(contactProblem('confirmed')).toBeNull();
    expect(contactProblem('none')).toEqual({ field: 'email', message: M.CONTACT_NOT_CONFIRMED });
    expect(contactProblem('sent')).toEqual({ field: 'emailCode', message: M.CONTACT_NOT_CONFIRMED });
    expect(contactProblem('changed')).toEqual({ field: 'email', message: M.CONTACT_CHANGED });
  });
});
