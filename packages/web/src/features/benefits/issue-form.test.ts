import { PROGRAM_STATUS } from '@ebt/core/enums';
import type { CallerProgram } from '@ebt/core/programs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  applyProgramRules,
  changeType,
  checkIssue,
  fixedAmountText,
  INCENTIVE,
  initialIssueValues,
  issuablePrograms,
  issueInput,
  issueRequest,
  lastIssuanceRefusal,
  REGULAR,
  switchProgram,
} from './issue-form';

const today = '2026-11-23';
const senior: CallerProgram = {
  programUuid: '8a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  programId: 1,
  programName: 'Senior',
  shortName: 'SR',
  programStatusId: 0,
  benefitExpiration: 150,
  incentiveExpiration: 90,
  benefitAmount: 50,
  enableBenefitNote: true,
  benefitOptionTypeId: 1,
  lastIssuanceDate: '2027-01-22',
  timeZone: 'America/New_York',
  startDate: '2026-01-01',
  endDate: null,
  contactEmail: null,
  contactPhone: null,
  contactAddress1: null,
  contactAddress2: null,
  contactCity: null,
  contactStateCode: null,
  contactZip: null,
};
const plain: CallerProgram = {
  ...senior,
  programUuid: '9a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  benefitExpiration: null,
  incentiveExpiration: 60,
  benefitAmount: null,
  enableBenefitNote: false,
  benefitOptionTypeId: null,
  lastIssuanceDate: null,
};
const filled = (program: CallerProgram) => ({
  ...initialIssueValues(today, { programUuid: program.programUuid }, program),
  fundingId: '3',
  benefitRecipientAccountIdentifier: '10000001',
  benefitAuthorizationNumber: 'AUTH-1',
  benefitOptionId: program.benefitOptionTypeId ? '2' : '',
});

describe('the issue form (A§4)', () => {
  it('prefills the default amount and fixes the expiration at available + days - 1', () => {
    const values = initialIssueValues(today, { programUuid: senior.programUuid }, senior);
    expect(values).toMatchObject({
      benefitAmount: '50.00',
      benefitAvailableDate: today,
      benefitExpirationDate: '2027-04-21',
    });
    expect(applyProgramRules({ ...values, benefitAvailableDate: '2026-12-01' }, senior).benefitExpirationDate).toBe(
      '2027-04-29',
    );
    // Without a period the person's expiration date stays.
    expect(applyProgramRules({ ...values, benefitExpirationDate: '2026-12-31' }, plain).benefitExpirationDate).toBe(
      '2026-12-31',
    );
  });

  it('sets AUTO-GENERATED for Incentive and clears it back to Regular; the fixed amount is not carried over', () => {
    const incentive = changeType(filled(senior), INCENTIVE, senior);
    expect(incentive).toMatchObject({
      benefitAuthorizationNumber: 'AUTO-GENERATED',
      benefitAmount: '',
      benefitExpirationDate: '2027-02-20',
    });
    const regular = changeType({ ...incentive, incentiveUuid: plain.programUuid }, REGULAR, senior);
    expect(regular).toMatchObject({ benefitAuthorizationNumber: '', incentiveUuid: '', benefitAmount: '50.00' });
  });

  it('sends dates at 12:00, amounts and ids as numbers (decision 0004) and only the fields the program takes', () => {
    const values = {
      ...filled(plain),
      benefitExpirationDate: '2026-12-31',
      benefitAmount: ' 12.5 ',
      note: 'x',
      benefitOptionId: '3',
    };
    expect(issueRequest(values, plain, false)).toEqual({
      benefitRecipientAccountIdentifier: '10000001',
      benefitAuthorizationNumber: 'AUTH-1',
      benefitAvailableDate: '2026-11-23T12:00:00',
      benefitExpirationDate: '2026-12-31T12:00:00',
      benefitAmount: 12.5,
      programUuid: plain.programUuid,
      benefitProgramIdentifier: 1,
      fundingId: 3,
      benefitTypeId: 1,
      incentiveUuid: null,
      creationChannel: 'WEB',
      agencyUuid: null,
      note: null,
      benefitOptionId: null,
    });
    expect(issueRequest(filled(senior), senior, false)).toMatchObject({
      benefitAmount: 50,
      fundingId: 3,
      benefitOptionId: 2,
      benefitTypeId: 1,
    });
    // The form's text is what the checks read, so a badly written amount gets the schema's message.
    expect(issueInput({ ...values, benefitAmount: '1e3' }, plain, false).benefitAmount).toBe('1e3');
    expect(() => issueRequest({ ...values, benefitAmount: '1e3' }, plain, false)).toThrow();
  });

  it('offers only enabled programs: the server refuses a benefit in a disabled one', () => {
    const disabled = { ...plain, programUuid: '7a4f7f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', programStatusId: 1 };
    expect(senior.programStatusId).toBe(PROGRAM_STATUS.ENABLED);
    expect(issuablePrograms([senior, disabled, plain]).map((p) => p.programUuid)).toEqual([
      senior.programUuid,
      plain.programUuid,
    ]);
    expect(issuablePrograms([disabled])).toEqual([]);
  });

  it("moves an untouched available date to the new program's today and drops the former program's choices", () => {
    const honolulu = { ...plain, timeZone: 'Pacific/Honolulu' };
    const start = { ...filled(senior), incentiveUuid: plain.programUuid };
    expect(switchProgram(start, honolulu, today, '2026-11-22')).toMatchObject({
      programUuid: plain.programUuid,
      benefitAvailableDate: '2026-11-22',
      fundingId: '',
      agencyUuid: '',
      incentiveUuid: '',
      benefitOptionId: '',
      // The former program's fixed amount stays as typed: the new program fixes none.
      benefitAmount: '50.00',
    });
    // A date the person chose stays.
    const chosen = { ...start, benefitAvailableDate: '2026-12-01' };
    expect(switchProgram(chosen, honolulu, today, '2026-11-22').benefitAvailableDate).toBe('2026-12-01');
  });

  it('accepts a complete form and names each missing field', () => {
    expect(checkIssue(filled(senior), senior, today, false)).toEqual({ errors: {}, lastIssuanceDate: null });
    const empty = checkIssue(initialIssueValues(today), undefined, today, true);
    expect(Object.keys(empty.errors).sort()).toEqual(
      [
        'agencyUuid',
        'benefitAmount',
        'benefitAuthorizationNumber',
        'benefitExpirationDate',
        'benefitRecipientAccountIdentifier',
        'fundingId',
        'programUuid',
      ].sort(),
    );
    expect(empty.errors.agencyUuid).toBe('Agency is required.');
  });

  it('asks for the incentive and the option, refuses dates before today and spaces in the authorization number', () => {
    const incentive = changeType(filled(senior), INCENTIVE, senior);
    expect(checkIssue({ ...incentive, benefitAmount: '5' }, senior, today, false).errors).toEqual({
      incentiveUuid: 'Incentive is required for an incentive benefit.',
    });
    expect(checkIssue({ ...incentive, fundingId: '' }, senior, today, false).errors).toEqual({
      fundingId: 'This field is required.',
      incentiveUuid: 'Incentive is required for an incentive benefit.',
      benefitAmount: 'This field is required.',
    });
    expect(checkIssue({ ...filled(senior), benefitOptionId: '' }, senior, today, false).errors).toEqual({
      benefitOptionId: 'Benefit option is required.',
    });
    const early = applyProgramRules({ ...filled(senior), benefitAvailableDate: '2026-11-22' }, senior);
    expect(checkIssue(early, senior, today, false).errors.benefitAvailableDate).toBe(
      'Date cannot be before today (2026-11-23).',
    );
    expect(
      checkIssue({ ...filled(senior), benefitAuthorizationNumber: 'A B' }, senior, today, false).errors
        .benefitAuthorizationNumber,
    ).toBe('Authorization number must be at most 20 characters without spaces.');
  });

  it('reports an available date after the last issuance date for the dialog (A§5)', () => {
    const late = applyProgramRules({ ...filled(senior), benefitAvailableDate: '2027-01-23' }, senior);
    expect(checkIssue(late, senior, today, false)).toEqual({
      errors: { benefitAvailableDate: 'The Last Issuance Date is 2027-01-22.' },
      lastIssuanceDate: '2027-01-22',
    });
    const onIt = applyProgramRules({ ...filled(senior), benefitAvailableDate: '2027-01-22' }, senior);
    expect(checkIssue(onIt, senior, today, false).lastIssuanceDate).toBeNull();
  });

  it("opens the dialog for the server's LAST_ISSUANCE_DATE refusal too, with the server's text", () => {
    const refusal = new ApiError(
      400,
      {
        status: 400,
        message: 'The Last Issuance Date is 2026-12-15.',
        errorMessages: [
          { appErrorCode: 'LAST_ISSUANCE_DATE', appErrorMessage: 'The Last Issuance Date is 2026-12-15.', field: 'x' },
          { appErrorCode: 'VALIDATION', appErrorMessage: 'Amount must be the program default of $50.00.' },
        ],
      },
      ['The Last Issuance Date is 2026-12-15.'],
    );
    expect(lastIssuanceRefusal(refusal)).toBe('The Last Issuance Date is 2026-12-15.');
    const other = new ApiError(
      400,
      {
        status: 400,
        message: 'Date cannot be before today (2026-11-23).',
        errorMessages: [{ appErrorCode: 'VALIDATION', appErrorMessage: 'Date cannot be before today (2026-11-23).' }],
      },
      ['Date cannot be before today (2026-11-23).'],
    );
    expect(lastIssuanceRefusal(other)).toBeNull();
    expect(lastIssuanceRefusal(new Error('network'))).toBeNull();
  });

  it('holds a Regular amount at the program default and lets an Incentive amount go to 9999.99', () => {
    expect(checkIssue({ ...filled(senior), benefitAmount: '49.99' }, senior, today, false).errors.benefitAmount).toBe(
      'Amount must be the program default of $50.00.',
    );
    const incentive = { ...changeType(filled(senior), INCENTIVE, senior), incentiveUuid: plain.programUuid };
    expect(checkIssue({ ...incentive, benefitAmount: '9999.99' }, senior, today, false).errors).toEqual({});
    expect(checkIssue({ ...incentive, benefitAmount: '10000' }, senior, today, false).errors.benefitAmount).toBe(
      'Amount cannot be more than $9,999.99.',
    );
    expect(checkIssue({ ...incentive, benefitAmount: '' }, senior, today, false).errors.benefitAmount).toBe(
      'This field is required.',
    );
  });

  it('leaves the amount free when the program default is 0.00, as when it has none (decision 0010)', () => {
    const zero = { ...senior, benefitAmount: 0 };
    expect(fixedAmountText(zero, REGULAR)).toBeNull();
    expect(initialIssueValues(today, { programUuid: zero.programUuid }, zero).benefitAmount).toBe('');
    expect(checkIssue({ ...filled(zero), benefitAmount: '12.00' }, zero, today, false).errors).toEqual({});
  });
});
