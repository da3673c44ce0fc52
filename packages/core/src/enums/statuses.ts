import { z } from 'zod';

// Numeric lookups of A§3 and B§3. Each is pinned against the database enums by a server test (style.md), so a
// value here is never renumbered.

export const BENEFIT_STATUS = { ISSUED: 0, EXPIRED: 1, EXPUNGED: 2, VOIDED: 3 } as const;
export const BenefitStatus = z.enum(BENEFIT_STATUS);
export type BenefitStatus = z.infer<typeof BenefitStatus>;

/** Resolution 1: the API answers these names; 3 is VOID on the wire and on screen. */
export const BENEFIT_STATUS_WIRE = { 0: 'ISSUED', 1: 'EXPIRED', 2: 'EXPUNGED', 3: 'VOID' } as const;
export type BenefitStatusWire = (typeof BENEFIT_STATUS_WIRE)[BenefitStatus];

/** Names a client may send (resolution 1: VOIDED and VOID mean the same). */
export const BenefitStatusName = z.enum(['ISSUED', 'EXPIRED', 'EXPUNGED', 'VOID', 'VOIDED']);
export type BenefitStatusName = z.infer<typeof BenefitStatusName>;

/** Resolution 1: accepts VOIDED and VOID; case and surrounding spaces are ignored. */
export function parseBenefitStatusWire(name: string): BenefitStatus | null {
  switch (name.trim().toUpperCase()) {
    case 'ISSUED':
      return BENEFIT_STATUS.ISSUED;
    case 'EXPIRED':
      return BENEFIT_STATUS.EXPIRED;
    case 'EXPUNGED':
      return BENEFIT_STATUS.EXPUNGED;
    case 'VOID':
    case 'VOIDED':
      return BENEFIT_STATUS.VOIDED;
    default:
      return null;
  }
}

export const BENEFIT_TYPE = { REGULAR: 1, INCENTIVE: 2 } as const;
export const BenefitType = z.enum(BENEFIT_TYPE);
export type BenefitType = z.infer<typeof BenefitType>;
export const BENEFIT_TYPE_LABEL: Readonly<Record<BenefitType, string>> = { 1: 'Regular', 2: 'Incentive' };

export const PROGRAM_STATUS = { ENABLED: 0, DISABLED: 1 } as const;
export const ProgramStatus = z.enum(PROGRAM_STATUS);
export type ProgramStatus = z.infer<typeof ProgramStatus>;
export const PROGRAM_STATUS_LABEL: Readonly<Record<ProgramStatus, string>> = { 0: 'Enabled', 1: 'Disabled' };

export const ACCOUNT_STATUS = { ACTIVE: 0, INACTIVE: 1, DELETED: 2 } as const;
export const AccountStatus = z.enum(ACCOUNT_STATUS);
export type AccountStatus = z.infer<typeof AccountStatus>;
export const ACCOUNT_STATUS_LABEL: Readonly<Record<AccountStatus, string>> = {
  0: 'Active',
  1: 'Inactive',
  2: 'Deleted',
};

/**
 * A§4: accounts of type 1 have their edit form disabled; B§5: assign and generate PAN are disabled for them.
 * The specification does not name the types; type 1 is read as an account managed by an external system.
 */
export const ACCOUNT_TYPE = { STANDARD: 0, EXTERNAL: 1 } as const;
export const AccountType = z.enum(ACCOUNT_TYPE);
export type AccountType = z.infer<typeof AccountType>;
export const ACCOUNT_TYPE_LABEL: Readonly<Record<AccountType, string>> = { 0: 'Standard', 1: 'External' };

/** A§4 / B§5: edits and PAN actions are refused for externally managed accounts. */
export function isAccountEditable(accountTypeId: number | null | undefined): boolean {
  return accountTypeId !== ACCOUNT_TYPE.EXTERNAL;
}

export const USER_STATUS = { PENDING: 0, REGISTERED: 1, ENABLED: 2, DISABLED: 3, DELETED: 4 } as const;
export const UserStatus = z.enum(USER_STATUS);
export type UserStatus = z.infer<typeof UserStatus>;
export const USER_STATUS_LABEL: Readonly<Record<UserStatus, string>> = {
  0: 'Pending',
  1: 'Registered',
  2: 'Enabled',
  3: 'Disabled',
  4: 'Deleted',
};

/** A§3 card status list order; B§4 action buttons are Lost, Stolen and Inactive. */
export const PAN_STATUS = { ACTIVE: 0, LOST: 1, STOLEN: 2, USED: 3, INACTIVE: 4 } as const;
export const PanStatus = z.enum(PAN_STATUS);
export type PanStatus = z.infer<typeof PanStatus>;
export const PAN_STATUS_LABEL: Readonly<Record<PanStatus, string>> = {
  0: 'Active',
  1: 'Lost',
  2: 'Stolen',
  3: 'Used',
  4: 'Inactive',
};
/** B§4: the statuses a person may set from the PANs page. */
export const PAN_STATUS_ACTIONS = [PAN_STATUS.LOST, PAN_STATUS.STOLEN, PAN_STATUS.INACTIVE] as const;

export const PAN_TYPE = { VIRTUAL: 1, PRINTED: 2, MANUAL: 3 } as const;
export const PanType = z.enum(PAN_TYPE);
export type PanType = z.infer<typeof PanType>;
export type CardKind = PanType;
export const PAN_TYPE_LABEL: Readonly<Record<PanType, string>> = { 1: 'Virtual', 2: 'Printed', 3: 'Manual' };

export const BANK_ACCOUNT_TYPE = { CHECKING: 0, SAVINGS: 1 } as const;
export const BankAccountType = z.enum(BANK_ACCOUNT_TYPE);
export type BankAccountType = z.infer<typeof BankAccountType>;
export const BANK_ACCOUNT_TYPE_LABEL: Readonly<Record<BankAccountType, string>> = { 0: 'Checking', 1: 'Savings' };

export const EXTERNAL_PAN_TYPE = { SNAP: 1, WIC: 2, BOTH: 3 } as const;
export const ExternalPanType = z.enum(EXTERNAL_PAN_TYPE);
export type ExternalPanType = z.infer<typeof ExternalPanType>;
export const EXTERNAL_PAN_TYPE_LABEL: Readonly<Record<ExternalPanType, string>> = {
  1: 'SNAP',
  2: 'WIC',
  3: 'SNAP and WIC',
};

/** A§5/B§5: the form has SNAP and WIC boxes, at least one ticked; null means neither (the form refuses it). */
export function externalPanTypeFrom(choice: { snap: boolean; wic: boolean }): ExternalPanType | null {
  if (choice.snap && choice.wic) return EXTERNAL_PAN_TYPE.BOTH;
  if (choice.snap) return EXTERNAL_PAN_TYPE.SNAP;
  if (choice.wic) return EXTERNAL_PAN_TYPE.WIC;
  return null;
}

export function externalPanTypeBoxes(typeId: number): { snap: boolean; wic: boolean } {
  return {
    snap: typeId === EXTERNAL_PAN_TYPE.SNAP || typeId === EXTERNAL_PAN_TYPE.BOTH,
    wic: typeId === EXTERNAL_PAN_TYPE.WIC || typeId === EXTERNAL_PAN_TYPE.BOTH,
  };
}

export const EXTERNAL_PAN_STATUS = { ACTIVE: 1, INACTIVE: 2 } as const;
export const ExternalPanStatus = z.enum(EXTERNAL_PAN_STATUS);
export type ExternalPanStatus = z.infer<typeof ExternalPanStatus>;
export const EXTERNAL_PAN_STATUS_LABEL: Readonly<Record<ExternalPanStatus, string>> = { 1: 'Active', 2: 'Inactive' };

/** A§4/B§4: the active flag maps to status 1, otherwise 2. */
export function externalPanStatusFromActive(active: boolean): ExternalPanStatus {
  return active ? EXTERNAL_PAN_STATUS.ACTIVE : EXTERNAL_PAN_STATUS.INACTIVE;
}

export const NOTIFICATION_METHOD = { EMAIL: 1, SMS: 2 } as const;
export const NotificationMethod = z.enum(NOTIFICATION_METHOD);
export type NotificationMethod = z.infer<typeof NotificationMethod>;
export const NOTIFICATION_METHOD_LABEL: Readonly<Record<NotificationMethod, string>> = { 1: 'Email', 2: 'SMS' };

/** Resolution 24. */
export const NOTIFICATION_STATUS = { UNREAD: 0, READ: 1, DISMISSED: 2 } as const;
export const NotificationStatus = z.enum(NOTIFICATION_STATUS);
export type NotificationStatus = z.infer<typeof NotificationStatus>;
export const NOTIFICATION_STATUS_LABEL: Readonly<Record<NotificationStatus, string>> = {
  0: 'Unread',
  1: 'Read',
  2: 'Dismissed',
};

/** Resolution 23: 0 and 1 are the toggleable values; others are reserved and shown by their lookup text. */
export const MERCHANT_STATUS = { ACTIVE: 0, INACTIVE: 1 } as const;
export const MerchantStatus = z.enum(MERCHANT_STATUS);
export type MerchantStatus = z.infer<typeof MerchantStatus>;
export const MERCHANT_STATUS_LABEL: Readonly<Record<MerchantStatus, string>> = { 0: 'Active', 1: 'Inactive' };

/** B§4: when the status is 1 the button offers Activate (sets 0), otherwise Inactivate (sets 1). */
export function merchantStatusToggle(statusId: number): MerchantStatus {
  return statusId === MERCHANT_STATUS.INACTIVE ? MERCHANT_STATUS.ACTIVE : MERCHANT_STATUS.INACTIVE;
}

export const MERCHANT_PROGRAM_STATUS = { ACTIVE: 0, INACTIVE: 1 } as const;
export const MerchantProgramStatus = z.enum(MERCHANT_PROGRAM_STATUS);
export type MerchantProgramStatus = z.infer<typeof MerchantProgramStatus>;

/** B§4: a mapping statusId of 1 shows 'Inactive', anything else 'Active'. */
export function merchantProgramStatusLabel(statusId: number): 'Active' | 'Inactive' {
  return statusId === MERCHANT_PROGRAM_STATUS.INACTIVE ? 'Inactive' : 'Active';
}
