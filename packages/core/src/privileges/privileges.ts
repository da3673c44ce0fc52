/**
 * Privilege codes a user holds as strings (A§6, B§6). Roles are built from them by an administrator (B§6), so a
 * screen or route checks privileges, never role ids.
 */
export const PRIVILEGE = {
  RECIPIENT_ACCESS: 'RECIPIENT_ACCESS',
  PROGRAMADMIN_ACCESS: 'PROGRAMADMIN_ACCESS',
  NDGADMIN_ACCESS: 'NDGADMIN_ACCESS',
  AGENCYADMIN_ACCESS: 'AGENCYADMIN_ACCESS',
  AGENCYUSER_ACCESS: 'AGENCYUSER_ACCESS',
  AGENCY_ADD: 'AGENCY_ADD',
  AGENCY_UPDATE: 'AGENCY_UPDATE',
  AGENCY_VIEW: 'AGENCY_VIEW',
  // ours: B§5/B§6 say the agency funding fields need a higher right than name and code
  AGENCY_FUNDING_UPDATE: 'AGENCY_FUNDING_UPDATE',
  PROGRAM_USER_ADD: 'PROGRAM_USER_ADD',
  PROGRAM_USER_DELETE: 'PROGRAM_USER_DELETE',
  PROGRAM_USER_VIEW: 'PROGRAM_USER_VIEW',
  OTP_RESET: 'OTP_RESET',
  BULK_PAN_GEN: 'BULK_PAN_GEN',
  PROCESS_APPLICANT: 'PROCESS_APPLICANT',
  MERCHANT_ADD: 'MERCHANT_ADD',
  MERCHANT_UPDATE: 'MERCHANT_UPDATE',
  // ours: B§6 names no right for reading merchants; staff lists need one that roles can grant
  MERCHANT_VIEW: 'MERCHANT_VIEW',
  BANK_VIEW: 'BANK_VIEW',
  // ours: the merchant portal of farmer users (docs/farmer-app.md), scoped to the merchants they sell for
  MERCHANT_ACCESS: 'MERCHANT_ACCESS',
} as const;

export type PrivilegeCode = (typeof PRIVILEGE)[keyof typeof PRIVILEGE];

export interface PrivilegeEntry {
  readonly privilegeId: number;
  readonly code: PrivilegeCode;
  readonly descr: string;
}

/**
 * The privilege table the admin privileges screen lists (B§2: Privilege Id, Code, Descr). Ids are stable: the
 * database seed and role grants refer to them, so a new privilege takes the next id and none is ever renumbered.
 */
export const PRIVILEGE_LIST: readonly PrivilegeEntry[] = [
  { privilegeId: 1, code: PRIVILEGE.RECIPIENT_ACCESS, descr: 'Recipient portal access' },
  { privilegeId: 2, code: PRIVILEGE.PROGRAMADMIN_ACCESS, descr: 'Program portal access as program admin' },
  { privilegeId: 3, code: PRIVILEGE.NDGADMIN_ACCESS, descr: 'Admin portal access (platform administrator)' },
  { privilegeId: 4, code: PRIVILEGE.AGENCYADMIN_ACCESS, descr: 'Program portal access as agency admin' },
  { privilegeId: 5, code: PRIVILEGE.AGENCYUSER_ACCESS, descr: 'Program portal access as agency user' },
  { privilegeId: 6, code: PRIVILEGE.AGENCY_ADD, descr: 'Add agencies' },
  { privilegeId: 7, code: PRIVILEGE.AGENCY_UPDATE, descr: 'Update agency name and code' },
  { privilegeId: 8, code: PRIVILEGE.AGENCY_VIEW, descr: 'View agencies' },
  { privilegeId: 9, code: PRIVILEGE.AGENCY_FUNDING_UPDATE, descr: 'Update agency funding amount and date' },
  { privilegeId: 10, code: PRIVILEGE.PROGRAM_USER_ADD, descr: 'Add program admins' },
  { privilegeId: 11, code: PRIVILEGE.PROGRAM_USER_DELETE, descr: 'Remove program admins' },
  { privilegeId: 12, code: PRIVILEGE.PROGRAM_USER_VIEW, descr: 'View program admins' },
  { privilegeId: 13, code: PRIVILEGE.OTP_RESET, descr: 'Reset a user one-time-code token' },
  { privilegeId: 14, code: PRIVILEGE.BULK_PAN_GEN, descr: 'Generate printed PANs in bulk' },
  { privilegeId: 15, code: PRIVILEGE.PROCESS_APPLICANT, descr: 'Search and process applicants' },
  { privilegeId: 16, code: PRIVILEGE.MERCHANT_ADD, descr: 'Add and import merchants' },
  { privilegeId: 17, code: PRIVILEGE.MERCHANT_UPDATE, descr: 'Update merchants, their status and program mapping' },
  { privilegeId: 18, code: PRIVILEGE.MERCHANT_VIEW, descr: 'View merchants' },
  { privilegeId: 19, code: PRIVILEGE.BANK_VIEW, descr: 'View and edit merchant tax and bank information' },
  { privilegeId: 20, code: PRIVILEGE.MERCHANT_ACCESS, descr: 'Merchant portal access as a farmer user' },
];

/** The four staff access privileges: any of them lets a user call staff endpoints (A§6, B§6). */
export const STAFF_PRIVILEGES = [
  PRIVILEGE.PROGRAMADMIN_ACCESS,
  PRIVILEGE.AGENCYADMIN_ACCESS,
  PRIVILEGE.AGENCYUSER_ACCESS,
  PRIVILEGE.NDGADMIN_ACCESS,
] as const satisfies readonly PrivilegeCode[];

/** Any one of these opens /program (A§2). */
export const PROGRAM_AREA_PRIVILEGES = [
  PRIVILEGE.PROGRAMADMIN_ACCESS,
  PRIVILEGE.AGENCYADMIN_ACCESS,
  PRIVILEGE.AGENCYUSER_ACCESS,
] as const satisfies readonly PrivilegeCode[];

const ACCESS_PRIVILEGES: readonly PrivilegeCode[] = [
  PRIVILEGE.RECIPIENT_ACCESS,
  PRIVILEGE.MERCHANT_ACCESS,
  ...STAFF_PRIVILEGES,
];

/** Every privilege that is not an area access one: what a platform admin is granted besides NDGADMIN_ACCESS. */
const NON_ACCESS_PRIVILEGES: readonly PrivilegeCode[] = PRIVILEGE_LIST.map((p) => p.code).filter(
  (code) => !ACCESS_PRIVILEGES.includes(code),
);

/**
 * Default grants per role id (B§3 role ids; 4 is ours for the platform administrator, which the specification
 * leaves unnamed). The seed writes these; administrators may change them later (B§6).
 *
 * - 1 Program Admin: every program-side privilege (runtime-contract: progadmin01 has all of them).
 * - 2 program user: a program-level account created only from the admin screens (B§5; the program-side role
 *   filter leaves it out). The specification gives it no area, so it gets read rights but no access privilege:
 *   sign-in answers 'The web portal is not available for this user.' until an administrator grants an area.
 *   Giving it PROGRAMADMIN_ACCESS would make it a program admin in every rule keyed on that privilege.
 * - 3 recipient: the recipient portal only.
 * - 4 platform admin: NDGADMIN_ACCESS and every non-access privilege. It must not hold a program access
 *   privilege, or sign-in would route it to /program (A§2 order).
 * - 5 Agency Admin, 6 Agency User: their area plus reading agencies and merchants; the agency admin also sees
 *   program users (B§2 Users menu) and processes applicants.
 * - 7 Farmer (ours): the merchant portal only, over the merchants the user sells for (invited from a merchant's page).
 */
export const ROLE_PRIVILEGES: Record<number, PrivilegeCode[]> = {
  1: [
    PRIVILEGE.PROGRAMADMIN_ACCESS,
    PRIVILEGE.AGENCY_ADD,
    PRIVILEGE.AGENCY_UPDATE,
    PRIVILEGE.AGENCY_VIEW,
    PRIVILEGE.AGENCY_FUNDING_UPDATE,
    PRIVILEGE.PROGRAM_USER_ADD,
    PRIVILEGE.PROGRAM_USER_DELETE,
    PRIVILEGE.PROGRAM_USER_VIEW,
    PRIVILEGE.OTP_RESET,
    PRIVILEGE.BULK_PAN_GEN,
    PRIVILEGE.PROCESS_APPLICANT,
    PRIVILEGE.MERCHANT_ADD,
    PRIVILEGE.MERCHANT_UPDATE,
    PRIVILEGE.MERCHANT_VIEW,
    PRIVILEGE.BANK_VIEW,
  ],
  2: [PRIVILEGE.AGENCY_VIEW, PRIVILEGE.MERCHANT_VIEW, PRIVILEGE.PROGRAM_USER_VIEW],
  3: [PRIVILEGE.RECIPIENT_ACCESS],
  4: [PRIVILEGE.NDGADMIN_ACCESS, ...NON_ACCESS_PRIVILEGES],
  5: [
    PRIVILEGE.AGENCYADMIN_ACCESS,
    PRIVILEGE.AGENCY_VIEW,
    PRIVILEGE.AGENCY_UPDATE,
    PRIVILEGE.PROGRAM_USER_VIEW,
    PRIVILEGE.PROCESS_APPLICANT,
    PRIVILEGE.MERCHANT_VIEW,
  ],
  6: [PRIVILEGE.AGENCYUSER_ACCESS, PRIVILEGE.AGENCY_VIEW, PRIVILEGE.MERCHANT_VIEW],
  7: [PRIVILEGE.MERCHANT_ACCESS],
};
