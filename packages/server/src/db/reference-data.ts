import { sql } from 'drizzle-orm';
import { ROLE_LABEL, TAX_CLASSES, TIN_TYPES } from '@ebt/core/enums';
import { PRIVILEGE_LIST, ROLE_PRIVILEGES } from '@ebt/core/privileges';
import type { Db } from './client.js';
import {
  benefitOptions,
  benefitOptionTypes,
  notificationEvents,
  privileges,
  responseCodes,
  rolePrivileges,
  roles,
  securityQuestions,
  taxClasses,
  tinTypes,
  transactionTypes,
} from './schema/index.js';

/**
 * Lookups every database needs, demo or not, tests included. Ids are fixed and never renumbered: code, the web
 * app and stored rows refer to them.
 */

export const TRANSACTION_TYPE = {
  PURCHASE: 1,
  REFUND: 2,
  BALANCE_INQUIRY: 3,
  PURCHASE_REVERSAL: 4,
  REFUND_REVERSAL: 5,
  INCENTIVE_ACCRUAL: 6,
  /** Incentive taken back when its purchase is refunded or reversed (decision 0044). */
  INCENTIVE_CLAWBACK: 7,
} as const;

export const TRANSACTION_TYPES: readonly { id: number; descr: string }[] = [
  { id: TRANSACTION_TYPE.PURCHASE, descr: 'Purchase' },
  { id: TRANSACTION_TYPE.REFUND, descr: 'Refund' },
  { id: TRANSACTION_TYPE.BALANCE_INQUIRY, descr: 'Balance Inquiry' },
  { id: TRANSACTION_TYPE.PURCHASE_REVERSAL, descr: 'Purchase Reversal' },
  { id: TRANSACTION_TYPE.REFUND_REVERSAL, descr: 'Refund Reversal' },
  { id: TRANSACTION_TYPE.INCENTIVE_ACCRUAL, descr: 'Incentive Accrual' },
  { id: TRANSACTION_TYPE.INCENTIVE_CLAWBACK, descr: 'Incentive Clawback' },
];

/** responseCodeId values; `code` is the ISO 8583 style response code the terminal sees. */
export const RESPONSE_CODE = {
  APPROVED: 1,
  INSUFFICIENT_FUNDS: 2,
  INVALID_CARD: 3,
  EXPIRED_CARD: 4,
  LOST_CARD: 5,
  STOLEN_CARD: 6,
  DO_NOT_HONOR: 7,
  INVALID_AMOUNT: 8,
  NOT_PERMITTED: 9,
  INVALID_MERCHANT: 10,
  SYSTEM_ERROR: 11,
  CARD_LOCKED: 12,
  BENEFITS_EXPIRED: 13,
  DUPLICATE: 14,
  ORIGINAL_NOT_FOUND: 15,
  // The transaction engine's own declines (decision 0044).
  TERMINAL_NOT_PERMITTED: 16,
  PROGRAM_DISABLED: 17,
  CARD_NOT_ACTIVE: 18,
  INVALID_TRANSACTION: 19,
  // Cardholder verification (docs/transaction-engine.md "PIN").
  INCORRECT_PIN: 20,
  PIN_TRIES_EXCEEDED: 21,
  /** A terminal that sent too many wrong PINs in the last minutes, over any cards: its PIN calls wait. */
  PIN_ACTIVITY_LIMIT: 22,
} as const;

export const RESPONSE_CODES: readonly { id: number; code: string; descr: string }[] = [
  { id: RESPONSE_CODE.APPROVED, code: '00', descr: 'Approved' },
  { id: RESPONSE_CODE.INSUFFICIENT_FUNDS, code: '51', descr: 'Insufficient funds' },
  { id: RESPONSE_CODE.INVALID_CARD, code: '14', descr: 'Invalid card number' },
  { id: RESPONSE_CODE.EXPIRED_CARD, code: '54', descr: 'Expired card' },
  { id: RESPONSE_CODE.LOST_CARD, code: '41', descr: 'Lost card' },
  { id: RESPONSE_CODE.STOLEN_CARD, code: '43', descr: 'Stolen card' },
  { id: RESPONSE_CODE.DO_NOT_HONOR, code: '05', descr: 'Do not honor' },
  { id: RESPONSE_CODE.INVALID_AMOUNT, code: '13', descr: 'Invalid amount' },
  { id: RESPONSE_CODE.NOT_PERMITTED, code: '57', descr: 'Transaction not permitted to cardholder' },
  { id: RESPONSE_CODE.INVALID_MERCHANT, code: '03', descr: 'Invalid merchant' },
  { id: RESPONSE_CODE.SYSTEM_ERROR, code: '96', descr: 'System malfunction' },
  { id: RESPONSE_CODE.CARD_LOCKED, code: '62', descr: 'Card locked' },
  { id: RESPONSE_CODE.BENEFITS_EXPIRED, code: '33', descr: 'Benefits expired' },
  { id: RESPONSE_CODE.DUPLICATE, code: '94', descr: 'Duplicate transaction' },
  { id: RESPONSE_CODE.ORIGINAL_NOT_FOUND, code: '25', descr: 'Original transaction not found' },
  { id: RESPONSE_CODE.TERMINAL_NOT_PERMITTED, code: '58', descr: 'Transaction not permitted to terminal' },
  { id: RESPONSE_CODE.PROGRAM_DISABLED, code: '91', descr: 'Program not available' },
  { id: RESPONSE_CODE.CARD_NOT_ACTIVE, code: '78', descr: 'Card not active' },
  { id: RESPONSE_CODE.INVALID_TRANSACTION, code: '12', descr: 'Invalid transaction' },
  { id: RESPONSE_CODE.INCORRECT_PIN, code: '55', descr: 'Incorrect PIN' },
  { id: RESPONSE_CODE.PIN_TRIES_EXCEEDED, code: '75', descr: 'Allowable number of PIN tries exceeded' },
  { id: RESPONSE_CODE.PIN_ACTIVITY_LIMIT, code: '65', descr: 'Activity count limit exceeded' },
];

export const SECURITY_QUESTIONS: readonly { id: number; text: string }[] = [
  { id: 1, text: 'What is the name of the town where you were born?' },
  { id: 2, text: 'What was the name of your first pet?' },
  { id: 3, text: 'What was the make of your first car?' },
  { id: 4, text: 'What is the name of the street you grew up on?' },
  { id: 5, text: 'What was the name of your elementary school?' },
  { id: 6, text: 'What is your favorite vegetable to buy at the market?' },
  { id: 7, text: 'What was the first name of your childhood best friend?' },
  { id: 8, text: 'In what city did your parents meet?' },
];

export const NOTIFICATION_EVENT = {
  BENEFIT_ISSUED: 1,
  BENEFIT_EXPIRING: 2,
  BENEFIT_EXPIRED: 3,
  BENEFIT_VOIDED: 4,
  PURCHASE: 5,
  INCENTIVE_EARNED: 6,
  CARD_STATUS: 7,
} as const;

export const NOTIFICATION_EVENTS: readonly { id: number; descr: string }[] = [
  { id: NOTIFICATION_EVENT.BENEFIT_ISSUED, descr: 'A benefit is issued to you' },
  { id: NOTIFICATION_EVENT.BENEFIT_EXPIRING, descr: 'A benefit expires within 14 days' },
  { id: NOTIFICATION_EVENT.BENEFIT_EXPIRED, descr: 'A benefit has expired' },
  { id: NOTIFICATION_EVENT.BENEFIT_VOIDED, descr: 'A benefit is voided' },
  { id: NOTIFICATION_EVENT.PURCHASE, descr: 'A purchase is made with your card' },
  { id: NOTIFICATION_EVENT.INCENTIVE_EARNED, descr: 'You earn an incentive' },
  { id: NOTIFICATION_EVENT.CARD_STATUS, descr: 'Your card status changes' },
];

/** Benefit option types and their options (GET /benefit-api/benefit-option-type/{id}, GET /admin-api/benefit-option-types). */
export const BENEFIT_OPTION_TYPES: readonly {
  id: number;
  name: string;
  descr: string;
  options: readonly { id: number; descr: string }[];
}[] = [
  {
    id: 1,
    name: 'Distribution Method',
    descr: 'How the recipient received the benefit',
    options: [
      { id: 1, descr: 'In person at the agency' },
      { id: 2, descr: 'Mailed to the recipient' },
      { id: 3, descr: 'Home-delivered meals site' },
      { id: 4, descr: 'Senior housing site' },
    ],
  },
  {
    id: 2,
    name: 'Market Season',
    descr: 'The market season a benefit is meant for',
    options: [
      { id: 11, descr: 'Summer season' },
      { id: 12, descr: 'Fall season' },
      { id: 13, descr: 'Winter market' },
    ],
  },
];

/**
 * Loads or refreshes the lookups. Safe to run at every start and any number of times (idempotent upserts).
 *
 * Role grants are the one exception to "refresh": an administrator may tick or untick a role's privileges (B§6),
 * so the default grants of core ROLE_PRIVILEGES are written only for a role or a privilege this run creates. A
 * restart never re-grants what an administrator took away, and a privilege added to the catalogue later still
 * reaches the default roles.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const existingRoles = new Set((await tx.select({ id: roles.id }).from(roles)).map((r) => r.id));
    const existingPrivileges = new Set((await tx.select({ id: privileges.id }).from(privileges)).map((p) => p.id));

    // Role names may be edited by administrators (PUT /admin-api/roles): insert only, never overwrite.
    await tx
      .insert(roles)
      .values(Object.entries(ROLE_LABEL).map(([id, descr]) => ({ id: Number(id), descr })))
      .onConflictDoNothing();

    // Privileges belong to the catalogue in core (no screen edits them): insert or refresh.
    await tx
      .insert(privileges)
      .values(PRIVILEGE_LIST.map((p) => ({ id: p.privilegeId, code: p.code, descr: p.descr })))
      .onConflictDoUpdate({ target: privileges.id, set: { code: sql`excluded.code`, descr: sql`excluded.descr` } });

    const idByCode = new Map(PRIVILEGE_LIST.map((p) => [p.code as string, p.privilegeId]));
    const grants = Object.entries(ROLE_PRIVILEGES).flatMap(([roleId, codes]) =>
      codes.map((code) => ({ roleId: Number(roleId), privilegeId: idByCode.get(code) ?? 0 })),
    );
    const newGrants = grants.filter(
      (g) => g.privilegeId > 0 && (!existingRoles.has(g.roleId) || !existingPrivileges.has(g.privilegeId)),
    );
    if (newGrants.length > 0) await tx.insert(rolePrivileges).values(newGrants).onConflictDoNothing();

    await tx
      .insert(transactionTypes)
      .values([...TRANSACTION_TYPES])
      .onConflictDoUpdate({ target: transactionTypes.id, set: { descr: sql`excluded.descr` } });
    await tx
      .insert(responseCodes)
      .values([...RESPONSE_CODES])
      .onConflictDoUpdate({ target: responseCodes.id, set: { code: sql`excluded.code`, descr: sql`excluded.descr` } });
    await tx
      .insert(securityQuestions)
      .values([...SECURITY_QUESTIONS])
      .onConflictDoUpdate({ target: securityQuestions.id, set: { text: sql`excluded.text` } });
    await tx
      .insert(notificationEvents)
      .values([...NOTIFICATION_EVENTS])
      .onConflictDoUpdate({ target: notificationEvents.id, set: { descr: sql`excluded.descr` } });
    await tx
      .insert(benefitOptionTypes)
      .values(BENEFIT_OPTION_TYPES.map(({ id, name, descr }) => ({ id, name, descr })))
      .onConflictDoUpdate({
        target: benefitOptionTypes.id,
        set: { name: sql`excluded.name`, descr: sql`excluded.descr` },
      });
    await tx
      .insert(benefitOptions)
      .values(
        BENEFIT_OPTION_TYPES.flatMap((type) =>
          type.options.map((option, index) => ({ ...option, optionTypeId: type.id, sortOrder: index + 1 })),
        ),
      )
      .onConflictDoUpdate({
        target: benefitOptions.id,
        set: {
          optionTypeId: sql`excluded.option_type_id`,
          descr: sql`excluded.descr`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
    await tx
      .insert(taxClasses)
      .values(TAX_CLASSES.map((c) => ({ id: c.taxClassId, descr: c.descr })))
      .onConflictDoUpdate({ target: taxClasses.id, set: { descr: sql`excluded.descr` } });
    await tx
      .insert(tinTypes)
      .values(TIN_TYPES.map((t) => ({ id: t.tinTypeId, descr: t.descr })))
      .onConflictDoUpdate({ target: tinTypes.id, set: { descr: sql`excluded.descr` } });
  });
}
