import { z } from 'zod';
import { routingNumberValid } from '../validation/bank.js';
import {
  ADDRESS_MAX,
  BANK_ACCOUNT_MAX,
  BANK_NAME_MAX,
  BANK_ROUTING_MAX,
  BANK_ROUTING_MIN,
  CITY_MAX,
  EMAIL_MAX,
  FNS_NUMBER_LENGTH,
  MERCHANT_ID_MAX,
  MERCHANT_NAME_MAX,
  NAME_MAX,
} from '../constants/limits.js';
import {
  BankAccountType,
  CreationChannel,
  MerchantProgramStatus,
  MerchantStatus,
  TaxClassId,
  TinTypeId,
} from '../enums/index.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { stateCode } from '../validation/field-groups.js';
import { email, middleInitial, optionalText, phone, requiredText, zipCode } from '../validation/fields.js';
import { databaseId, databaseIdParam } from '../validation/numbers.js';
import { phoneDigits } from '../validation/patterns.js';
import { text } from '../validation/text.js';
import { MERCHANT_MESSAGES } from './messages.js';

// The merchant write side (B§5 "Merchant form", B§4, B§7; resolution 15; docs/decisions/0021-merchant-writes.md):
// the bodies of PUT and POST /merchant-api/merchant, the status PATCH and the program-mapping PUT.

/** B§5: Federal Tax ID, 9 digits. */
const TAX_ID_PATTERN = /^\d{9}$/;

/** One address as B§3 names its fields: address one, city, state and zip required; lines and city max 60. */
export const MerchantAddressInput = z.object({
  addressOne: requiredText(ADDRESS_MAX),
  addressTwo: optionalText(ADDRESS_MAX),
  city: requiredText(CITY_MAX),
  stateCode: stateCode(),
  zipcode: zipCode(),
  // Optional (the form has none): given as a pair they are kept, otherwise the server uses the ZIP's centroid
  // (decision 0022).
  latitude: z.number().min(-90, MERCHANT_MESSAGES.LATITUDE_RANGE).max(90, MERCHANT_MESSAGES.LATITUDE_RANGE).nullish(),
  longitude: z
    .number()
    .min(-180, MERCHANT_MESSAGES.LONGITUDE_RANGE)
    .max(180, MERCHANT_MESSAGES.LONGITUDE_RANGE)
    .nullish(),
});
export type MerchantAddressInput = z.infer<typeof MerchantAddressInput>;

/** B§5: phones match the phone pattern and are stored as digits ("normalised before sending"). */
const merchantPhone = () => phone().transform(phoneDigits);

/**
 * The merchant form's fields (B§5): Merchant ID required max 20 (resolution 15), name required max 50, FNS number
 * exactly 7 characters when given, e-mail required max 255, business and mobile phone required. Tax fields are
 * optional: the form shows them only with BANK_VIEW and the server ignores them without it. A taxId of null, '' or
 * absent keeps the stored one (holders see it masked, so the form cannot send it back). The mailing and physical
 * addresses, null or absent, are the registered one (the screen's "same as registered" check boxes); given, they
 * must be whole addresses.
 */
const merchantFormFields = {
  merchantIdentifier: requiredText(MERCHANT_ID_MAX),
  merchantName: requiredText(MERCHANT_NAME_MAX),
  fnsNumber: text()
    .trim()
    .refine((v) => v === '' || v.length === FNS_NUMBER_LENGTH, MERCHANT_MESSAGES.FNS_NUMBER_LENGTH)
    .nullish(),
  email: email(EMAIL_MAX),
  businessPhone: merchantPhone(),
  mobilePhone: merchantPhone(),
  taxId: text()
    .trim()
    .refine((v) => v === '' || TAX_ID_PATTERN.test(v), MERCHANT_MESSAGES.TAX_ID_DIGITS)
    .nullish(),
  taxClassId: TaxClassId.nullish(),
  tinTypeId: TinTypeId.nullish(),
  addressInfo: MerchantAddressInput,
  mailingAddress: MerchantAddressInput.nullish(),
  physicalAddress: MerchantAddressInput.nullish(),
};

/** PUT /merchant-api/merchant: the whole form with the merchant's uuid (B§7 "full update"). */
export const UpdateMerchantBody = z.object({
  merchantUuid: z.uuid(),
  ...merchantFormFields,
  updationChannel: CreationChannel.optional(),
});
export type UpdateMerchantBody = z.infer<typeof UpdateMerchantBody>;

const tooShort = (min: number) => ruleMessage(MESSAGES.TOO_SHORT, { min });

/**
 * B§5 bank section: holder first and last name required (max 100), middle initial max 1, bank name max 45, account
 * max 45, routing min 8 max 45, account type required (0 Checking, 1 Savings). The section is optional on add.
 */
export const MerchantBankInput = z.object({
  bankName: optionalText(BANK_NAME_MAX),
  bankAccountNumber: requiredText(BANK_ACCOUNT_MAX),
  // A number sent in the clear must carry a valid ABA check digit (decision 0057); a masked one keeps the
  // stored number, and one too short has its own message.
  bankRoutingNumber: requiredText(BANK_ROUTING_MAX)
    .min(BANK_ROUTING_MIN, tooShort(BANK_ROUTING_MIN))
    .refine(
      (v) => v.length < BANK_ROUTING_MIN || v.startsWith('*') || routingNumberValid(v),
      MERCHANT_MESSAGES.ROUTING_CHECK_DIGIT,
    ),
  bankAccountType: BankAccountType,
  firstName: requiredText(NAME_MAX),
  middleName: middleInitial(),
  lastName: requiredText(NAME_MAX),
});
export type MerchantBankInput = z.infer<typeof MerchantBankInput>;

/** POST /merchant-api/merchant (B§7): the form, the program it joins, optional bank info, creationChannel. */
export const AddMerchantBody = z.object({
  ...merchantFormFields,
  programId: databaseId(),
  bankAccountInfo: MerchantBankInput.nullish(),
  creationChannel: CreationChannel.default('API'),
});
export type AddMerchantBody = z.infer<typeof AddMerchantBody>;

/** PATCH /merchant-api/merchant/{id} (B§4, B§7): 0 Active, 1 Inactive (resolution 23). */
export const MerchantStatusBody = z.object({
  merchantStatusId: MerchantStatus,
  updationChannel: CreationChannel.optional(),
});
export type MerchantStatusBody = z.infer<typeof MerchantStatusBody>;

/** PUT /merchant-api/merchant/{merchantUuid}/{programId}/{0|1} (B§4 "Merchant-program mapping"). */
export const MerchantMappingParams = z.object({
  merchantUuid: z.uuid(),
  programId: databaseIdParam(),
  statusId: z.coerce.number().pipe(MerchantProgramStatus),
});
export type MerchantMappingParams = z.infer<typeof MerchantMappingParams>;

/** What a change answers: the §8 message. */
export const MerchantChangeAnswer = z.object({ message: z.string() });
export type MerchantChangeAnswer = z.infer<typeof MerchantChangeAnswer>;

/** POST /merchant-api/merchant: the §8 message and the new merchant's uuid. */
export const MerchantAdded = z.object({ message: z.string(), merchantUuid: z.uuid() });
export type MerchantAdded = z.infer<typeof MerchantAdded>;
