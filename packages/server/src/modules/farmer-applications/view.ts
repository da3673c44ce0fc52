import {
  applicationNumber,
  type FarmerApplicationStatus,
  type FarmerApplicationView,
  maskedNumber,
  type OpenFarmerProgram,
  questionsInEffect,
} from '@ebt/core/farmer-applications';
import type { StateCode } from '@ebt/core/enums';
import { todayIn } from '@ebt/core/format';
import type { Config } from '../../config.js';
import type { StoredFarmerAddress } from '../../db/schema/index.js';
import { decrypt } from '../../platform/crypto.js';
import type { Recipient } from './notices.js';
import type { ApplicationRow, ProgramWithSettings } from './queries.js';

// The application as the farmer and staff see it: tax id and bank numbers masked to their last four, never whole.

/** A stored address as the wire has it (its state was checked as a state code when it came in). */
export const wireAddress = (a: StoredFarmerAddress) => ({ ...a, stateCode: a.stateCode as StateCode });

export function toView(
  row: ApplicationRow,
  programs: { programId: number; programName: string }[],
): FarmerApplicationView {
  return {
    applicationUuid: row.uuid,
    applicationNumber: applicationNumber(row.id),
    status: row.status as FarmerApplicationStatus,
    language: row.language === 'es' ? 'es' : 'en',
    programs: programs.map((p) => ({ programId: p.programId, programName: p.programName })),
    farmName: row.farmName,
    contactFirstName: row.contactFirstName,
    contactLastName: row.contactLastName,
    email: row.email,
    mobilePhone: row.mobilePhone,
    businessPhone: row.businessPhone,
    farmAddress: wireAddress({
      addressOne: row.address1,
      addressTwo: row.address2,
      city: row.city,
      stateCode: row.stateCode,
      zipcode: row.zipcode,
    }),
    mailingAddress: row.mailingAddress && wireAddress(row.mailingAddress),
    markets: row.markets,
    crops: row.crops,
    answers: row.answers,
    tinTypeId: row.tinTypeId,
    taxId: maskedNumber(row.taxIdLast4),
    bankAccount: {
      bankName: row.bankName,
      routingNumber: maskedNumber(row.routingNumberLast4),
      accountNumber: maskedNumber(row.accountNumberLast4),
      bankAccountType: row.accountTypeId,
      firstName: row.bankFirstName,
      middleName: row.bankMiddleName,
      lastName: row.bankLastName,
    },
    signature: row.signature,
    signedAt: row.signedAt.toISOString(),
    submittedAt: row.submittedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    staffRequest: row.staffRequest,
    refusalReason: row.refusalReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** A program as the form shows it: its agreement and the questions in effect on the program's today. */
export function formProgram(program: ProgramWithSettings, now: Date): OpenFarmerProgram {
  return {
    programId: program.programId,
    programName: program.programName,
    agreementText: program.agreementText ?? '',
    agreementTextEs: program.agreementTextEs ?? null,
    questions: questionsInEffect(program.questions ?? [], todayIn(program.timeZone, now)).map((q) => ({
      key: q.key,
      kind: q.kind,
      label: q.label,
      labelEs: q.labelEs,
      required: q.required,
    })),
  };
}

/** The farmer the application's messages go to. */
export function recipientOf(row: ApplicationRow): Recipient {
  return {
    email: row.email,
    mobilePhone: row.mobilePhone,
    firstName: row.contactFirstName,
    language: row.language,
  };
}

export const keyring = (config: Pick<Config, 'encryptionKey' | 'previousEncryptionKeys'>) => ({
  current: config.encryptionKey,
  previous: config.previousEncryptionKeys,
});

/** The status link's secret, kept sealed so every later message carries the same link. */
export function statusTokenOf(row: ApplicationRow, config: Config): string {
  return decrypt(row.statusTokenEncrypted, keyring(config));
}
