import { z } from 'zod';
import { BANK_ACCOUNT_MAX, BANK_NAME_MAX, BANK_ROUTING_MAX, NAME_MAX } from '../constants/limits.js';
import { BankAccountType } from '../enums/index.js';
import { MERCHANT_MESSAGES } from '../merchants/messages.js';
import { routingNumberValid } from '../validation/bank.js';
import { middleInitial, optionalText, requiredText } from '../validation/fields.js';
import { BANK_CHANGE_MESSAGES } from './messages.js';

/** The farmer's note to staff: a line, not a letter. */
export const BANK_CHANGE_NOTE_MAX = 200;
/** A refusal's reason, which the farmer reads in the e-mail and on the business page. */
export const BANK_CHANGE_REASON_MAX = 200;
/** The staff list shows the pending request and the most recent decided ones, up to this many. */
export const BANK_CHANGE_LIST_MAX = 10;

export const BankChangeStatus = z.enum(['pending', 'applied', 'refused', 'withdrawn']);
export type BankChangeStatus = z.infer<typeof BankChangeStatus>;

/** A farmer route's merchant. */
export const FarmerBankChangeParams = z.object({ merchantUuid: z.uuid() });
export type FarmerBankChangeParams = z.infer<typeof FarmerBankChangeParams>;

export const FarmerBankChangeRequestParams = z.object({ merchantUuid: z.uuid(), requestUuid: z.uuid() });
export type FarmerBankChangeRequestParams = z.infer<typeof FarmerBankChangeRequestParams>;

/** A staff route's merchant (its uuid, as every merchant endpoint names it) and one request of it. */
export const StaffBankChangeParams = z.object({ id: z.uuid() });
export type StaffBankChangeParams = z.infer<typeof StaffBankChangeParams>;

export const StaffBankChangeRequestParams = z.object({ id: z.uuid(), requestUuid: z.uuid() });
export type StaffBankChangeRequestParams = z.infer<typeof StaffBankChangeRequestParams>;

/**
 * POST …/bank-change-requests: the new account as the staff bank form takes it (B§5 limits, the ABA check digit of
 * validation/bank.ts), but never masked: a request always brings both numbers in full, typed twice for the account.
 */
export const BankChangeRequestBody = z
  .object({
    bankName: optionalText(BANK_NAME_MAX),
    bankRoutingNumber: requiredText(BANK_ROUTING_MAX).refine(routingNumberValid, MERCHANT_MESSAGES.ROUTING_CHECK_DIGIT),
    // ACH carries at most 17 characters of account number; digits only, so a mask (****1234) is never taken.
    bankAccountNumber: requiredText(BANK_ACCOUNT_MAX).regex(/^\d{4,17}$/, BANK_CHANGE_MESSAGES.ACCOUNT_DIGITS),
    confirmAccountNumber: requiredText(BANK_ACCOUNT_MAX),
    bankAccountType: BankAccountType,
    firstName: requiredText(NAME_MAX),
    middleName: middleInitial(),
    lastName: requiredText(NAME_MAX),
    note: optionalText(BANK_CHANGE_NOTE_MAX),
  })
  .refine((b) => b.confirmAccountNumber === b.bankAccountNumber, {
    path: ['confirmAccountNumber'],
    message: BANK_CHANGE_MESSAGES.ACCOUNTS_DIFFER,
  });
export type BankChangeRequestBody = z.infer<typeof BankChangeRequestBody>;

/** POST …/refuse: why, in a line the farmer reads. */
export const RefuseBankChangeBody = z.object({ reason: requiredText(BANK_CHANGE_REASON_MAX) });
export type RefuseBankChangeBody = z.infer<typeof RefuseBankChangeBody>;

/** One request as the farmer sees it: numbers masked to their last four (****1234), never whole. */
export const BankChangeRequest = z.object({
  requestUuid: z.uuid(),
  status: BankChangeStatus,
  requestedAt: z.iso.datetime(),
  bankName: z.string().nullable(),
  accountNumber: z.string(),
  routingNumber: z.string(),
  bankAccountType: z.number().int(),
  holderName: z.string(),
  note: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  refusalReason: z.string().nullable(),
});
export type BankChangeRequest = z.infer<typeof BankChangeRequest>;

/** The farmer's view: the pending request, else the last decided one (so a refusal and its reason are seen). */
export const FarmerBankChange = z.object({ request: BankChangeRequest.nullable() });
export type FarmerBankChange = z.infer<typeof FarmerBankChange>;

/** One request as staff with BANK_VIEW see it: who asked and who decided, still masked. */
export const StaffBankChangeRequest = BankChangeRequest.extend({
  requestedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type StaffBankChangeRequest = z.infer<typeof StaffBankChangeRequest>;

export const StaffBankChangeList = z.array(StaffBankChangeRequest);
export type StaffBankChangeList = z.infer<typeof StaffBankChangeList>;

export const BankChangeMessage = z.object({ message: z.string() });
export type BankChangeMessage = z.infer<typeof BankChangeMessage>;
