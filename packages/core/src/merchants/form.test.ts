import { describe, expect, it } from 'vitest';
import { AddMerchantBody, MerchantMappingParams, MerchantStatusBody, UpdateMerchantBody } from './form.js';
import { MERCHANT_MESSAGES } from './messages.js';
import { merchantFormAddresses } from './rules.js';

// B§5 "Merchant form", B§4 (docs/decisions/0021).

const address = { addressOne: '12 Elm Street', addressTwo: '', city: 'Hartford', stateCode: 'ct', zipcode: '06103' };
const form = {
  merchantUuid: '0b6f1c1e-9d7a-4c4e-8f43-6f0a3f9a1b2c',
  merchantIdentifier: 'M-100',
  merchantName: 'Orchard Stand',
  fnsNumber: '1234567',
  email: 'orchard@example.com',
  businessPhone: '(860) 555-0199',
  mobilePhone: '860.555.0198',
  taxId: '123456789',
  addressInfo: address,
};

const issues = (input: unknown) => {
  const result = UpdateMerchantBody.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('the merchant form (B§5)', () => {
  it('accepts a valid form, phones sent as digits, the state upper case', () => {
    const body = UpdateMerchantBody.parse(form);
    expect(body.businessPhone).toBe('8605550199');
    expect(body.mobilePhone).toBe('8605550198');
    expect(body.addressInfo.stateCode).toBe('CT');
  });

  it('requires Merchant ID (max 20) and name (max 50)', () => {
    expect(issues({ ...form, merchantIdentifier: ' ' })[0]?.path).toBe('merchantIdentifier');
    expect(issues({ ...form, merchantIdentifier: 'M'.repeat(21) })[0]?.path).toBe('merchantIdentifier');
    expect(issues({ ...form, merchantIdentifier: 'M'.repeat(20) })).toEqual([]);
    expect(issues({ ...form, merchantName: '' })[0]?.path).toBe('merchantName');
    expect(issues({ ...form, merchantName: 'n'.repeat(51) })[0]?.path).toBe('merchantName');
  });

  it('takes an FNS number of exactly 7 characters, or none', () => {
    expect(issues({ ...form, fnsNumber: '123456' })).toEqual([
      { path: 'fnsNumber', message: MERCHANT_MESSAGES.FNS_NUMBER_LENGTH },
    ]);
    expect(issues({ ...form, fnsNumber: '12345678' })[0]?.path).toBe('fnsNumber');
    expect(issues({ ...form, fnsNumber: '' })).toEqual([]);
    expect(issues({ ...form, fnsNumber: null })).toEqual([]);
  });

  it('checks the e-mail (required, max 255, pattern) and both phones (required, pattern)', () => {
    expect(issues({ ...form, email: 'not-an-email' })[0]).toEqual({ path: 'email', message: 'Invalid email format.' });
    expect(issues({ ...form, email: `${'a'.repeat(250)}@example.com` })[0]?.path).toBe('email');
    expect(issues({ ...form, businessPhone: '555-0199' })[0]?.path).toBe('businessPhone');
    expect(issues({ ...form, mobilePhone: '' })[0]?.path).toBe('mobilePhone');
  });

  it('takes a Federal Tax ID of 9 digits, or none', () => {
    expect(issues({ ...form, taxId: '12345678901' })).toEqual([
      { path: 'taxId', message: MERCHANT_MESSAGES.TAX_ID_DIGITS },
    ]);
    expect(issues({ ...form, taxId: '12-345678' })[0]?.path).toBe('taxId');
    expect(issues({ ...form, taxId: null })).toEqual([]);
  });

  it('requires a whole registered address; zip 99999 or 99999-9999', () => {
    expect(issues({ ...form, addressInfo: { ...address, city: '' } })[0]?.path).toBe('addressInfo.city');
    expect(issues({ ...form, addressInfo: { ...address, zipcode: '0610' } })[0]?.path).toBe('addressInfo.zipcode');
    expect(issues({ ...form, addressInfo: { ...address, zipcode: '06103-1234' } })).toEqual([]);
    expect(issues({ ...form, addressInfo: { ...address, addressOne: 'a'.repeat(61) } })[0]?.path).toBe(
      'addressInfo.addressOne',
    );
  });

  it('defaults mailing and physical addresses to the registered one; given, they must be whole', () => {
    const mailing = { ...address, addressOne: 'PO Box 9' };
    expect(issues({ ...form, mailingAddress: { ...mailing, zipcode: '' } })[0]?.path).toBe('mailingAddress.zipcode');
    const body = UpdateMerchantBody.parse({ ...form, mailingAddress: mailing });
    const saved = merchantFormAddresses(body);
    expect(saved.mailing.addressOne).toBe('PO Box 9');
    expect(saved.physical).toEqual(saved.registered);
  });
});

describe('the add body (B§5, B§7)', () => {
  const add = { ...form, merchantUuid: undefined, programId: 3 };
  const bank = {
    bankName: 'First Bank',
    bankAccountNumber: '000111222333',
    bankRoutingNumber: '021000021',
    bankAccountType: 0,
    firstName: 'Dana',
    middleName: 'Q',
    lastName: 'Holder',
  };

  it('takes the bank fields as optional, and checks them when given', () => {
    expect(AddMerchantBody.parse(add).creationChannel).toBe('API');
    expect(AddMerchantBody.safeParse({ ...add, bankAccountInfo: bank }).success).toBe(true);
    const bad = (change: object) =>
      AddMerchantBody.safeParse({ ...add, bankAccountInfo: { ...bank, ...change } }).error?.issues[0]?.path.join('.');
    expect(bad({ bankRoutingNumber: '1234567' })).toBe('bankAccountInfo.bankRoutingNumber');
    expect(bad({ bankAccountType: 2 })).toBe('bankAccountInfo.bankAccountType');
    expect(bad({ firstName: '' })).toBe('bankAccountInfo.firstName');
    expect(bad({ middleName: 'QR' })).toBe('bankAccountInfo.middleName');
    expect(bad({ bankName: 'b'.repeat(46) })).toBe('bankAccountInfo.bankName');
  });

  it('requires the program', () => {
    expect(AddMerchantBody.safeParse({ ...add, programId: undefined }).success).toBe(false);
  });
});

describe('status and mapping (B§4)', () => {
  it('takes status 0 or 1', () => {
    expect(MerchantStatusBody.safeParse({ merchantStatusId: 1, updationChannel: 'WEB' }).success).toBe(true);
    expect(MerchantStatusBody.safeParse({ merchantStatusId: 2 }).success).toBe(false);
  });

  it('reads the mapping path: a uuid, a program id, 0 or 1', () => {
    expect(MerchantMappingParams.parse({ merchantUuid: form.merchantUuid, programId: '7', statusId: '1' })).toEqual({
      merchantUuid: form.merchantUuid,
      programId: 7,
      statusId: 1,
    });
    expect(
      MerchantMappingParams.safeParse({ merchantUuid: form.merchantUuid, programId: '7', statusId: '2' }).success,
    ).toBe(false);
  });
});
