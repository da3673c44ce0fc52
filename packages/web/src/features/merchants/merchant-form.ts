import {
  AddMerchantBody,
  MerchantBankInput,
  UpdateMerchantBody,
  type MerchantAddress,
  type MerchantBankAccountInfo,
  type MerchantDetail,
} from '@ebt/core/merchants';
import { formCheck } from '../../lib/form-check';
import { displayPhone } from '../../lib/person';
import type { z } from 'zod';

// The merchant form as the detail and add screens hold it (B§5 "Merchant form"): every text a string, so no input
// is ever uncontrolled, and the nesting of the API's body (addressInfo.city, bankAccountInfo.lastName), so core's
// schema reports each rule at the path of the input that breaks it. Core's schemas are the only copy of the rules.

export interface MerchantAddressValues {
  addressOne: string;
  addressTwo: string;
  city: string;
  stateCode: string;
  zipcode: string;
}

export interface MerchantBankValues {
  bankName: string;
  bankAccountNumber: string;
  bankRoutingNumber: string;
  /** '0' Checking, '1' Savings, '' not chosen. */
  bankAccountType: string;
  firstName: string;
  middleName: string;
  lastName: string;
}

export interface MerchantFormValues {
  merchantIdentifier: string;
  merchantName: string;
  fnsNumber: string;
  email: string;
  businessPhone: string;
  mobilePhone: string;
  /** A new Federal Tax ID. '' keeps the stored one, which holders of BANK_VIEW see only masked (decision 0021). */
  taxId: string;
  taxClassId: string;
  tinTypeId: string;
  addressInfo: MerchantAddressValues;
  /** "Same as registered address": the body then carries null and the server copies the registered address. */
  mailingSame: boolean;
  mailingAddress: MerchantAddressValues;
  physicalSame: boolean;
  physicalAddress: MerchantAddressValues;
}

/** The add form's extra fields: the program the merchant joins and the optional bank section. */
export interface MerchantAddValues extends MerchantFormValues {
  /** The program's numeric id in digits, '' until chosen. */
  programId: string;
  withBank: boolean;
  bankAccountInfo: MerchantBankValues;
}

export const EMPTY_ADDRESS: MerchantAddressValues = {
  addressOne: '',
  addressTwo: '',
  city: '',
  stateCode: '',
  zipcode: '',
};

export const EMPTY_BANK: MerchantBankValues = {
  bankName: '',
  bankAccountNumber: '',
  bankRoutingNumber: '',
  bankAccountType: '',
  firstName: '',
  middleName: '',
  lastName: '',
};

export const EMPTY_MERCHANT_FORM: MerchantFormValues = {
  merchantIdentifier: '',
  merchantName: '',
  fnsNumber: '',
  email: '',
  businessPhone: '',
  mobilePhone: '',
  taxId: '',
  taxClassId: '',
  tinTypeId: '',
  addressInfo: EMPTY_ADDRESS,
  mailingSame: true,
  mailingAddress: EMPTY_ADDRESS,
  physicalSame: true,
  physicalAddress: EMPTY_ADDRESS,
};

export const EMPTY_MERCHANT_ADD: MerchantAddValues = {
  ...EMPTY_MERCHANT_FORM,
  programId: '',
  withBank: false,
  bankAccountInfo: EMPTY_BANK,
};

const addressValuesOf = (a: MerchantAddress | null): MerchantAddressValues =>
  a
    ? {
        addressOne: a.addressOne,
        addressTwo: a.addressTwo ?? '',
        city: a.city,
        stateCode: a.stateCode,
        zipcode: a.zipcode,
      }
    : EMPTY_ADDRESS;

const sameAddress = (a: MerchantAddressValues, b: MerchantAddressValues) =>
  JSON.stringify(cleanAddress(a)) === JSON.stringify(cleanAddress(b));

function cleanAddress(a: MerchantAddressValues): MerchantAddressValues {
  return {
    addressOne: a.addressOne.trim(),
    addressTwo: a.addressTwo.trim(),
    city: a.city.trim(),
    stateCode: a.stateCode.trim().toUpperCase(),
    zipcode: a.zipcode.trim(),
  };
}

/**
 * The form's values of a loaded merchant. A mailing or physical address equal to the registered one shows as the
 * ticked "Same as registered address" box (the server stores a copy, so equality is how the choice comes back).
 */
export function merchantFormOf(merchant: MerchantDetail): MerchantFormValues {
  const registered = addressValuesOf(merchant.addressInfo);
  const mailing = merchant.mailingAddress ? addressValuesOf(merchant.mailingAddress) : registered;
  const physical = merchant.physicalAddress ? addressValuesOf(merchant.physicalAddress) : registered;
  const mailingSame = sameAddress(mailing, registered);
  const physicalSame = sameAddress(physical, registered);
  return {
    merchantIdentifier: merchant.merchantIdentifier ?? '',
    merchantName: merchant.merchantName,
    fnsNumber: merchant.fnsNumber ?? '',
    email: merchant.email ?? '',
    businessPhone: displayPhone(merchant.businessPhone),
    mobilePhone: displayPhone(merchant.mobilePhone),
    taxId: '',
    taxClassId: merchant.taxClassId === null ? '' : String(merchant.taxClassId),
    tinTypeId: merchant.tinTypeId === null ? '' : String(merchant.tinTypeId),
    addressInfo: registered,
    mailingSame,
    mailingAddress: mailingSame ? EMPTY_ADDRESS : mailing,
    physicalSame,
    physicalAddress: physicalSame ? EMPTY_ADDRESS : physical,
  };
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/**
 * The body's merchant fields before core's schema reads them. Without BANK_VIEW the tax fields go as null (B§5), and
 * the server ignores them anyway; a ticked box sends its address as null.
 */
function merchantDraft(values: MerchantFormValues, bankView: boolean) {
  return {
    merchantIdentifier: values.merchantIdentifier,
    merchantName: values.merchantName,
    fnsNumber: values.fnsNumber.trim() === '' ? null : values.fnsNumber,
    email: values.email,
    businessPhone: values.businessPhone,
    mobilePhone: values.mobilePhone,
    taxId: bankView && values.taxId.trim() !== '' ? values.taxId : null,
    taxClassId: bankView ? numberOrNull(values.taxClassId) : null,
    tinTypeId: bankView ? numberOrNull(values.tinTypeId) : null,
    addressInfo: values.addressInfo,
    mailingAddress: values.mailingSame ? null : values.mailingAddress,
    physicalAddress: values.physicalSame ? null : values.physicalAddress,
  };
}

/** The bank fields as the schema reads them: an account type not chosen is left out. */
function bankDraft(values: MerchantBankValues) {
  return { ...values, bankAccountType: numberOrNull(values.bankAccountType) ?? undefined };
}

/** The form's schema for the detail: merchantApi.update without the keys the screen adds itself. */
const UpdateForm = UpdateMerchantBody.omit({ merchantUuid: true, updationChannel: true });
const AddForm = AddMerchantBody.omit({ creationChannel: true });

/** merchantApi.update's fields, as core's schema sends them (trimmed, phones as digits, state upper case). */
export function merchantUpdateFields(values: MerchantFormValues, bankView: boolean): z.output<typeof UpdateForm> {
  return UpdateForm.parse(merchantDraft(values, bankView));
}

/** merchantApi.add's body without creationChannel: the form, the program, bank info when given. */
export function merchantAddBody(values: MerchantAddValues, bankView: boolean): z.output<typeof AddForm> {
  return AddForm.parse(addDraft(values, bankView));
}

function addDraft(values: MerchantAddValues, bankView: boolean) {
  return {
    ...merchantDraft(values, bankView),
    programId: values.programId === '' ? undefined : Number(values.programId),
    bankAccountInfo: bankView && values.withBank ? bankDraft(values.bankAccountInfo) : null,
  };
}

/** merchantApi.saveBankInfo's fields (B§5 bank rules), as core's schema sends them. */
export function merchantBankFields(values: MerchantBankValues): MerchantBankInput {
  return MerchantBankInput.parse(bankDraft(values));
}

/** The detail form's validation: B§5 through core's schema. */
export function validateMerchantForm(bankView: boolean) {
  return formCheck(UpdateForm, (values: MerchantFormValues) => merchantDraft(values, bankView));
}

/** The add form's validation: B§5, the program, and the bank rules when the bank section is filled in. */
export function validateMerchantAdd(bankView: boolean) {
  return formCheck(AddForm, (values: MerchantAddValues) => addDraft(values, bankView));
}

/** The bank form's validation (B§5 bank rules). */
export const validateMerchantBank = formCheck(MerchantBankInput, bankDraft);

/** Whether two sets of values would save the same (spaces, letter case of the state and phone separators aside). */
export function sameMerchantForm(a: MerchantFormValues, b: MerchantFormValues): boolean {
  const norm = (v: MerchantFormValues) =>
    JSON.stringify({
      ...v,
      merchantIdentifier: v.merchantIdentifier.trim(),
      merchantName: v.merchantName.trim(),
      fnsNumber: v.fnsNumber.trim(),
      email: v.email.trim(),
      businessPhone: v.businessPhone.replace(/\D/g, ''),
      mobilePhone: v.mobilePhone.replace(/\D/g, ''),
      taxId: v.taxId.trim(),
      addressInfo: cleanAddress(v.addressInfo),
      mailingAddress: v.mailingSame ? null : cleanAddress(v.mailingAddress),
      physicalAddress: v.physicalSame ? null : cleanAddress(v.physicalAddress),
    });
  return norm(a) === norm(b);
}

/** The bank form's values of the stored bank info (numbers masked, `****1234`, until the person chooses Edit). */
export function merchantBankOf(info: MerchantBankAccountInfo | null): MerchantBankValues {
  if (!info) return EMPTY_BANK;
  return {
    bankName: info.bankName ?? '',
    bankAccountNumber: info.bankAccountNumber ?? '',
    bankRoutingNumber: info.bankRoutingNumber ?? '',
    bankAccountType: info.bankAccountType === null ? '' : String(info.bankAccountType),
    firstName: info.firstName ?? '',
    middleName: info.middleName ?? '',
    lastName: info.lastName ?? '',
  };
}
