import { describe, expect, it } from 'vitest';
import {
  displayPhone,
  EMPTY_RECIPIENT_FIELDS,
  recipientFieldsBody,
  recipientName,
  sameRecipientFields,
} from './recipient-values';

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

  it('show a phone and a name as people read them', () => {
    expect(displayPhone('8605550142')).toBe('(860) 555-0142');
    expect(displayPhone('555-0142')).toBe('555-0142');
    expect(displayPhone(null)).toBe('');
    expect(recipientName({ firstname: 'Margaret', middlename: 'A', lastname: 'Kowalski' })).toBe('Margaret A Kowalski');
    expect(recipientName({ firstname: 'Ann', middlename: null, lastname: 'Lee' })).toBe('Ann Lee');
  });
});
