import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { BENEFIT_MESSAGES } from './messages.js';
import {
  benefitDateIn,
  benefitStatusName,
  type BenefitProgramSettings,
  editDateProblems,
  expirationDaysFor,
  fixedAmountCentsFor,
  incentiveAuthorizationNumber,
  issueRuleProblems,
  searchDateProblems,
} from './rules.js';
import { BenefitSearchQuery, IssueBenefitBody, UpdateBenefitBody, VoidBenefitBody } from './schemas.js';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const plain: BenefitProgramSettings = {
  benefitAmountCents: null,
  benefitExpirationDays: null,
  incentiveExpirationDays: null,
  lastIssuanceDate: null,
  enableBenefitNote: false,
  benefitOptionTypeId: null,
};
const today = '2026-11-23';
const issue = { availableDate: today, expirationDate: '2026-12-31', amountCents: 2500, benefitTypeId: 1 };
const fields = (problems: { field: string }[]) => problems.map((p) => p.field);

describe('benefit dates', () => {
  it('reads YYYY-MM-DD as it is and a date-time in the program zone (part 1 §9, resolution 26)', () => {
    expect(benefitDateIn('2026-11-23', 'America/New_York')).toBe('2026-11-23');
    // 12:00 in Los Angeles is 15:00 in New York: the same day.
    expect(benefitDateIn('2026-11-23T12:00:00-08:00', 'America/New_York')).toBe('2026-11-23');
    expect(benefitDateIn('2026-11-23T12:00:00.000Z', 'America/New_York')).toBe('2026-11-23');
    // 02:00 UTC is still the evening before in New York.
    expect(benefitDateIn('2026-11-24T02:00:00Z', 'America/New_York')).toBe('2026-11-23');
    expect(benefitDateIn('2026-11-23T12:00:00', 'Pacific/Auckland')).toBe('2026-11-23');
    expect(benefitDateIn('2026-02-30', 'UTC')).toBeNull();
    expect(benefitDateIn('11/23/2026', 'UTC')).toBeNull();
    expect(benefitDateIn('tomorrow', 'UTC')).toBeNull();
  });

  it('names status 3 VOID (resolution 1)', () => {
    expect([0, 1, 2, 3].map(benefitStatusName)).toEqual(['ISSUED', 'EXPIRED', 'EXPUNGED', 'VOID']);
  });
});

describe('issue rules (part 1 §4-§5)', () => {
  it('accepts a plain issue', () => {
    expect(issueRuleProblems(issue, plain, today)).toEqual([]);
  });

  it('refuses dates before today, in either field', () => {
    expect(fields(issueRuleProblems({ ...issue, availableDate: '2026-11-22' }, plain, today))).toEqual([
      'benefitAvailableDate',
    ]);
    expect(
      issueRuleProblems({ ...issue, availableDate: '2026-11-22', expirationDate: '2026-11-22' }, plain, today),
    ).toContainEqual({
      field: 'benefitExpirationDate',
      message: 'Date cannot be before today (2026-11-23).',
    });
  });

  it('caps the available date at today plus 366 days, or at the last issuance date with its dialog text', () => {
    expect(
      issueRuleProblems({ ...issue, availableDate: '2027-11-24', expirationDate: '2027-12-01' }, plain, today),
    ).toEqual([]);
    expect(
      issueRuleProblems({ ...issue, availableDate: '2027-11-25', expirationDate: '2027-12-01' }, plain, today),
    ).toEqual([{ field: 'benefitAvailableDate', message: 'Date cannot be after 2027-11-24.' }]);
    const withLast = { ...plain, lastIssuanceDate: '2026-12-15' };
    expect(issueRuleProblems({ ...issue, availableDate: '2026-12-15' }, withLast, today)).toEqual([]);
    expect(issueRuleProblems({ ...issue, availableDate: '2026-12-16' }, withLast, today)).toEqual([
      { field: 'benefitAvailableDate', message: 'The Last Issuance Date is 2026-12-15.', code: 'LAST_ISSUANCE_DATE' },
    ]);
  });

  it('refuses an expiration before the available date', () => {
    expect(
      issueRuleProblems({ ...issue, availableDate: '2026-12-01', expirationDate: '2026-11-30' }, plain, today),
    ).toEqual([{ field: 'benefitExpirationDate', message: BENEFIT_MESSAGES.EXPIRATION_BEFORE_AVAILABLE }]);
  });

  it('fixes the expiration at available + days - 1 with a program period; incentives use the incentive period', () => {
    const program = { ...plain, benefitExpirationDays: 30, incentiveExpirationDays: 10 };
    expect(issueRuleProblems({ ...issue, expirationDate: '2026-12-22' }, program, today)).toEqual([]);
    expect(issueRuleProblems({ ...issue, expirationDate: '2026-12-23' }, program, today)[0]?.message).toBe(
      'Expiration date must be 2026-12-22: the available date plus 30 days minus one.',
    );
    expect(issueRuleProblems({ ...issue, benefitTypeId: 2, expirationDate: '2026-12-02' }, program, today)).toEqual([]);
    expect(expirationDaysFor({ benefitExpirationDays: 0, incentiveExpirationDays: null }, 1)).toBeNull();
  });

  it('fixes the amount of a Regular benefit at the program default, not of an Incentive one', () => {
    const program = { ...plain, benefitAmountCents: 5000 };
    expect(issueRuleProblems({ ...issue, amountCents: 5000 }, program, today)).toEqual([]);
    expect(issueRuleProblems({ ...issue, amountCents: 4999 }, program, today)).toEqual([
      { field: 'benefitAmount', message: 'Amount must be the program default of $50.00.' },
    ]);
    expect(issueRuleProblems({ ...issue, amountCents: 1234, benefitTypeId: 2 }, program, today)).toEqual([]);
  });

  it('reads a program default of 0.00 as no default, like an empty one (decision 0010)', () => {
    const zero = { ...plain, benefitAmountCents: 0 };
    expect(fixedAmountCentsFor(zero, 1)).toBeNull();
    expect(fixedAmountCentsFor(plain, 1)).toBeNull();
    expect(fixedAmountCentsFor({ ...plain, benefitAmountCents: 1 }, 1)).toBe(1);
    expect(issueRuleProblems({ ...issue, amountCents: 2500 }, zero, today)).toEqual([]);
  });

  it('takes a note only where notes are enabled, and an option exactly when the program has an option type', () => {
    expect(issueRuleProblems({ ...issue, note: 'hello' }, plain, today)).toEqual([
      { field: 'note', message: BENEFIT_MESSAGES.NOTE_NOT_ENABLED },
    ]);
    expect(issueRuleProblems({ ...issue, note: 'hello' }, { ...plain, enableBenefitNote: true }, today)).toEqual([]);
    expect(issueRuleProblems(issue, { ...plain, benefitOptionTypeId: 1 }, today)).toEqual([
      { field: 'benefitOptionId', message: MESSAGES.BENEFIT_OPTION_REQUIRED },
    ]);
    expect(issueRuleProblems({ ...issue, benefitOptionId: 3 }, plain, today)).toEqual([
      { field: 'benefitOptionId', message: BENEFIT_MESSAGES.OPTION_NOT_ALLOWED },
    ]);
  });
});

describe('edit and search dates', () => {
  it('takes edit dates from 2022-02-01', () => {
    expect(editDateProblems('2022-02-01', '2022-02-01')).toEqual([]);
    expect(fields(editDateProblems('2022-01-31', '2022-02-01'))).toEqual(['benefitAvailableDate']);
    expect(fields(editDateProblems('2022-03-01', '2022-02-28'))).toEqual(['benefitExpirationDate']);
  });

  it('bounds staff searches at 2022-02-01 / 2022-08-01 and recipients at 2020-08-01, all up to today + 183', () => {
    expect(searchDateProblems({ startDate: '2022-02-01', endDate: '2022-08-01' }, today, 'staff')).toEqual([]);
    expect(fields(searchDateProblems({ startDate: '2022-01-31', endDate: '2022-07-31' }, today, 'staff'))).toEqual([
      'startDate',
      'endDate',
    ]);
    expect(searchDateProblems({ endDate: '2027-05-25' }, today, 'staff')).toEqual([]);
    expect(searchDateProblems({ endDate: '2027-05-26' }, today, 'staff')).toEqual([
      { field: 'endDate', message: 'Date cannot be after 2027-05-25.' },
    ]);
    expect(searchDateProblems({ startDate: '2020-08-01', endDate: '2020-08-01' }, today, 'recipient')).toEqual([]);
    expect(fields(searchDateProblems({ startDate: '2020-07-31' }, today, 'recipient'))).toEqual(['startDate']);
    expect(searchDateProblems({ startDate: '2026-05-01', endDate: '2026-04-01' }, today, 'staff')).toEqual([
      { field: 'endDate', message: MESSAGES.END_BEFORE_START },
    ]);
  });
});

describe('schemas', () => {
  const body = {
    benefitRecipientAccountIdentifier: '10000001',
    benefitAuthorizationNumber: 'AUTH-1',
    benefitAvailableDate: '2026-11-23T12:00:00.000Z',
    benefitExpirationDate: '2026-12-31',
    benefitAmount: 12.5,
    programUuid: '8a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    fundingId: 3,
    benefitTypeId: 1,
  };

  it('accepts an issue body and reads ids and amounts sent as text', () => {
    const parsed = IssueBenefitBody.parse({
      ...body,
      fundingId: '3',
      benefitAmount: '12.50',
      benefitTypeId: '1',
      incentiveUuid: '',
      benefitOptionId: '',
    });
    expect(parsed).toMatchObject({
      fundingId: 3,
      benefitAmount: 12.5,
      benefitTypeId: 1,
      incentiveUuid: null,
      benefitOptionId: null,
    });
  });

  it('applies the field limits of part 1 §5', () => {
    expect(IssueBenefitBody.safeParse({ ...body, benefitRecipientAccountIdentifier: 'a'.repeat(25) }).success).toBe(
      true,
    );
    expect(IssueBenefitBody.safeParse({ ...body, benefitRecipientAccountIdentifier: 'a'.repeat(26) }).success).toBe(
      false,
    );
    expect(IssueBenefitBody.safeParse({ ...body, benefitAuthorizationNumber: 'A'.repeat(20) }).success).toBe(true);
    expect(messagesOf(IssueBenefitBody, { ...body, benefitAuthorizationNumber: 'A'.repeat(21) })[0]).toMatch(
      /^benefitAuthorizationNumber: /,
    );
    expect(messagesOf(IssueBenefitBody, { ...body, benefitAuthorizationNumber: 'AB 12' })).toEqual([
      `benefitAuthorizationNumber: ${MESSAGES.INVALID_AUTHORIZATION_NUMBER}`,
    ]);
    expect(IssueBenefitBody.safeParse({ ...body, benefitAmount: 9999.99 }).success).toBe(true);
    expect(IssueBenefitBody.safeParse({ ...body, benefitAmount: 0 }).success).toBe(true);
    expect(messagesOf(IssueBenefitBody, { ...body, benefitAmount: 10000 })).toEqual([
      'benefitAmount: Amount cannot be more than $9,999.99.',
    ]);
    expect(messagesOf(IssueBenefitBody, { ...body, benefitAmount: -1 })).toEqual([
      `benefitAmount: ${MESSAGES.AMOUNT_NEGATIVE}`,
    ]);
    expect(messagesOf(IssueBenefitBody, { ...body, benefitAmount: 1.005 })).toEqual([
      `benefitAmount: ${MESSAGES.INVALID_AMOUNT}`,
    ]);
    expect(IssueBenefitBody.safeParse({ ...body, note: 'n'.repeat(100) }).success).toBe(true);
    expect(IssueBenefitBody.safeParse({ ...body, note: 'n'.repeat(101) }).success).toBe(false);
    expect(messagesOf(IssueBenefitBody, { ...body, benefitAvailableDate: '2026-13-01' })).toEqual([
      `benefitAvailableDate: ${BENEFIT_MESSAGES.INVALID_BENEFIT_DATE}`,
    ]);
  });

  it('needs an incentive for type 2 and keeps AUTO-GENERATED for type 2', () => {
    expect(
      messagesOf(IssueBenefitBody, { ...body, benefitTypeId: 2, benefitAuthorizationNumber: 'AUTO-GENERATED' }),
    ).toEqual([`incentiveUuid: ${MESSAGES.INCENTIVE_REQUIRED}`]);
    expect(messagesOf(IssueBenefitBody, { ...body, benefitAuthorizationNumber: 'AUTO-GENERATED' })).toEqual([
      `benefitAuthorizationNumber: ${BENEFIT_MESSAGES.AUTH_NUMBER_RESERVED}`,
    ]);
    expect(IssueBenefitBody.safeParse({ ...body, benefitTypeId: 3 }).success).toBe(false);
  });

  it('names a missing incentive together with the problems of the other fields', () => {
    const incentive = { ...body, benefitTypeId: 2, benefitAuthorizationNumber: 'AUTO-GENERATED' };
    expect(messagesOf(IssueBenefitBody, { ...incentive, fundingId: '', benefitAmount: undefined })).toEqual([
      `benefitAmount: ${MESSAGES.FIELD_REQUIRED}`,
      `fundingId: ${MESSAGES.FIELD_REQUIRED}`,
      `incentiveUuid: ${MESSAGES.INCENTIVE_REQUIRED}`,
    ]);
    // Its rule waits for the fields it reads: no type, no word about the incentive; no body, no rule at all.
    expect(messagesOf(IssueBenefitBody, { ...incentive, benefitTypeId: undefined })).toEqual([
      'benefitTypeId: Benefit type must be 1 (Regular) or 2 (Incentive).',
    ]);
    for (const whole of [null, []]) expect(IssueBenefitBody.safeParse(whole).success).toBe(false);
  });

  it('bounds the edited balance at 0 and 9999.99', () => {
    const edit = {
      benefitUuid: body.programUuid,
      benefitBalance: 9999.99,
      benefitAvailableDate: '2026-11-23',
      benefitExpirationDate: '2026-12-01',
      benefitAuthorizationNumber: 'A1',
    };
    expect(UpdateBenefitBody.safeParse(edit).success).toBe(true);
    expect(messagesOf(UpdateBenefitBody, { ...edit, benefitBalance: 10000 })).toEqual([
      'benefitBalance: Balance cannot be more than $9,999.99.',
    ]);
    expect(messagesOf(UpdateBenefitBody, { ...edit, benefitBalance: -0.01 })).toEqual([
      `benefitBalance: ${MESSAGES.AMOUNT_NEGATIVE}`,
    ]);
    expect(messagesOf(UpdateBenefitBody, { ...edit, lastUpdatedDate: 'yesterday' })).toEqual([
      `lastUpdatedDate: ${BENEFIT_MESSAGES.INVALID_TIMESTAMP}`,
    ]);
  });

  it('takes VOID and VOIDED in any case, nothing else (resolution 1)', () => {
    for (const status of ['VOID', 'VOIDED', 'voided'])
      expect(VoidBenefitBody.safeParse({ benefitStatus: status }).success).toBe(true);
    expect(messagesOf(VoidBenefitBody, { benefitStatus: 'ISSUED' })).toEqual([
      `benefitStatus: ${BENEFIT_MESSAGES.VOID_STATUS_ONLY}`,
    ]);
  });

  it('defaults the search page size to 10 and caps it at 2000', () => {
    expect(BenefitSearchQuery.parse({})).toMatchObject({ pageSize: 10, page: 0 });
    expect(BenefitSearchQuery.parse({ pageSize: '5000' }).pageSize).toBe(2000);
    expect(BenefitSearchQuery.safeParse({ authNo: 'A'.repeat(21) }).success).toBe(false);
    expect(BenefitSearchQuery.safeParse({ accountId: '1'.repeat(21) }).success).toBe(false);
    expect(BenefitSearchQuery.safeParse({ startDate: 'soon' }).success).toBe(false);
  });
});

describe('generated incentive authorization numbers', () => {
  it('are 20 characters without spaces, dated, and differ by the random part', () => {
    const a = incentiveAuthorizationNumber(today, 123456789n);
    expect(a).toMatch(/^I20261123[0-9A-Z]{11}$/);
    expect(a).toHaveLength(20);
    expect(incentiveAuthorizationNumber(today, 2n ** 64n - 1n)).toHaveLength(20);
    expect(incentiveAuthorizationNumber(today, 1n)).not.toBe(a);
  });
});
