import { z } from 'zod';
import {
  MERCHANT_SEARCH_EMAIL_MAX,
  MERCHANT_SEARCH_FNS_MAX,
  MERCHANT_SEARCH_ID_MAX,
  MERCHANT_SEARCH_NAME_MAX,
} from '../constants/limits.js';
import { MAX_PAGE_SIZE, MERCHANT_SEARCH_FETCH_SIZE } from '../constants/lists.js';
import { LOCATOR_RADIUS_STEPS, type LocatorRadius } from '../constants/defaults.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { cappedAnswer } from '../pager/answers.js';
import { text } from '../validation/text.js';
import { MerchantBankInput } from './form.js';
import { MERCHANT_MESSAGES } from './messages.js';

// The merchant read side (B§2 "Merchants", B§3 Merchant, Merchant program mapping, Lookups, B§5 "Merchant search",
// B§7 "Merchants"; resolutions 10, 13, 14, 15, 23; docs/decisions/0020-merchant-read-side.md).

const tooLong = (max: number) => ruleMessage(MESSAGES.TOO_LONG, { max });
/** A search text: optional, trimmed, at most `max` characters; '' means "not given". */
const searchText = (max: number) => text().trim().max(max, tooLong(max)).optional();

/**
 * GET /merchant-api/merchants (B§5, B§7): merchant id max 50 (resolution 15), name max 50, FNS number max 20, e-mail
 * max 250, programId (the program's id in digits or its uuid). At least one is required (400 'At least one field must
 * be entered.'). The screen asks for pageSize=1000 and pages on screen; the server answers at most pageSize rows,
 * capped at 2000 (resolution 13).
 */
export const MerchantSearchQuery = z.object({
  merchantId: searchText(MERCHANT_SEARCH_ID_MAX),
  merchantName: searchText(MERCHANT_SEARCH_NAME_MAX),
  fnsNumber: searchText(MERCHANT_SEARCH_FNS_MAX),
  email: searchText(MERCHANT_SEARCH_EMAIL_MAX),
  // Digits beyond the integer range name no program: the service answers an empty list without asking PostgreSQL.
  programId: z.union([z.literal(''), z.uuid(), text().regex(/^\d{1,10}$/)]).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(MERCHANT_SEARCH_FETCH_SIZE)
    .transform((size) => Math.min(size, MAX_PAGE_SIZE)),
});
export type MerchantSearchQuery = z.infer<typeof MerchantSearchQuery>;

/** GET /merchant-api/merchants/export: the search's criteria and exportType=xlsx for Excel (CSV otherwise). */
export const MerchantExportQuery = MerchantSearchQuery.omit({ pageSize: true }).extend({
  exportType: text().trim().toLowerCase().max(10).optional(),
});
export type MerchantExportQuery = z.infer<typeof MerchantExportQuery>;

/** The export's columns, in order. Never a tax id or a bank field. */
export const MERCHANT_EXPORT_HEADERS = [
  'Merchant ID',
  'Merchant Name',
  'FNS Number',
  'Email',
  'Business Phone',
  'Mobile Phone',
  'City',
  'State',
  'Zip Code',
  'Status',
] as const;
/** The most rows one export writes (past it the answer says X-Export-Truncated: true). */
export const MERCHANT_EXPORT_ROW_CAP = 100_000;

/** One merchant of the search (B§3 Merchant: what the list shows; the registered address's city, state and zip). */
export const MerchantSearchRow = z.object({
  merchantUuid: z.uuid(),
  merchantIdentifier: z.string(),
  merchantName: z.string(),
  fnsNumber: z.string().nullable(),
  email: z.string().nullable(),
  businessPhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  /** Resolution 23: 0 Active, 1 Inactive. */
  merchantStatusId: z.number().int(),
  merchantStatus: z.string(),
  city: z.string().nullable(),
  stateCode: z.string().nullable(),
  zipcode: z.string().nullable(),
});
export type MerchantSearchRow = z.infer<typeof MerchantSearchRow>;

/** The search answer: merchants by name, at most pageSize (default 1000); countCapped says more match. */
export const MerchantSearchResult = cappedAnswer(MerchantSearchRow);
export type MerchantSearchResult = z.infer<typeof MerchantSearchResult>;

/** GET /merchant-api/merchant/{id} and …/{id}/mapping: the merchant's uuid. */
export const MerchantParams = z.object({ id: z.uuid() });
export type MerchantParams = z.infer<typeof MerchantParams>;

/** B§3 Merchant program mapping; statusId 1 shows 'Inactive', anything else 'Active' (B§4). */
export const MerchantProgramMapping = z.object({
  programId: z.number().int(),
  programUuid: z.uuid(),
  programName: z.string(),
  shortname: z.string(),
  statusId: z.number().int(),
});
export type MerchantProgramMapping = z.infer<typeof MerchantProgramMapping>;

/** One of the merchant's addresses (B§3: addressInfo is the registered one, then mailing and physical). */
export const MerchantAddress = z.object({
  addressOne: z.string(),
  addressTwo: z.string().nullable(),
  city: z.string(),
  stateCode: z.string(),
  zipcode: z.string(),
});
export type MerchantAddress = z.infer<typeof MerchantAddress>;

/**
 * B§3 bankAccountInfo as the detail answers it to BANK_VIEW holders: account and routing numbers masked to their
 * last four (resolution 10). bankAccountType 0 Checking, 1 Savings.
 */
export const MerchantBankAccountInfo = z.object({
  bankUuid: z.uuid(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankRoutingNumber: z.string().nullable(),
  bankAccountType: z.number().int().nullable(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type MerchantBankAccountInfo = z.infer<typeof MerchantBankAccountInfo>;

/**
 * GET /merchant-api/merchant/{id} (B§3 Merchant), answered by caller (resolution 10):
 * - BANK_VIEW holders: everything, taxId and bank numbers masked to their last four;
 * - other staff: taxId, taxClassId, tinTypeId and bankAccountInfo null;
 * - recipients: the public fields only (name, addresses, phones, e-mail, their programs); the rest null.
 */
export const MerchantDetail = z.object({
  merchantUuid: z.uuid(),
  merchantIdentifier: z.string().nullable(),
  merchantStatusId: z.number().int(),
  merchantName: z.string(),
  fnsNumber: z.string().nullable(),
  email: z.string().nullable(),
  taxId: z.string().nullable(),
  taxClassId: z.number().int().nullable(),
  tinTypeId: z.number().int().nullable(),
  businessPhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  merchantPrograms: z.array(MerchantProgramMapping),
  addressInfo: MerchantAddress.nullable(),
  mailingAddress: MerchantAddress.nullable(),
  physicalAddress: MerchantAddress.nullable(),
  bankAccountInfo: MerchantBankAccountInfo.nullable(),
  creationChannel: z.string().nullable(),
  updationChannel: z.string().nullable(),
  /** Where the merchant's pin stands (the locator's coordinates); null when not geocoded. */
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
});
export type MerchantDetail = z.infer<typeof MerchantDetail>;

/** GET /merchant-api/tax-classes (B§3 Lookups, B§9). */
export const TaxClassOption = z.object({ taxClassId: z.number().int(), descr: z.string() });
export type TaxClassOption = z.infer<typeof TaxClassOption>;

/** GET /merchant-api/tin-types (B§3 Lookups, B§9: SSN and EIN). */
export const TinTypeOption = z.object({ tinTypeId: z.number().int(), descr: z.string() });
export type TinTypeOption = z.infer<typeof TinTypeOption>;

/**
 * PUT /merchant-api/bank-info (B§7 "bank and holder names with merchantUuid"; decision 0022): the B§5 bank rules of
 * the add form (one definition, form.ts). A number sent as the detail answers it (`****1234`) keeps the stored one.
 */
export const MerchantBankInfoBody = MerchantBankInput.extend({ merchantUuid: z.uuid() });
export type MerchantBankInfoBody = z.infer<typeof MerchantBankInfoBody>;

/** GET /merchant-api/merchant/{id}/bank-info (ours, decision 0022): the numbers in clear for editing, BANK_VIEW only. */
export const MerchantBankReveal = z.object({
  bankAccountNumber: z.string().nullable(),
  bankRoutingNumber: z.string().nullable(),
  taxId: z.string().nullable(),
});
export type MerchantBankReveal = z.infer<typeof MerchantBankReveal>;

/** A coordinate in a query string: digits with an optional sign and decimals, within [-limit, limit]. */
const coordinateParam = (limit: number, message: string) =>
  text(message)
    .trim()
    .regex(/^[+-]?\d{1,3}(\.\d+)?$/, message)
    .transform(Number)
    .refine((n) => Math.abs(n) <= limit, message);

/**
 * How far the locator looks, in miles: one of LOCATOR_RADIUS_STEPS (decision 0114); left out, the locator's whole
 * reach (100 miles, decision 0022), so a caller that never sends it sees what it saw before.
 */
const radiusParam = text(MERCHANT_MESSAGES.RADIUS_STEP)
  .trim()
  .refine((value) => (LOCATOR_RADIUS_STEPS as readonly number[]).includes(Number(value)), MERCHANT_MESSAGES.RADIUS_STEP)
  .transform((value) => Number(value) as LocatorRadius);

/** GET /merchant-api/merchant/locator?latitude&longitude (B§7): the point to measure from (and, ours, `radius`). */
export const MerchantLocatorQuery = z.object({
  latitude: coordinateParam(90, MERCHANT_MESSAGES.LATITUDE_RANGE),
  longitude: coordinateParam(180, MERCHANT_MESSAGES.LONGITUDE_RANGE),
  radius: radiusParam.optional(),
});
export type MerchantLocatorQuery = z.infer<typeof MerchantLocatorQuery>;

/** B§3 "Merchant locator item": the physical address, `distance` in miles (one decimal) from the point asked about. */
export const MerchantLocatorItem = z.object({
  merchantUuid: z.uuid(),
  merchantName: z.string(),
  addressOne: z.string().nullable(),
  addressTwo: z.string().nullable(),
  city: z.string().nullable(),
  stateId: z.string().nullable(),
  zipCode: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  email: z.string().nullable(),
  distance: z.number(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type MerchantLocatorItem = z.infer<typeof MerchantLocatorItem>;

/** GET /merchant-api/geocode?q= (ours, decision 0022): a city, 'City, ST' or a ZIP code, 1 to 100 characters. */
export const GeocodeQuery = z.object({
  q: text(MERCHANT_MESSAGES.LOCATION_TEXT_REQUIRED)
    .trim()
    .min(1, MERCHANT_MESSAGES.LOCATION_TEXT_REQUIRED)
    .max(100, ruleMessage(MESSAGES.TOO_LONG, { max: 100 })),
});
export type GeocodeQuery = z.infer<typeof GeocodeQuery>;

/**
 * GET /merchant-api/locator/start (ours, decision 0114): where a first view looks when the browser gives no
 * position. `radius` narrows the merchants to that step; left out, every merchant within the locator's reach.
 */
export const LocatorStartQuery = z.object({ radius: radiusParam.optional() });
export type LocatorStartQuery = z.infer<typeof LocatorStartQuery>;

/**
 * Where the first view is centred: `home` the recipient's own ZIP code (labelled 'Hartford, CT 06103', never the
 * street), `program` the area of the caller's programs' merchants, `default` the default point (nothing better known).
 */
export const LOCATOR_START_SOURCES = ['home', 'program', 'default'] as const;
export const LocatorStart = z.object({
  origin: z.object({
    latitude: z.number(),
    longitude: z.number(),
    label: z.string().nullable(),
    source: z.enum(LOCATOR_START_SOURCES),
  }),
  /**
   * One of LOCATOR_RADIUS_STEPS: the radius asked for, else the smallest step holding the nearest merchant (the
   * screen shows the merchants within it first).
   */
  radius: z.number(),
  merchants: z.array(MerchantLocatorItem),
});
export type LocatorStart = z.infer<typeof LocatorStart>;

/** One place of the gazetteer, best match first: 'Austin, TX' (a city, at its ZIPs' mean) or 'Austin, TX 78701'. */
export const GeocodePlace = z.object({ label: z.string(), latitude: z.number(), longitude: z.number() });
export type GeocodePlace = z.infer<typeof GeocodePlace>;
