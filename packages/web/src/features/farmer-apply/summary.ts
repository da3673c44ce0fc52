import type { FarmerApplicationView, OpenFarmerProgram } from '@ebt/core/farmer-applications';
import type { Language } from '@ebt/core/languages';
import { answersOf, chosenPrograms, maskedTail, type AddressValues, type ApplicationValues } from './application-form';

// What the review step and the status page show of an application: the same facts, from the form's values (before
// sending) or from the stored application (numbers already masked by the server). Tax id and account number are
// shown masked to their last four in both.

export interface SummaryAnswer {
  programName: string;
  label: string;
  kind: 'yes-no' | 'text';
  value: string;
}

export interface ApplicationSummaryData {
  programs: string[];
  farmName: string;
  contactName: string;
  email: string;
  mobilePhone: string;
  businessPhone: string;
  farmAddress: AddressValues;
  /** null: the same as the farm's. */
  mailingAddress: AddressValues | null;
  markets: { name: string; city: string; when: string }[];
  crops: string;
  answers: SummaryAnswer[];
  tinTypeId: number | null;
  /** Masked: ****1234; blank when kept from before (a completed application without a new one). */
  taxId: string;
  bank: {
    bankName: string;
    routingNumber: string;
    accountNumber: string;
    bankAccountType: number | null;
    holder: string;
  } | null;
}

/** An address on one line: 12 Orchard Lane, Apt 3, Hartford, CT 06105. */
export function addressLine(address: AddressValues): string {
  const place = [address.stateCode, address.zipcode].filter((part) => part.trim() !== '').join(' ');
  return [address.addressOne, address.addressTwo, address.city, place]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}

const joinName = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');

/** A question's label in the page's language: its Spanish when it has one and the page is Spanish. */
export function questionLabel(question: { label: string; labelEs: string | null }, language: Language): string {
  return language === 'es' && question.labelEs ? question.labelEs : question.label;
}

/**
 * The summary of the form before it is sent. `kept`: a completed application's stored numbers (masked), shown when
 * the farmer leaves them as they were.
 */
export function summaryOfValues(
  values: ApplicationValues,
  programs: readonly OpenFarmerProgram[],
  language: Language,
  kept?: { taxId: string; routingNumber: string; accountNumber: string },
): ApplicationSummaryData {
  const chosen = chosenPrograms(programs, values.programIds);
  const questions = new Map(
    chosen.flatMap((program) =>
      program.questions.map((question) => [`${program.programId}:${question.key}`, { program, question }] as const),
    ),
  );
  const bank = values.bankAccount;
  const keepBank = kept !== undefined && !values.changeBank;
  return {
    programs: chosen.map((program) => program.programName),
    farmName: values.farmName.trim(),
    contactName: joinName(values.contactFirstName, values.contactLastName),
    email: values.email.trim(),
    mobilePhone: values.mobilePhone.trim(),
    businessPhone: values.businessPhone.trim(),
    farmAddress: values.farmAddress,
    mailingAddress: values.mailingSame ? null : values.mailingAddress,
    markets: values.markets.map(({ name, city, when }) => ({
      name: name.trim(),
      city: city.trim(),
      when: when.trim(),
    })),
    crops: values.crops.trim(),
    answers: answersOf(values, programs).map((answer) => {
      const asked = questions.get(`${answer.programId}:${answer.key}`)!;
      return {
        programName: asked.program.programName,
        label: questionLabel(asked.question, language),
        kind: asked.question.kind,
        value: answer.value.trim(),
      };
    }),
    tinTypeId: values.tinTypeId === '' ? null : Number(values.tinTypeId),
    taxId: values.taxId.trim() === '' ? (kept?.taxId ?? '') : maskedTail(values.taxId),
    bank: keepBank
      ? {
          bankName: bank.bankName.trim(),
          routingNumber: kept.routingNumber,
          accountNumber: kept.accountNumber,
          bankAccountType: bank.bankAccountType === '' ? null : Number(bank.bankAccountType),
          holder: joinName(bank.firstName, bank.middleName, bank.lastName),
        }
      : {
          bankName: bank.bankName.trim(),
          routingNumber: bank.bankRoutingNumber.replace(/\s/g, ''),
          accountNumber: bank.bankAccountNumber.trim() === '' ? '' : maskedTail(bank.bankAccountNumber),
          bankAccountType: bank.bankAccountType === '' ? null : Number(bank.bankAccountType),
          holder: joinName(bank.firstName, bank.middleName, bank.lastName),
        },
  };
}

/** The summary of a stored application, as the status link answers it (numbers masked by the server). */
export function summaryOfView(view: FarmerApplicationView, language: Language): ApplicationSummaryData {
  const names = new Map(view.programs.map((program) => [program.programId, program.programName]));
  const address = (a: FarmerApplicationView['farmAddress']): AddressValues => ({
    addressOne: a.addressOne,
    addressTwo: a.addressTwo ?? '',
    city: a.city,
    stateCode: a.stateCode,
    zipcode: a.zipcode,
  });
  return {
    programs: view.programs.map((program) => program.programName),
    farmName: view.farmName,
    contactName: joinName(view.contactFirstName, view.contactLastName),
    email: view.email,
    mobilePhone: view.mobilePhone,
    businessPhone: view.businessPhone ?? '',
    farmAddress: address(view.farmAddress),
    mailingAddress: view.mailingAddress ? address(view.mailingAddress) : null,
    markets: view.markets.map((market) => ({ name: market.name, city: market.city ?? '', when: market.when ?? '' })),
    crops: view.crops,
    answers: view.answers.map((answer) => ({
      programName: names.get(answer.programId) ?? '',
      label: questionLabel(answer, language),
      kind: answer.kind,
      value: answer.value,
    })),
    tinTypeId: view.tinTypeId,
    taxId: view.taxId,
    bank: {
      bankName: view.bankAccount.bankName ?? '',
      routingNumber: view.bankAccount.routingNumber,
      accountNumber: view.bankAccount.accountNumber,
      bankAccountType: view.bankAccount.bankAccountType,
      holder: joinName(view.bankAccount.firstName, view.bankAccount.middleName, view.bankAccount.lastName),
    },
  };
}
