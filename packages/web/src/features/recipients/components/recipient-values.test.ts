import { describe, expect, it } from 'vitest';
import { EMPTY_RECIPIENT_FIELDS, recipientFieldsBody, sameRecipientFields } from './recipient-values';

const values = {
  ...EMPTY_RECIPIENT_FIELDS,
  firstname: ' Ann ',
  lastname: 'Lee',
  address1: '1 Main St',
  city: 'Hartford',
  stateCode: 'ct',
  zipcode: '06103',
  email: 'ann@example.com',
  mobilePhone: '(203) 555-0100',
};

describe('recipient form values', () => {
  it('become the API body through core: trimmed, state upper-cased, phone as digits, empty optionals as null', () => {
    expect(recipientFieldsBody(values)).toEqual({
      firstname: 'Ann',
      middlename: null,
      lastname: 'Lee',
      address1: '1 Main St',
      address2: null,
      city: 'Hartford',
      stateCode: 'CT',
      zipcode: '06103',
      email: 'ann@example.com',
      mobilePhone: '2035550100',
      cardIssuanceCode: false,
    });
  });

  it('count as unchanged when only spaces, case of the state or phone separators differ (Update stays off)', () => {
    expect(
      sameRecipientFields(values, { ...values, firstname: 'Ann', stateCode: 'CT', mobilePhone: '203.555.0100' }),
    ).toBe(true);
    expect(sameRecipientFields(values, { ...values, city: 'West Hartford' })).toBe(false);
    expect(sameRecipientFields(values, { ...values, cardIssuanceCode: true })).toBe(false);
  });
});
