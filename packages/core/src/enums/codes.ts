import { z } from 'zod';

/** A§3 activation payload: verification preference. */
export const OTP_PREFERENCE = ['email', 'sms'] as const;
export const OtpPreference = z.enum(OTP_PREFERENCE);
export type OtpPreference = z.infer<typeof OtpPreference>;

/** A§3/A§9: the default creation channel is API; WEB and FILE are ours for screens and imports. */
export const CREATION_CHANNEL = { API: 'API', WEB: 'WEB', FILE: 'FILE' } as const;
export const CreationChannel = z.enum(CREATION_CHANNEL);
export type CreationChannel = z.infer<typeof CreationChannel>;

/** B§9 tax classifications; ids follow the listed order. */
export const TAX_CLASS = {
  INDIVIDUAL: 1,
  C_CORP: 2,
  S_CORP: 3,
  PARTNERSHIP: 4,
  TRUST_ESTATE: 5,
  LLC: 6,
  OTHER: 7,
} as const;
export const TaxClassId = z.enum(TAX_CLASS);
export type TaxClassId = z.infer<typeof TaxClassId>;
export const TAX_CLASSES: readonly { taxClassId: TaxClassId; descr: string }[] = [
  { taxClassId: 1, descr: 'Individual (Sole Proprietor)' },
  { taxClassId: 2, descr: 'C Corp' },
  { taxClassId: 3, descr: 'S Corp' },
  { taxClassId: 4, descr: 'Partnership' },
  { taxClassId: 5, descr: 'Trust/Estate' },
  { taxClassId: 6, descr: 'LLC' },
  { taxClassId: 7, descr: 'Other' },
];

/** B§9 TIN types. */
export const TIN_TYPE = { SSN: 1, EIN: 2 } as const;
export const TinTypeId = z.enum(TIN_TYPE);
export type TinTypeId = z.infer<typeof TinTypeId>;
export const TIN_TYPES: readonly { tinTypeId: TinTypeId; descr: string }[] = [
  { tinTypeId: 1, descr: 'SSN' },
  { tinTypeId: 2, descr: 'EIN' },
];

/** B§9 account file action codes (since May 2025). */
export const ACCOUNT_FILE_ACTION = { ADD: '01', ADD_INACTIVE: '02', UPDATE: '03' } as const;
export const AccountFileAction = z.enum(ACCOUNT_FILE_ACTION);
export type AccountFileAction = z.infer<typeof AccountFileAction>;
export const ACCOUNT_FILE_ACTION_LABEL: Readonly<Record<AccountFileAction, string>> = {
  '01': 'Add Recipient',
  '02': 'Add Inactive',
  '03': 'Update Recipient',
};

/** B§9 merchant file action codes (since April 2025). */
export const MERCHANT_FILE_ACTION = {
  ADD_ACTIVE: '01',
  ADD_INACTIVE: '02',
  DISABLE: '03',
  UPDATE: '04',
  UPDATE_BANK_INFO: '05',
} as const;
export const MerchantFileAction = z.enum(MERCHANT_FILE_ACTION);
export type MerchantFileAction = z.infer<typeof MerchantFileAction>;
export const MERCHANT_FILE_ACTION_LABEL: Readonly<Record<MerchantFileAction, string>> = {
  '01': 'Add Active Merchant',
  '02': 'Add Inactive Merchant',
  '03': 'Disable Merchant',
  '04': 'Update Merchant',
  '05': 'Update Merchant Bank Info',
};

/** B§9 card issuance values accepted in the account file. */
export const CARD_ISSUANCE_TRUE = ['Y', 'true', 'T', '1'] as const;
export const CARD_ISSUANCE_FALSE = ['N', 'false', 'F', '0'] as const;
export type CardIssuanceValue = (typeof CARD_ISSUANCE_TRUE)[number] | (typeof CARD_ISSUANCE_FALSE)[number];

const TRUE_SET = new Set<string>(CARD_ISSUANCE_TRUE.map((v) => v.toLowerCase()));
const FALSE_SET = new Set<string>(CARD_ISSUANCE_FALSE.map((v) => v.toLowerCase()));

/** B§9: case-insensitive; surrounding spaces are ignored (spreadsheets pad cells); anything else is null. */
export function parseCardIssuance(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (TRUE_SET.has(v)) return true;
  if (FALSE_SET.has(v)) return false;
  return null;
}

/** Resolution 22. */
export const DASHBOARD_DATA_TYPE = {
  REDEMPTION_AMOUNT: 1,
  REDEMPTION_COUNT: 2,
  ISSUANCE_AMOUNT: 3,
  ISSUANCE_COUNT: 4,
  RECIPIENT_REDEMPTION_COUNT: 5,
  INCENTIVES_EARNED: 6,
} as const;
export const DashboardDataType = z.enum(DASHBOARD_DATA_TYPE);
export type DashboardDataType = z.infer<typeof DashboardDataType>;
export const DASHBOARD_DATA_TYPE_LABEL: Readonly<Record<DashboardDataType, string>> = {
  1: 'Redemption Amounts',
  2: 'Redemption Counts',
  3: 'Issuance Amounts',
  4: 'Issuance Counts',
  5: 'Recipient Redemption Counts',
  6: 'Incentives Earned',
};

/** B§9 dashboard date ranges; the empty value means "to date" (no lower bound). */
export const DASHBOARD_DATE_RANGE = {
  LAST_30_DAYS: '30',
  MONTH_TO_DATE: 'MTD',
  YEAR_TO_DATE: 'YTD',
  TO_DATE: '',
} as const;
export const DashboardDateRange = z.enum(DASHBOARD_DATE_RANGE);
export type DashboardDateRange = z.infer<typeof DashboardDateRange>;
export const DASHBOARD_DATE_RANGE_LABEL: Readonly<Record<DashboardDateRange, string>> = {
  '30': 'Last 30 Days',
  MTD: 'Month To Date',
  YTD: 'Year To Date',
  '': 'To Date',
};
