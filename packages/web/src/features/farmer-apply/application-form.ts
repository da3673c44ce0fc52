import {
  answerIssues,
  FarmerApplicationBody,
  FarmerApplicationUpdateBody,
  FARMER_APPLICATION_MESSAGES as M,
  signatureMatchesContact,
  type FarmerApplicationView,
  type OpenFarmerProgram,
} from '@ebt/core/farmer-applications';
import type { Language } from '@ebt/core/languages';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { formCheck, type BodyInput, type FieldProblem } from '../../lib/form-check';
import { contactProblem, type ContactState } from './contact-confirmation';

// The farmer's application form (/apply/farmer, and the status page when staff ask for more): its values, its steps,
// the body each endpoint is sent, the rules the body cannot see, and where the server's field errors go. The body's
// own rules are core's schemas (FarmerApplicationBody, FarmerApplicationUpdateBody), read through `formCheck`.

export interface AddressValues {
  addressOne: string;
  addressTwo: string;
  city: string;
  stateCode: string;
  zipcode: string;
}

export interface MarketValues {
  /** The row's own key (React's list key), not sent. */
  key: string;
  name: string;
  city: string;
  when: string;
}

export interface BankValues {
  bankName: string;
  bankRoutingNumber: string;
  bankAccountNumber: string;
  confirmAccountNumber: string;
  bankAccountType: string;
  firstName: string;
  middleName: string;
  lastName: string;
}

export interface ApplicationValues {
  programIds: string[];
  farmName: string;
  contactFirstName: string;
  contactLastName: string;
  businessPhone: string;
  email: string;
  mobilePhone: string;
  emailCode: string;
  mobileCode: string;
  farmAddress: AddressValues;
  /** The mailing address is the farm's (sent as null). */
  mailingSame: boolean;
  mailingAddress: AddressValues;
  markets: MarketValues[];
  crops: string;
  /** The answers by `answerField(programId, key)`: 'yes', 'no' or the text. */
  answers: Record<string, string>;
  tinTypeId: string;
  taxId: string;
  /** Completing an application: whether the farmer gives a new bank account (else the stored one is kept). */
  changeBank: boolean;
  bankAccount: BankValues;
  agreed: boolean;
  signature: string;
}

export type FormMode = 'new' | 'update';

/** What the form's rules read besides its values. */
export interface FormContext {
  mode: FormMode;
  /** The programs the farmer may choose, with their questions in effect. */
  programs: readonly OpenFarmerProgram[];
  language: Language;
  /** A new application: where the confirmation of the e-mail and mobile phone stands. */
  contact?: ContactState;
  confirmationId?: string | null;
}

/** The steps, in order; each validates its own fields before the next shows. */
export const STEPS = ['programs', 'contact', 'farm', 'questions', 'payout', 'agreement', 'review'] as const;
export type StepName = (typeof STEPS)[number];

const STEP_OF_FIELD: Readonly<Record<string, StepName>> = {
  programIds: 'programs',
  farmName: 'programs',
  contactFirstName: 'programs',
  contactLastName: 'programs',
  businessPhone: 'programs',
  email: 'contact',
  mobilePhone: 'contact',
  emailCode: 'contact',
  mobileCode: 'contact',
  farmAddress: 'farm',
  mailingSame: 'farm',
  mailingAddress: 'farm',
  markets: 'farm',
  crops: 'farm',
  answers: 'questions',
  tinTypeId: 'payout',
  taxId: 'payout',
  changeBank: 'payout',
  bankAccount: 'payout',
  agreed: 'agreement',
  signature: 'agreement',
};

/** The step that shows a form field (`farmAddress.zipcode` is on 'farm'); anything else is the review's. */
export function stepOfField(field: string): StepName {
  return STEP_OF_FIELD[field.split('.')[0]!] ?? 'review';
}

export const EMPTY_ADDRESS: AddressValues = { addressOne: '', addressTwo: '', city: '', stateCode: '', zipcode: '' };

let marketKeys = 0;
/** A market row, blank unless given. */
export function newMarket(market: Partial<Omit<MarketValues, 'key'>> = {}): MarketValues {
  marketKeys += 1;
  return { key: `m${Date.now().toString(36)}${marketKeys}`, name: '', city: '', when: '', ...market };
}

export function emptyValues(): ApplicationValues {
  return {
    programIds: [],
    farmName: '',
    contactFirstName: '',
    contactLastName: '',
    businessPhone: '',
    email: '',
    mobilePhone: '',
    emailCode: '',
    mobileCode: '',
    farmAddress: { ...EMPTY_ADDRESS },
    mailingSame: true,
    mailingAddress: { ...EMPTY_ADDRESS },
    markets: [newMarket()],
    crops: '',
    answers: {},
    tinTypeId: '',
    taxId: '',
    changeBank: true,
    bankAccount: {
      bankName: '',
      bankRoutingNumber: '',
      bankAccountNumber: '',
      confirmAccountNumber: '',
      bankAccountType: '0',
      firstName: '',
      middleName: '',
      lastName: '',
    },
    agreed: false,
    signature: '',
  };
}

/** The form's name of a program's question: `answers.<answerField>`. */
export function answerField(programId: number, key: string): string {
  return `p${programId}_${key}`;
}

/** The chosen programs, in the order they are offered. */
export function chosenPrograms(
  programs: readonly OpenFarmerProgram[],
  programIds: readonly string[],
): OpenFarmerProgram[] {
  return programs.filter((program) => programIds.includes(String(program.programId)));
}

/** The answers sent: one per question of the chosen programs, blank when not answered. */
export function answersOf(
  values: Pick<ApplicationValues, 'programIds' | 'answers'>,
  programs: readonly OpenFarmerProgram[],
) {
  return chosenPrograms(programs, values.programIds).flatMap((program) =>
    program.questions.map((question) => ({
      programId: program.programId,
      key: question.key,
      value: values.answers[answerField(program.programId, question.key)] ?? '',
    })),
  );
}

/** A tax id as people write it (123-45-6789, 12-3456789): its digits are what is sent. */
const withoutSeparators = (value: string) => value.replace(/[\s-]/g, '');
/** A bank number with the spaces people put in to read it. */
const withoutSpaces = (value: string) => value.replace(/\s/g, '');
const chosenNumber = (value: string) => (value === '' ? undefined : Number(value));

function addressBody(address: AddressValues) {
  return {
    addressOne: address.addressOne,
    addressTwo: address.addressTwo,
    city: address.city,
    stateCode: address.stateCode === '' ? undefined : address.stateCode,
    zipcode: address.zipcode,
  };
}

function bankBody(bank: BankValues) {
  return {
    bankName: bank.bankName,
    bankRoutingNumber: withoutSpaces(bank.bankRoutingNumber),
    bankAccountNumber: withoutSpaces(bank.bankAccountNumber),
    confirmAccountNumber: withoutSpaces(bank.confirmAccountNumber),
    bankAccountType: chosenNumber(bank.bankAccountType),
    firstName: bank.firstName,
    middleName: bank.middleName,
    lastName: bank.lastName,
  };
}

/** The fields a new application and a completed one share. */
function applicationBody(values: ApplicationValues, context: FormContext) {
  return {
    programIds: values.programIds.map(Number),
    farmName: values.farmName,
    contactFirstName: values.contactFirstName,
    contactLastName: values.contactLastName,
    businessPhone: values.businessPhone,
    farmAddress: addressBody(values.farmAddress),
    mailingAddress: values.mailingSame ? null : addressBody(values.mailingAddress),
    markets: values.markets.map(({ name, city, when }) => ({ name, city, when })),
    crops: values.crops,
    answers: answersOf(values, context.programs),
    tinTypeId: chosenNumber(values.tinTypeId),
    agreed: values.agreed,
    signature: values.signature,
    language: context.language,
  };
}

/** POST …/farmer-application's body as typed: the confirmation, the contact, the fields, the tax id and bank account. */
export function submitBodyOf(values: ApplicationValues, context: FormContext): BodyInput<typeof FarmerApplicationBody> {
  return {
    confirmationId: context.confirmationId ?? undefined,
    email: values.email,
    mobilePhone: values.mobilePhone,
    ...applicationBody(values, context),
    taxId: withoutSeparators(values.taxId),
    bankAccount: bankBody(values.bankAccount),
  };
}

/** PUT …/status/{token}'s body as typed: a blank tax id and no bank account keep the stored ones. */
export function updateBodyOf(
  values: ApplicationValues,
  context: FormContext,
): BodyInput<typeof FarmerApplicationUpdateBody> {
  const taxId = withoutSeparators(values.taxId);
  return {
    ...applicationBody(values, context),
    taxId: taxId === '' ? null : taxId,
    bankAccount: values.changeBank ? bankBody(values.bankAccount) : null,
  };
}

/** The rules the body cannot see: the programs' questions, the signature, and (to submit) the confirmed contact. */
function rules(context: FormContext, forSubmit: boolean) {
  return (values: ApplicationValues, found: Readonly<Record<string, string>>): FieldProblem[] => {
    const problems: FieldProblem[] = [];
    const chosen = chosenPrograms(context.programs, values.programIds);
    for (const issue of answerIssues(chosen, answersOf(values, context.programs))) {
      problems.push({ field: `answers.${answerField(issue.programId, issue.key)}`, message: issue.message });
    }
    if (
      !found.signature &&
      !found.contactFirstName &&
      !found.contactLastName &&
      values.signature.trim() !== '' &&
      !signatureMatchesContact(values.signature, values.contactFirstName, values.contactLastName)
    ) {
      problems.push({ field: 'signature', message: M.SIGNATURE_NOT_CONTACT });
    }
    if (forSubmit && context.mode === 'new') {
      const problem = contactProblem(context.contact ?? 'none');
      if (problem) problems.push(problem);
    }
    return problems;
  };
}

/** A schema's problem at `answers.<index>…` belongs to that answer's question. */
function answerPathOf(path: string, values: ApplicationValues, context: FormContext): string | null {
  const [top, index] = path.split('.');
  if (top !== 'answers' || (index !== undefined && !/^\d+$/.test(index))) return path;
  const answer = answersOf(values, context.programs)[Number(index)];
  if (index === undefined || !answer) return null;
  return `answers.${answerField(answer.programId, answer.key)}`;
}

/**
 * Every problem of the form, by form field: core's body schema, then the rules it cannot see. `forSubmit` adds the
 * contact's confirmation, which a step may leave for later (the farmer fills the rest while the codes come).
 */
export function applicationErrors(
  values: ApplicationValues,
  context: FormContext,
  { forSubmit = false }: { forSubmit?: boolean } = {},
): Record<string, string> {
  const check =
    context.mode === 'new'
      ? formCheck(FarmerApplicationBody, (v: ApplicationValues) => submitBodyOf(v, context), {
          rules: rules(context, forSubmit),
        })
      : formCheck(FarmerApplicationUpdateBody, (v: ApplicationValues) => updateBodyOf(v, context), {
          rules: rules(context, forSubmit),
        });
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(check(values))) {
    const field = answerPathOf(path, values, context);
    if (field !== null) errors[field] ??= message;
  }
  // The bank account is not sent while a completed application keeps the stored one.
  if (context.mode === 'update' && !values.changeBank)
    for (const field of Object.keys(errors)) if (field.startsWith('bankAccount.')) delete errors[field];
  return errors;
}

/** The problems of one step's fields. */
export function stepErrors(errors: Record<string, string>, step: StepName): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => stepOfField(field) === step));
}

/** The first step (in order) with a problem, or null. */
export function firstStepWithErrors(errors: Record<string, string>): StepName | null {
  const steps = new Set(Object.keys(errors).map(stepOfField));
  return STEPS.find((step) => steps.has(step)) ?? null;
}

/** Every field path of the form's values: `farmAddress.city`, `markets.0.name`, `answers.p3_organic`. */
export function fieldPaths(values: ApplicationValues, mode: FormMode, programs: readonly OpenFarmerProgram[]) {
  const paths: string[] = ['programIds', 'farmName', 'contactFirstName', 'contactLastName', 'businessPhone'];
  if (mode === 'new') paths.push('email', 'mobilePhone', 'emailCode', 'mobileCode');
  for (const address of ['farmAddress', 'mailingAddress'])
    for (const name of Object.keys(EMPTY_ADDRESS)) paths.push(`${address}.${name}`);
  values.markets.forEach((_, index) =>
    paths.push(`markets.${index}.name`, `markets.${index}.city`, `markets.${index}.when`),
  );
  paths.push('markets', 'crops');
  for (const answer of answersOf(values, programs)) paths.push(`answers.${answerField(answer.programId, answer.key)}`);
  paths.push('tinTypeId', 'taxId');
  for (const name of Object.keys(values.bankAccount)) paths.push(`bankAccount.${name}`);
  paths.push('agreed', 'signature');
  return paths;
}

/** What a refused submit says: the problems by form field, and the lines no field holds. */
export interface ServerProblems {
  fields: Record<string, string>;
  general: string[];
  /** The step to show: the first with a field problem, else the review. */
  step: StepName;
}

/** The form field a server's `field` names, or null when none shows it. */
function formFieldOf(
  field: string,
  values: ApplicationValues,
  context: FormContext,
  known: readonly string[],
): string | null {
  if (field === 'confirmationId') return context.mode === 'new' ? 'email' : null;
  if (field === 'answers' || field.startsWith('answers.')) {
    const parts = field.split('.');
    const answers = answersOf(values, context.programs);
    // The server's rules name the question (answers.<programId>.<key>); the schema names the answer's index
    // (answers.<index>.value).
    const named = answers.find(
      (answer) =>
        (parts[1] === String(answer.programId) && parts[2] === answer.key) ||
        parts[1] === `${answer.programId}:${answer.key}`,
    );
    if (named) return `answers.${answerField(named.programId, named.key)}`;
    const byIndex = /^\d+$/.test(parts[1] ?? '') ? answers[Number(parts[1])] : undefined;
    return byIndex ? `answers.${answerField(byIndex.programId, byIndex.key)}` : null;
  }
  if (field === 'mobile') return known.includes('mobilePhone') ? 'mobilePhone' : null;
  // The field itself, or the first field under it (`bankAccount` → its first), or the field it is under
  // (`programIds.1` → `programIds`).
  for (let path = field; path !== ''; path = path.split('.').slice(0, -1).join('.')) {
    if (known.includes(path)) return path;
    const under = known.find((candidate) => candidate.startsWith(`${path}.`));
    if (under) return under;
  }
  return null;
}

/**
 * A refused submit's problems where the farmer can fix them: each server entry with a `field` at its form field
 * (mapped to the step that shows it), the others as lines above the submit button.
 */
export function serverProblems(error: unknown, values: ApplicationValues, context: FormContext): ServerProblems {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  const body = isApiError(error) ? (error.body as { errorMessages?: unknown } | undefined) : undefined;
  const entries = Array.isArray(body?.errorMessages) ? (body.errorMessages as unknown[]) : [];
  const known = fieldPaths(values, context.mode, context.programs);
  for (const entry of entries) {
    const { field, appErrorMessage } = (entry ?? {}) as { field?: unknown; appErrorMessage?: unknown };
    if (typeof appErrorMessage !== 'string') continue;
    const formField = typeof field === 'string' ? formFieldOf(field, values, context, known) : null;
    if (formField !== null) fields[formField] ??= appErrorMessage;
    else if (!general.includes(appErrorMessage)) general.push(appErrorMessage);
  }
  if (Object.keys(fields).length === 0 && general.length === 0) general.push(...errorMessagesOf(error));
  return { fields, general, step: firstStepWithErrors(fields) ?? 'review' };
}

/** A completed application's values: what the farmer gave, tax id and bank numbers blank (blank keeps them). */
export function valuesOfApplication(view: FarmerApplicationView): ApplicationValues {
  const empty = emptyValues();
  const address = (a: FarmerApplicationView['farmAddress']): AddressValues => ({
    addressOne: a.addressOne,
    addressTwo: a.addressTwo ?? '',
    city: a.city,
    stateCode: a.stateCode,
    zipcode: a.zipcode,
  });
  return {
    ...empty,
    programIds: view.programs.map((program) => String(program.programId)),
    farmName: view.farmName,
    contactFirstName: view.contactFirstName,
    contactLastName: view.contactLastName,
    businessPhone: view.businessPhone ?? '',
    email: view.email,
    mobilePhone: view.mobilePhone,
    farmAddress: address(view.farmAddress),
    mailingSame: view.mailingAddress === null,
    mailingAddress: view.mailingAddress ? address(view.mailingAddress) : { ...EMPTY_ADDRESS },
    markets:
      view.markets.length > 0
        ? view.markets.map((market) =>
            newMarket({ name: market.name, city: market.city ?? '', when: market.when ?? '' }),
          )
        : [newMarket()],
    crops: view.crops,
    answers: Object.fromEntries(
      view.answers.map((answer) => [answerField(answer.programId, answer.key), answer.value]),
    ),
    tinTypeId: String(view.tinTypeId),
    changeBank: false,
    bankAccount: {
      ...empty.bankAccount,
      bankName: view.bankAccount.bankName ?? '',
      bankAccountType: String(view.bankAccount.bankAccountType),
      firstName: view.bankAccount.firstName,
      middleName: view.bankAccount.middleName ?? '',
      lastName: view.bankAccount.lastName,
    },
  };
}

/** A number shown back masked to its last four (the review before sending). */
export function maskedTail(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 4 ? `****${digits.slice(-4)}` : '****';
}
