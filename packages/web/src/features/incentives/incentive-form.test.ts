import { INCENTIVE_MESSAGES, type RecipientIncentive } from '@ebt/core/incentives';
import { describe, expect, it } from 'vitest';
import { validateEnrolment } from './enrolment-form';
import { EMPTY_INCENTIVE_FORM, incentiveAddBody, sameIncentiveForm, validateIncentive } from './incentive-form';

// The forms apply core's rules (B§5): what the screen says before it sends is what the server would answer.

const TODAY = '2026-11-23';
const filled = {
  ...EMPTY_INCENTIVE_FORM,
  name: 'Fresh Match',
  programId: '3',
  fundingId: '7',
  startDate: TODAY,
  matchRate: '5.25',
};

describe('the incentive form', () => {
  it('names every required field of an empty form', () => {
    expect(validateIncentive(EMPTY_INCENTIVE_FORM, TODAY, null)).toEqual({
      name: INCENTIVE_MESSAGES.NAME_REQUIRED,
      programId: INCENTIVE_MESSAGES.PROGRAM_REQUIRED,
      fundingId: INCENTIVE_MESSAGES.FUNDING_REQUIRED,
      startDate: INCENTIVE_MESSAGES.START_REQUIRED,
    });
  });

  it('applies the date bounds of a new and of an edited incentive, and the rate rules', () => {
    expect(validateIncentive(filled, TODAY, null)).toEqual({});
    expect(validateIncentive({ ...filled, startDate: '2026-11-22' }, TODAY, null)).toEqual({
      startDate: INCENTIVE_MESSAGES.START_BEFORE_TODAY,
    });
    const saved = { startDate: '2024-01-01', endDate: null };
    expect(validateIncentive({ ...filled, startDate: '2024-01-01' }, TODAY, saved)).toEqual({});
    expect(validateIncentive({ ...filled, startDate: '2023-01-01' }, TODAY, saved)).toEqual({
      startDate: INCENTIVE_MESSAGES.START_BEFORE_EDIT_MIN,
    });
    expect(validateIncentive({ ...filled, accrualFeeRate: '-1.00' }, TODAY, null)).toEqual({
      accrualFeeRate: INCENTIVE_MESSAGES.RATE_NEGATIVE,
    });
  });

  it('sends ids as numbers and an empty end as null; loosely typed rates save the same', () => {
    expect(incentiveAddBody(filled)).toMatchObject({ programId: 3, fundingId: 7, endDate: null, matchRate: '5.25' });
    expect(sameIncentiveForm(filled, { ...filled, matchRate: '5.250', name: ' Fresh Match ' })).toBe(true);
    expect(sameIncentiveForm(filled, { ...filled, matchRate: '5.26' })).toBe(false);
  });
});

describe('the enrolment form', () => {
  const listed: RecipientIncentive[] = [
    {
      recipientIncentiveId: 1,
      incentiveUuid: '0b7f2c4e-1c7a-4d55-9f3e-2b0c1d2e3f40',
      incentiveName: 'Fresh Match',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      updated: '2026-11-23T10:00:00Z',
      programName: 'Alpha',
      editMode: 2,
      deletable: true,
    },
  ];
  const incentive = { startDate: '2026-01-01', endDate: null };
  const values = { incentiveUuid: listed[0]!.incentiveUuid, startDate: '2026-12-31', endDate: '' };

  it('refuses an overlap with a listed enrolment of the same incentive, not its own dates on an edit', () => {
    expect(validateEnrolment(values, { today: TODAY, incentive, editing: null, listed })).toEqual({
      startDate: INCENTIVE_MESSAGES.ENROLMENT_OVERLAP,
    });
    expect(
      validateEnrolment(
        { ...values, startDate: '2026-12-05' },
        { today: TODAY, incentive, editing: { id: 1, startDate: '2026-12-01', endDate: '2026-12-31' }, listed },
      ),
    ).toEqual({});
    expect(
      validateEnrolment({ ...values, startDate: '2027-01-01' }, { today: TODAY, incentive, editing: null, listed }),
    ).toEqual({});
  });

  it('needs an incentive and a start from today', () => {
    expect(
      validateEnrolment(
        { incentiveUuid: '', startDate: '', endDate: '' },
        { today: TODAY, incentive: null, editing: null, listed },
      ),
    ).toEqual({
      incentiveUuid: INCENTIVE_MESSAGES.INCENTIVE_REQUIRED,
      startDate: INCENTIVE_MESSAGES.START_REQUIRED,
    });
    expect(
      validateEnrolment({ ...values, startDate: '2026-11-01' }, { today: TODAY, incentive, editing: null, listed }),
    ).toEqual({ startDate: INCENTIVE_MESSAGES.START_BEFORE_TODAY });
  });
});
