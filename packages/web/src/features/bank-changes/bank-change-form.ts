import { BankChangeRequestBody } from '@ebt/core/bank-changes';
import { formCheck } from '../../lib/form-check';

// The farmer's bank change form: the new account as the staff bank form takes it, the account number typed twice.

export type BankChangeValues = {
  bankName: string;
  bankRoutingNumber: string;
  bankAccountNumber: string;
  confirmAccountNumber: string;
  bankAccountType: string;
  firstName: string;
  lastName: string;
  note: string;
};

export const BANK_CHANGE_FIELDS = [
  'bankName',
  'bankRoutingNumber',
  'bankAccountNumber',
  'confirmAccountNumber',
  'bankAccountType',
  'firstName',
  'lastName',
  'note',
];

export const EMPTY_BANK_CHANGE: BankChangeValues = {
  bankName: '',
  bankRoutingNumber: '',
  bankAccountNumber: '',
  confirmAccountNumber: '',
  bankAccountType: '0',
  firstName: '',
  lastName: '',
  note: '',
};

/** The body as typed: text trimmed, blanks left out, the account type as its number. */
export function bankChangeBody(values: BankChangeValues): BankChangeRequestBody {
  return {
    bankName: values.bankName.trim() || undefined,
    bankRoutingNumber: values.bankRoutingNumber.trim(),
    bankAccountNumber: values.bankAccountNumber.trim(),
    confirmAccountNumber: values.confirmAccountNumber.trim(),
    bankAccountType: Number(values.bankAccountType) as 0 | 1,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    note: values.note.trim() || undefined,
  };
}

export const validateBankChange = formCheck(BankChangeRequestBody, bankChangeBody);
