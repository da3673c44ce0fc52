import { MERCHANT_MESSAGES, type MerchantDetail } from '@ebt/core/merchants';
import { MESSAGES } from '@ebt/core/messages';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_BANK,
  EMPTY_MERCHANT_ADD,
  merchantAddBody,
  merchantBankFields,
  merchantBankOf,
  merchantFormOf,
  merchantUpdateFields,
  sameMerchantForm,
  validateMerchantAdd,
  validateMerchantBank,
  validateMerchantForm,
  type MerchantFormValues,
} from './merchant-form';

// B§5 "Merchant form" as the screens apply it (docs/decisions/0021): the rules are core's, reached at the form's paths.

const registered = {
  addressOne: '12 Elm Street',
  addressTwo: null,
  city: 'Hartford',
  stateCode: 'CT',
  zipcode: '06103',
};
const detail: MerchantDetail = {
  merchantUuid: '0b6f1c1e-9d7a-4c4e-8f43-6f0a3f9a1b2c',
  merchantIdentifier: 'M-100',
  merchantStatusId: 0,
  merchantName: 'Orchard Stand',
  fnsNumber: '1234567',
  email: 'orchard@example.com',
  taxId: '****6789',
  taxClassId: 2,
  tinTypeId: 2,
  businessPhone: '8605550199',
  mobilePhone: '8605550198',
  merchantPrograms: [],
  addressInfo: registered,
  mailingAddress: registered,
  physicalAddress: { ...registered, addressOne: '1 Market Square' },
  bankAccountInfo: null,
  creationChannel: 'WEB',
  updationChannel: null,
};

describe('the merchant form values', () => {
  it('reads a merchant: a mailing address equal to the registered one is the ticked box', () => {
    const values = merchantFormOf(detail);
    expect(values.mailingSame).toBe(true);
    expect(values.physicalSame).toBe(false);
    expect(values.physicalAddress.addressOne).toBe('1 Market Square');
    expect(values.businessPhone).toBe('(860) 555-0199');
    expect(values.taxId).toBe('');
    expect(values.taxClassId).toBe('2');
  });

  it('sends phones as digits, a ticked box as null, and a blank tax id as null (keep the stored one)', () => {
    const fields = merchantUpdateFields(merchantFormOf(detail), true);
    expect(fields.businessPhone).toBe('8605550199');
    expect(fields.mailingAddress).toBeNull();
    expect(fields.physicalAddress?.addressOne).toBe('1 Market Square');
    expect(fields.taxId).toBeNull();
    expect(fields.taxClassId).toBe(2);
  });

  it('sends the tax fields as null without BANK_VIEW (B§5)', () => {
    const fields = merchantUpdateFields({ ...merchantFormOf(detail), taxId: '123456789' }, false);
    expect([fields.taxId, fields.taxClassId, fields.tinTypeId]).toEqual([null, null, null]);
  });

  it('sees no change in spaces, phone separators or the letter case of the state', () => {
    const values = merchantFormOf(detail);
    const same: MerchantFormValues = {
      ...values,
      merchantName: ' Orchard Stand ',
      businessPhone: '860.555.0199',
      addressInfo: { ...values.addressInfo, stateCode: 'ct' },
    };
    expect(sameMerchantForm(values, same)).toBe(true);
    expect(sameMerchantForm(values, { ...values, fnsNumber: '7654321' })).toBe(false);
    expect(sameMerchantForm(values, { ...values, mailingSame: false })).toBe(false);
  });
});

describe('the merchant form rules (B§5)', () => {
  const valid = merchantFormOf(detail);
  const validate = validateMerchantForm(true);

  it('accepts a valid form', () => {
    expect(validate(valid)).toEqual({});
  });

  it('names each broken rule at its field', () => {
    expect(validate({ ...valid, merchantIdentifier: '' })).toEqual({ merchantIdentifier: MESSAGES.FIELD_REQUIRED });
    expect(validate({ ...valid, merchantIdentifier: 'M'.repeat(21) })).toHaveProperty('merchantIdentifier');
    expect(validate({ ...valid, merchantName: 'n'.repeat(51) })).toHaveProperty('merchantName');
    expect(validate({ ...valid, fnsNumber: '123456' })).toEqual({ fnsNumber: MERCHANT_MESSAGES.FNS_NUMBER_LENGTH });
    expect(validate({ ...valid, email: 'nope' })).toHaveProperty('email');
    expect(validate({ ...valid, mobilePhone: '555-01' })).toHaveProperty('mobilePhone');
    expect(validate({ ...valid, taxId: '12345678901' })).toEqual({ taxId: MERCHANT_MESSAGES.TAX_ID_DIGITS });
    expect(validate({ ...valid, addressInfo: { ...valid.addressInfo, zipcode: '0610' } })).toHaveProperty(
      'addressInfo.zipcode',
    );
  });

  it('needs a whole address only where the box is unticked', () => {
    expect(validate({ ...valid, mailingSame: false })).toHaveProperty('mailingAddress.addressOne');
    expect(validate({ ...valid, physicalSame: true, physicalAddress: { ...valid.physicalAddress, city: '' } })).toEqual(
      {},
    );
  });

  it('on add needs a program, and the bank rules only when the bank section is filled in', () => {
    const add = { ...EMPTY_MERCHANT_ADD, ...valid };
    const validateAdd = validateMerchantAdd(true);
    expect(validateAdd(add)).toEqual({ programId: MESSAGES.FIELD_REQUIRED });
    expect(validateAdd({ ...add, programId: '3' })).toEqual({});
    const errors = validateAdd({ ...add, programId: '3', withBank: true });
    expect(errors).toMatchObject({
      'bankAccountInfo.bankAccountNumber': MESSAGES.FIELD_REQUIRED,
      'bankAccountInfo.bankAccountType': MESSAGES.FIELD_REQUIRED,
      'bankAccountInfo.firstName': MESSAGES.FIELD_REQUIRED,
      'bankAccountInfo.lastName': MESSAGES.FIELD_REQUIRED,
    });
    expect(merchantAddBody({ ...add, programId: '3' }, true)).toMatchObject({ programId: 3, bankAccountInfo: null });
  });
});

describe('the bank form (B§5)', () => {
  const bank = {
    bankName: 'First Bank',
    bankAccountNumber: '000123456789',
    bankRoutingNumber: '021000021',
    bankAccountType: '1',
    firstName: 'Ada',
    middleName: '',
    lastName: 'Stone',
  };

  it('accepts a valid bank form and sends the account type as a number', () => {
    expect(validateMerchantBank(bank)).toEqual({});
    expect(merchantBankFields(bank).bankAccountType).toBe(1);
  });

  it('holds routing 8 to 45, middle initial 1, names required, an account type', () => {
    expect(validateMerchantBank({ ...bank, bankRoutingNumber: '1234567' })).toHaveProperty('bankRoutingNumber');
    expect(validateMerchantBank({ ...bank, bankRoutingNumber: '1'.repeat(46) })).toHaveProperty('bankRoutingNumber');
    expect(validateMerchantBank({ ...bank, middleName: 'AB' })).toHaveProperty('middleName');
    expect(validateMerchantBank({ ...bank, bankName: 'b'.repeat(46) })).toHaveProperty('bankName');
    expect(validateMerchantBank({ ...EMPTY_BANK })).toMatchObject({
      bankAccountType: MESSAGES.FIELD_REQUIRED,
      firstName: MESSAGES.FIELD_REQUIRED,
    });
  });

  it('shows the stored numbers masked as the detail answers them', () => {
    const values = merchantBankOf({
      bankUuid: '0b6f1c1e-9d7a-4c4e-8f43-6f0a3f9a1b2d',
      bankName: 'First Bank',
      bankAccountNumber: '****6789',
      bankRoutingNumber: '****0021',
      bankAccountType: 0,
      firstName: 'Ada',
      middleName: null,
      lastName: 'Stone',
    });
    expect(values).toMatchObject({ bankAccountNumber: '****6789', bankAccountType: '0', middleName: '' });
    expect(merchantBankOf(null)).toEqual(EMPTY_BANK);
  });
});
