import { FARMER_APPLICATION_MESSAGES as M, type OpenFarmerProgram } from '@ebt/core/farmer-applications';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import { MESSAGES } from '@ebt/core/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  answerField,
  applicationErrors,
  emptyValues,
  firstStepWithErrors,
  maskedTail,
  serverProblems,
  stepErrors,
  stepOfField,
  submitBodyOf,
  updateBodyOf,
  valuesOfApplication,
  type ApplicationValues,
  type FormContext,
} from './application-form';

const PROGRAMS: OpenFarmerProgram[] = [
  {
    programId: 3,
    programName: 'Farmers Market Nutrition',
    agreementText: 'I agree.',
    agreementTextEs: 'Acepto.',
    questions: [
      {
        key: 'grows-own',
        kind: 'yes-no',
        label: 'Do you grow what you sell?',
        labelEs: '¿Cultiva lo que vende?',
        required: true,
      },
      { key: 'other-markets', kind: 'text', label: 'Other markets', labelEs: null, required: false },
    ],
  },
  { programId: 7, programName: 'Senior Farmers Market', agreementText: 'Terms.', agreementTextEs: null, questions: [] },
];

const NEW: FormContext = {
  mode: 'new',
  programs: PROGRAMS,
  language: 'es',
  contact: 'confirmed',
  confirmationId: '6f1c1d3e-8a4b-4c55-9d2e-0b7a1c2d3e4f',
};

/** A whole application that passes every rule. */
function filled(): ApplicationValues {
  const values = emptyValues();
  return {
    ...values,
    programIds: ['3'],
    farmName: 'Green Acres',
    contactFirstName: 'Rosa',
    contactLastName: 'Díaz',
    businessPhone: '',
    email: 'rosa@example.com',
    mobilePhone: '(860) 555-0142',
    farmAddress: { addressOne: '1 Farm Rd', addressTwo: '', city: 'Hartford', stateCode: 'CT', zipcode: '06105' },
    markets: [{ key: 'a', name: 'Hartford Market', city: 'Hartford', when: 'Saturdays' }],
    crops: 'Tomatoes',
    answers: { [answerField(3, 'grows-own')]: 'yes' },
    tinTypeId: '1',
    taxId: '123-45-6789',
    bankAccount: {
      bankName: 'Farm Bank',
      bankRoutingNumber: '011000015',
      bankAccountNumber: '123456789',
      confirmAccountNumber: '123456789',
      bankAccountType: '0',
      firstName: 'Rosa',
      middleName: '',
      lastName: 'Díaz',
    },
    agreed: true,
    signature: 'rosa  díaz',
  };
}

describe('the farmer application form', () => {
  it('passes a whole application, and sends the body the contract takes', () => {
    expect(applicationErrors(filled(), NEW, { forSubmit: true })).toEqual({});
    const body = submitBodyOf(filled(), NEW);
    expect(body).toMatchObject({
      confirmationId: NEW.confirmationId,
      programIds: [3],
      taxId: '123456789',
      tinTypeId: 1,
      mailingAddress: null,
      markets: [{ name: 'Hartford Market', city: 'Hartford', when: 'Saturdays' }],
      answers: [
        { programId: 3, key: 'grows-own', value: 'yes' },
        { programId: 3, key: 'other-markets', value: '' },
      ],
      bankAccount: expect.objectContaining({ bankAccountType: 0, bankRoutingNumber: '011000015' }),
      language: 'es',
    });
  });

  it('checks a step with core rules and keeps to that step’s fields', () => {
    const values = { ...emptyValues(), email: 'not-an-email' };
    const errors = applicationErrors(values, NEW);
    expect(stepErrors(errors, 'programs')).toEqual({
      programIds: M.PROGRAM_REQUIRED,
      farmName: MESSAGES.FIELD_REQUIRED,
      contactFirstName: MESSAGES.FIELD_REQUIRED,
      contactLastName: MESSAGES.FIELD_REQUIRED,
    });
    expect(stepErrors(errors, 'contact')).toEqual({
      email: MESSAGES.INVALID_EMAIL,
      mobilePhone: MESSAGES.FIELD_REQUIRED,
    });
    expect(firstStepWithErrors(errors)).toBe('programs');
  });

  it('answers field by field on the farm and payout steps (ZIP, routing check digit, accounts differ)', () => {
    const values = filled();
    values.farmAddress.zipcode = '061';
    values.markets.push({ key: 'b', name: '', city: '', when: '' });
    values.bankAccount.bankRoutingNumber = '011000016';
    values.bankAccount.confirmAccountNumber = '123456780';
    values.taxId = '12345';
    const errors = applicationErrors(values, NEW);
    expect(stepErrors(errors, 'farm')).toEqual({
      'farmAddress.zipcode': MESSAGES.INVALID_ZIP,
      'markets.1.name': MESSAGES.FIELD_REQUIRED,
    });
    expect(stepErrors(errors, 'payout')).toEqual({
      taxId: M.TAX_ID_DIGITS,
      'bankAccount.bankRoutingNumber': MERCHANT_MESSAGES.ROUTING_CHECK_DIGIT,
      'bankAccount.confirmAccountNumber': M.ACCOUNTS_DIFFER,
    });
  });

  it('asks the chosen programs’ questions: a required yes/no, and none of a program not chosen', () => {
    const values = { ...filled(), answers: {} };
    expect(stepErrors(applicationErrors(values, NEW), 'questions')).toEqual({
      [`answers.${answerField(3, 'grows-own')}`]: M.ANSWER_REQUIRED,
    });
    expect(stepErrors(applicationErrors({ ...values, programIds: ['7'] }, NEW), 'questions')).toEqual({});
    // A text too long is the schema's, at its question.
    const long = { ...filled(), answers: { ...filled().answers, [answerField(3, 'other-markets')]: 'x'.repeat(501) } };
    expect(Object.keys(stepErrors(applicationErrors(long, NEW), 'questions'))).toEqual([
      `answers.${answerField(3, 'other-markets')}`,
    ]);
  });

  it('needs the agreement ticked and the contact’s own name as the signature', () => {
    const values = { ...filled(), agreed: false, signature: 'Someone Else' };
    expect(stepErrors(applicationErrors(values, NEW), 'agreement')).toEqual({
      agreed: M.AGREEMENT_REQUIRED,
      signature: M.SIGNATURE_NOT_CONTACT,
    });
    expect(stepErrors(applicationErrors({ ...values, signature: '' }, NEW), 'agreement').signature).toBe(
      M.SIGNATURE_REQUIRED,
    );
  });

  it('lets a step pass without the codes, and asks for them to submit', () => {
    const waiting: FormContext = { ...NEW, contact: 'sent', confirmationId: null };
    expect(applicationErrors(filled(), waiting)).toEqual({});
    expect(applicationErrors(filled(), waiting, { forSubmit: true })).toEqual({ emailCode: M.CONTACT_NOT_CONFIRMED });
    expect(
      applicationErrors(filled(), { ...NEW, contact: 'changed', confirmationId: null }, { forSubmit: true }),
    ).toEqual({ email: M.CONTACT_CHANGED });
    expect(firstStepWithErrors({ emailCode: M.CONTACT_NOT_CONFIRMED })).toBe('contact');
  });

  it('completes an application: blank tax id and no new bank account keep the ones on file', () => {
    const update: FormContext = { mode: 'update', programs: PROGRAMS, language: 'en' };
    const values = { ...filled(), taxId: '', changeBank: false };
    values.bankAccount = {
      ...values.bankAccount,
      bankRoutingNumber: '',
      bankAccountNumber: '',
      confirmAccountNumber: '',
    };
    expect(applicationErrors(values, update, { forSubmit: true })).toEqual({});
    const body = updateBodyOf(values, update);
    expect(body.taxId).toBeNull();
    expect(body.bankAccount).toBeNull();
    expect('email' in body).toBe(false);
    // A new account must be whole.
    expect(stepErrors(applicationErrors({ ...values, changeBank: true }, update), 'payout')).toMatchObject({
      'bankAccount.bankRoutingNumber': MESSAGES.FIELD_REQUIRED,
    });
  });

  it('maps the step of each field', () => {
    expect(stepOfField('farmAddress.zipcode')).toBe('farm');
    expect(stepOfField('markets.2.name')).toBe('farm');
    expect(stepOfField('bankAccount.confirmAccountNumber')).toBe('payout');
    expect(stepOfField('answers.p3_grows-own')).toBe('questions');
    expect(stepOfField('signature')).toBe('agreement');
    expect(stepOfField('language')).toBe('review');
  });
});

function refusal(status: number, entries: { field?: string; appErrorMessage: string }[]) {
  return new ApiError(
    status,
    { status, message: 'Validation failed.', errorMessages: entries.map((e) => ({ appErrorCode: 'X', ...e })) },
    entries.map((e) => e.appErrorMessage),
  );
}

describe('the server’s refusal of a submit', () => {
  it('puts each field error at its form field and shows the first step holding one', () => {
    const problems = serverProblems(
      refusal(400, [
        { field: 'bankAccount.confirmAccountNumber', appErrorMessage: M.ACCOUNTS_DIFFER },
        { field: 'farmAddress.zipcode', appErrorMessage: MESSAGES.INVALID_ZIP },
        { field: 'answers.0.value', appErrorMessage: M.ANSWER_YES_NO },
      ]),
      filled(),
      NEW,
    );
    expect(problems.fields).toEqual({
      'bankAccount.confirmAccountNumber': M.ACCOUNTS_DIFFER,
      'farmAddress.zipcode': MESSAGES.INVALID_ZIP,
      [`answers.${answerField(3, 'grows-own')}`]: M.ANSWER_YES_NO,
    });
    expect(problems.general).toEqual([]);
    expect(problems.step).toBe('farm');
  });

  it('finds a question named by program and key, the confirmation at the e-mail, and a field under a group', () => {
    const problems = serverProblems(
      refusal(400, [
        { field: 'answers.3.other-markets', appErrorMessage: MESSAGES.TOO_LONG },
        { field: 'answers.1.value', appErrorMessage: MESSAGES.VALIDATION_FAILED },
        { field: 'confirmationId', appErrorMessage: M.CONTACT_NOT_CONFIRMED },
        { field: 'bankAccount', appErrorMessage: MESSAGES.VALIDATION_FAILED },
        { field: 'programIds.0', appErrorMessage: M.NOT_TAKING },
      ]),
      filled(),
      NEW,
    );
    expect(problems.fields).toEqual({
      [`answers.${answerField(3, 'other-markets')}`]: MESSAGES.TOO_LONG,
      email: M.CONTACT_NOT_CONFIRMED,
      'bankAccount.bankName': MESSAGES.VALIDATION_FAILED,
      programIds: M.NOT_TAKING,
    });
    expect(problems.step).toBe('programs');
  });

  it('keeps the lines no field holds for the review, and reads a refusal without entries', () => {
    const throttled = serverProblems(refusal(429, [{ appErrorMessage: M.THROTTLED }]), filled(), NEW);
    expect(throttled).toEqual({ fields: {}, general: [M.THROTTLED], step: 'review' });
    const down = serverProblems(new ApiError(0, undefined, []), filled(), NEW);
    expect(down.step).toBe('review');
    expect(down.general).toHaveLength(1);
  });
});

describe('a completed application’s values', () => {
  it('start from what the farmer gave, the numbers blank', () => {
    const values = valuesOfApplication({
      applicationUuid: '6f1c1d3e-8a4b-4c55-9d2e-0b7a1c2d3e4f',
      applicationNumber: 'FA-000001',
      status: 'more-info',
      language: 'en',
      programs: [{ programId: 3, programName: 'Farmers Market Nutrition' }],
      farmName: 'Green Acres',
      contactFirstName: 'Rosa',
      contactLastName: 'Díaz',
      email: 'rosa@example.com',
      mobilePhone: '8605550142',
      businessPhone: null,
      farmAddress: { addressOne: '1 Farm Rd', addressTwo: null, city: 'Hartford', stateCode: 'CT', zipcode: '06105' },
      mailingAddress: null,
      markets: [{ name: 'Hartford Market', city: null, when: null }],
      crops: 'Tomatoes',
      answers: [{ programId: 3, key: 'grows-own', label: 'Grow?', labelEs: null, kind: 'yes-no', value: 'no' }],
      tinTypeId: 2,
      taxId: '****6789',
      bankAccount: {
        bankName: null,
        routingNumber: '****0015',
        accountNumber: '****6789',
        bankAccountType: 1,
        firstName: 'Rosa',
        middleName: null,
        lastName: 'Díaz',
      },
      signature: 'Rosa Díaz',
      signedAt: '2026-05-01T12:00:00.000Z',
      submittedAt: '2026-05-01T12:00:00.000Z',
      updatedAt: '2026-05-02T12:00:00.000Z',
      staffRequest: 'Which markets?',
      refusalReason: null,
      decidedAt: null,
    });
    expect(values).toMatchObject({
      programIds: ['3'],
      mailingSame: true,
      markets: [expect.objectContaining({ name: 'Hartford Market', city: '', when: '' })],
      answers: { [answerField(3, 'grows-own')]: 'no' },
      tinTypeId: '2',
      taxId: '',
      changeBank: false,
      agreed: false,
      signature: '',
      bankAccount: expect.objectContaining({ bankAccountNumber: '', bankAccountType: '1', firstName: 'Rosa' }),
    });
    expect(maskedTail('123-45-6789')).toBe('****6789');
  });
});
