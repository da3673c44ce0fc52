import { describe, expect, it } from 'vitest';
import { FARMER_APPLICATION_MESSAGES as M } from './messages.js';
import {
  answerIssues,
  applicationNumber,
  canApprove,
  canAskMoreInfo,
  canRefuse,
  farmerMayUpdate,
  maskedNumber,
  questionsInEffect,
  signatureMatchesContact,
  suggestedMerchantIdentifier,
} from './rules.js';
import {
  FarmerApplicationBody,
  FarmerApplicationSettingsBody,
  FarmerApplicationUpdateBody,
  type FarmerApplicationStatus,
} from './schemas.js';

const question = (key: string, from: string, to: string | null = null) => ({
  key,
  kind: 'yes-no' as const,
  label: key,
  labelEs: null,
  required: true,
  effectiveFrom: from,
  effectiveTo: to,
});

describe('questionsInEffect', () => {
  it('keeps the questions whose dates, both inclusive, hold the day', () => {
    const questions = [
      question('always', '2026-01-01'),
      question('ended', '2025-01-01', '2026-03-31'),
      question('last-day', '2026-01-01', '2026-04-01'),
      question('first-day', '2026-04-01'),
      question('later', '2026-04-02'),
    ];
    expect(questionsInEffect(questions, '2026-04-01').map((q) => q.key)).toEqual(['always', 'last-day', 'first-day']);
  });
});

describe('answerIssues', () => {
  const programs = [
    {
      programId: 1,
      questions: [
        { key: 'grow', kind: 'yes-no' as const, label: 'Grow?', labelEs: null, required: true },
        { key: 'organic', kind: 'yes-no' as const, label: 'Organic?', labelEs: null, required: false },
        { key: 'certs', kind: 'text' as const, label: 'Certs', labelEs: null, required: false },
        { key: 'acres', kind: 'text' as const, label: 'Acres', labelEs: null, required: true },
      ],
    },
    { programId: 2, questions: [] },
  ];
  const ok = [
    { programId: 1, key: 'grow', value: 'yes' },
    { programId: 1, key: 'acres', value: '12' },
  ];

  it('takes the required questions answered and the optional ones left out or blank', () => {
    expect(answerIssues(programs, ok)).toEqual([]);
    expect(
      answerIssues(programs, [
        ...ok,
        { programId: 1, key: 'organic', value: '' },
        { programId: 1, key: 'certs', value: '' },
      ]),
    ).toEqual([]);
  });

  it('names a required question left out (index -1) or left blank', () => {
    expect(answerIssues(programs, [ok[0]!])).toEqual([
      { index: -1, programId: 1, key: 'acres', message: M.ANSWER_REQUIRED },
    ]);
    expect(answerIssues(programs, [{ programId: 1, key: 'grow', value: '' }, ok[1]!])).toEqual([
      { index: 0, programId: 1, key: 'grow', message: M.ANSWER_REQUIRED },
    ]);
  });

  it('refuses a yes/no question answered otherwise, required or not', () => {
    expect(
      answerIssues(programs, [
        { programId: 1, key: 'grow', value: 'Yes!' },
        ok[1]!,
        { programId: 1, key: 'organic', value: 'maybe' },
      ]),
    ).toEqual([
      { index: 0, programId: 1, key: 'grow', message: M.ANSWER_YES_NO },
      { index: 2, programId: 1, key: 'organic', message: M.ANSWER_YES_NO },
    ]);
  });

  it('refuses an answer to a question not asked, to a program not chosen, or given twice', () => {
    expect(
      answerIssues(programs, [
        ...ok,
        { programId: 1, key: 'retired', value: 'yes' },
        { programId: 3, key: 'grow', value: 'yes' },
        { programId: 1, key: 'grow', value: 'no' },
      ]),
    ).toEqual([
      { index: 2, programId: 1, key: 'retired', message: M.QUESTION_UNKNOWN },
      { index: 3, programId: 3, key: 'grow', message: M.QUESTION_UNKNOWN },
      { index: 4, programId: 1, key: 'grow', message: M.QUESTION_UNKNOWN },
    ]);
  });
});

describe('signatureMatchesContact', () => {
  it.each([
    ['Rosa Field', true],
    ['  rosa   FIELD ', true],
    ['Rosa Maria Field', true],
    ['Rosa M. Field', true],
    ['José Núñez', false],
    ['R. Field', false],
    ['Rosa', false],
    ['Field Rosa', false],
    ['Rosalind Fielding', false],
  ])('%s: %s', (signature, expected) => {
    expect(signatureMatchesContact(signature, 'Rosa', 'Field')).toBe(expected);
  });

  it('compares accented names as typed in either normal form', () => {
    expect(signatureMatchesContact('Jose\u0301 Nu\u0301n\u0303ez', 'José', 'Núñez')).toBe(true);
  });
});

describe('what each status allows', () => {
  const statuses: FarmerApplicationStatus[] = ['submitted', 'more-info', 'approved', 'refused'];
  it.each([
    ['canAskMoreInfo', canAskMoreInfo, ['submitted', 'more-info']],
    ['canApprove', canApprove, ['submitted']],
    ['canRefuse', canRefuse, ['submitted', 'more-info']],
    ['farmerMayUpdate', farmerMayUpdate, ['more-info']],
  ] as const)('%s', (_name, rule, allowed) => {
    expect(statuses.filter((s) => rule(s))).toEqual(allowed);
  });
});

describe('numbers and identifiers', () => {
  it('numbers an application FA- and six digits, more when it needs them', () => {
    expect(applicationNumber(123)).toBe('FA-000123');
    expect(applicationNumber(1_234_567)).toBe('FA-1234567');
  });

  it('offers the first free Merchant ID from the application number', () => {
    expect(suggestedMerchantIdentifier(12, new Set())).toBe('FA000012');
    expect(suggestedMerchantIdentifier(12, new Set(['FA000012', 'FA000012-2']))).toBe('FA000012-3');
  });

  it('masks a number to its last four', () => {
    expect(maskedNumber('6789')).toBe('****6789');
  });
});

describe('the schemas', () => {
  const bank = {
    bankName: '',
    bankRoutingNumber: '011000015',
    bankAccountNumber: '12345678',
    confirmAccountNumber: '12345678',
    bankAccountType: 0,
    firstName: 'Rosa',
    middleName: '',
    lastName: 'Field',
  };
  const address = { addressOne: '1 Orchard Road', city: 'Glastonbury', stateCode: 'ct', zipcode: '06033' };
  const form = {
    confirmationId: '00000000-0000-4000-8000-000000000001',
    email: 'rosa@example.com',
    mobilePhone: '860-555-0142',
    programIds: [1],
    farmName: 'Field Farm',
    contactFirstName: 'Rosa',
    contactLastName: 'Field',
    farmAddress: address,
    markets: [{ name: 'Hartford Market' }],
    crops: 'Apples',
    answers: [],
    tinTypeId: 2,
    agreed: true,
    signature: 'Rosa Field',
    taxId: '123456789',
    bankAccount: bank,
  };

  it('takes a whole application, in English unless told', () => {
    const parsed = FarmerApplicationBody.parse(form);
    expect(parsed.language).toBe('en');
    expect(parsed.farmAddress.stateCode).toBe('CT');
  });

  it('refuses unmatched account numbers on the confirmation, an unticked agreement and a short tax id', () => {
    const result = FarmerApplicationBody.safeParse({
      ...form,
      agreed: false,
      taxId: '1234',
      bankAccount: { ...bank, confirmAccountNumber: '12345679' },
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['agreed', M.AGREEMENT_REQUIRED],
        ['taxId', M.TAX_ID_DIGITS],
        ['bankAccount.confirmAccountNumber', M.ACCOUNTS_DIFFER],
      ]),
    );
  });

  it('lets an update leave the tax id blank and the bank account out', () => {
    const { confirmationId: _c, email: _e, mobilePhone: _m, ...fields } = form;
    expect(FarmerApplicationUpdateBody.safeParse({ ...fields, taxId: '', bankAccount: null }).success).toBe(true);
    expect(FarmerApplicationUpdateBody.safeParse({ ...fields, taxId: '12' }).success).toBe(false);
  });

  it('needs an agreement to open a program, and questions with their own keys and ordered dates', () => {
    const q = question('grow', '2026-01-01');
    expect(FarmerApplicationSettingsBody.safeParse({ open: false, agreementText: '', questions: [] }).success).toBe(
      true,
    );
    expect(FarmerApplicationSettingsBody.safeParse({ open: true, agreementText: '', questions: [] }).success).toBe(
      false,
    );
    const twice = FarmerApplicationSettingsBody.safeParse({ open: true, agreementText: 'x', questions: [q, q] });
    expect(twice.error!.issues[0]!.message).toBe(M.QUESTION_KEYS_UNIQUE);
    const backwards = FarmerApplicationSettingsBody.safeParse({
      open: true,
      agreementText: 'x',
      questions: [{ ...q, effectiveTo: '2025-12-31' }],
    });
    expect(backwards.error!.issues[0]!.message).toBe(M.QUESTION_DATES);
  });
});
