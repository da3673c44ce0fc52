import { describe, expect, it } from 'vitest';
import { INCENTIVE_MESSAGES } from './messages.js';
import {
  canDeleteEnrolment,
  ENROLMENT_EDIT_MODE,
  enrolmentDateMins,
  enrolmentDateProblems,
  enrolmentEditMode,
  formatIncentiveRate,
  incentiveDateIn,
  incentiveDateMins,
  incentiveDateProblems,
  incentiveRateProblem,
  incentiveRateText,
  isAccrualMax,
  isActiveOn,
  overlappingEnrolment,
  rangesOverlap,
} from './rules.js';
import {
  AddIncentiveBody,
  AddRecipientIncentiveBody,
  IncentiveListQuery,
  RecipientIncentiveReadParams,
  UpdateIncentiveBody,
  UpdateRecipientIncentiveBody,
} from './schemas.js';

const TODAY = '2026-11-23';
const messagesOf = (problems: { field: string; message: string }[]) => problems.map((p) => `${p.field}: ${p.message}`);

describe('rates (B§5: numeric, min 0, two decimals on blur, empty 0.00)', () => {
  it('formats to two decimals on blur, empty as 0.00, rounding half away from zero', () => {
    expect(formatIncentiveRate('5.2')).toBe('5.20');
    expect(formatIncentiveRate('5.25')).toBe('5.25');
    expect(formatIncentiveRate('')).toBe('0.00');
    expect(formatIncentiveRate('  ')).toBe('0.00');
    expect(formatIncentiveRate(null)).toBe('0.00');
    expect(formatIncentiveRate('1.005')).toBe('1.01');
    expect(formatIncentiveRate(3)).toBe('3.00');
    expect(formatIncentiveRate('abc')).toBe('abc');
  });

  it('accepts 0.00 to 9,999,999.99 with at most two decimals; refuses negatives and text', () => {
    for (const ok of ['0', '0.00', '5.25', '9999999.99', 12.5, '', null, undefined, '-0'])
      expect(incentiveRateProblem(ok), String(ok)).toBeNull();
    expect(incentiveRateProblem('-0.01')).toBe(INCENTIVE_MESSAGES.RATE_NEGATIVE);
    expect(incentiveRateProblem(-1)).toBe(INCENTIVE_MESSAGES.RATE_NEGATIVE);
    expect(incentiveRateProblem('1.234')).toBe(INCENTIVE_MESSAGES.RATE_INVALID);
    expect(incentiveRateProblem('abc')).toBe(INCENTIVE_MESSAGES.RATE_INVALID);
    expect(incentiveRateProblem(Number.NaN)).toBe(INCENTIVE_MESSAGES.RATE_INVALID);
    expect(incentiveRateProblem(1e21)).toBe(INCENTIVE_MESSAGES.RATE_INVALID);
    expect(incentiveRateProblem('10000000.00')).toBe('Cannot be more than 9,999,999.99.');
  });

  it('stores the two-decimal text, empty as 0.00', () => {
    expect(incentiveRateText('5.2')).toBe('5.20');
    expect(incentiveRateText('')).toBe('0.00');
    expect(incentiveRateText(undefined)).toBe('0.00');
    expect(incentiveRateText('-0')).toBe('0.00');
  });

  it('names the accrual maxima, where 0.00 means no maximum', () => {
    expect(isAccrualMax('accrualMaxDay')).toBe(true);
    expect(isAccrualMax('accrualMaxTrx')).toBe(true);
    expect(isAccrualMax('matchRate')).toBe(false);
  });
});

describe('incentive definition dates (B§5)', () => {
  it('starts a new incentive from today, with an optional end from today and not before the start', () => {
    expect(incentiveDateProblems({ startDate: TODAY, endDate: null }, { today: TODAY })).toEqual([]);
    expect(messagesOf(incentiveDateProblems({ startDate: '2026-11-22', endDate: null }, { today: TODAY }))).toEqual([
      `startDate: ${INCENTIVE_MESSAGES.START_BEFORE_TODAY}`,
    ]);
    expect(
      messagesOf(incentiveDateProblems({ startDate: '2026-12-10', endDate: '2026-11-22' }, { today: TODAY })),
    ).toEqual([`endDate: ${INCENTIVE_MESSAGES.END_BEFORE_TODAY}`]);
    expect(
      messagesOf(incentiveDateProblems({ startDate: '2026-12-10', endDate: '2026-12-09' }, { today: TODAY })),
    ).toEqual([`endDate: ${INCENTIVE_MESSAGES.END_BEFORE_START}`]);
    expect(incentiveDateProblems({ startDate: '2026-12-10', endDate: '2026-12-10' }, { today: TODAY })).toEqual([]);
  });

  it('on an edit, starts from 2023-02-01 and holds unchanged dates to no moving bound', () => {
    const saved = { startDate: '2024-01-01', endDate: '2025-06-30' };
    expect(incentiveDateProblems(saved, { today: TODAY, saved })).toEqual([]);
    expect(incentiveDateProblems({ ...saved, startDate: '2023-02-01' }, { today: TODAY, saved })).toEqual([]);
    expect(messagesOf(incentiveDateProblems({ ...saved, startDate: '2023-01-31' }, { today: TODAY, saved }))).toEqual([
      `startDate: ${INCENTIVE_MESSAGES.START_BEFORE_EDIT_MIN}`,
    ]);
    expect(messagesOf(incentiveDateProblems({ ...saved, endDate: '2025-07-01' }, { today: TODAY, saved }))).toEqual([
      `endDate: ${INCENTIVE_MESSAGES.END_BEFORE_TODAY}`,
    ]);
    expect(
      messagesOf(incentiveDateProblems({ startDate: '2025-07-01', endDate: '2025-06-30' }, { today: TODAY, saved })),
    ).toEqual([`endDate: ${INCENTIVE_MESSAGES.END_BEFORE_START}`]);
  });

  it('offers the start from today (new) or 2023-02-01 (edit), the end from today', () => {
    expect(incentiveDateMins(TODAY, false)).toEqual({ startDate: TODAY, endDate: TODAY });
    expect(incentiveDateMins(TODAY, true)).toEqual({ startDate: '2023-02-01', endDate: TODAY });
  });

  it('reads YYYY-MM-DD and a date-time in the program zone (resolution 17)', () => {
    expect(incentiveDateIn('2026-12-01', 'America/New_York')).toBe('2026-12-01');
    expect(incentiveDateIn('2026-12-01T12:00:00', 'America/New_York')).toBe('2026-12-01');
    expect(incentiveDateIn('2026-12-02T03:00:00Z', 'America/New_York')).toBe('2026-12-01');
    expect(incentiveDateIn('2026-02-30', 'America/New_York')).toBeNull();
  });
});

describe('enrolment (B§4, B§5 "Recipient incentive")', () => {
  it('offers edit until the end date has passed: both dates before the start, the end only after', () => {
    expect(enrolmentEditMode({ startDate: '2026-11-24', endDate: null }, TODAY)).toBe(ENROLMENT_EDIT_MODE.BOTH);
    expect(enrolmentEditMode({ startDate: TODAY, endDate: null }, TODAY)).toBe(ENROLMENT_EDIT_MODE.END_ONLY);
    expect(enrolmentEditMode({ startDate: '2026-01-01', endDate: TODAY }, TODAY)).toBe(ENROLMENT_EDIT_MODE.END_ONLY);
    expect(enrolmentEditMode({ startDate: '2026-01-01', endDate: '2026-11-22' }, TODAY)).toBe(ENROLMENT_EDIT_MODE.NONE);
  });

  it('deletes only an enrolment that starts after today', () => {
    expect(canDeleteEnrolment({ startDate: '2026-11-24' }, TODAY)).toBe(true);
    expect(canDeleteEnrolment({ startDate: TODAY }, TODAY)).toBe(false);
  });

  it('is active from its start through its end date', () => {
    const range = { startDate: '2026-01-01', endDate: '2026-01-31' };
    expect(isActiveOn(range, '2026-01-01')).toBe(true);
    expect(isActiveOn(range, '2026-01-31')).toBe(true);
    expect(isActiveOn(range, '2026-02-01')).toBe(false);
    expect(isActiveOn(range, '2025-12-31')).toBe(false);
    expect(isActiveOn({ startDate: '2026-01-01', endDate: null }, '2099-01-01')).toBe(true);
  });

  it('finds overlaps with both ends included and an open end running on', () => {
    const jan = { startDate: '2026-01-01', endDate: '2026-01-31' };
    expect(rangesOverlap(jan, { startDate: '2026-01-31', endDate: '2026-02-28' })).toBe(true);
    expect(rangesOverlap(jan, { startDate: '2026-02-01', endDate: null })).toBe(false);
    expect(rangesOverlap({ startDate: '2025-01-01', endDate: null }, jan)).toBe(true);
    expect(rangesOverlap({ startDate: '2026-03-01', endDate: null }, { startDate: '2026-04-01', endDate: null })).toBe(
      true,
    );
    const found = overlappingEnrolment({ startDate: '2026-01-15', endDate: null }, [
      { id: 1, startDate: '2025-01-01', endDate: '2025-12-31' },
      { id: 2, ...jan },
    ]);
    expect(found?.id).toBe(2);
  });

  const incentive = { startDate: '2026-12-01', endDate: '2027-06-30' };

  it('starts a new enrolment from today and the incentive start, not after its end; ends from today', () => {
    const ok = { startDate: '2026-12-01', endDate: null };
    expect(enrolmentDateProblems(ok, { today: TODAY, incentive })).toEqual([]);
    expect(messagesOf(enrolmentDateProblems({ ...ok, startDate: '2026-11-22' }, { today: TODAY, incentive }))).toEqual([
      `startDate: ${INCENTIVE_MESSAGES.START_BEFORE_TODAY}`,
    ]);
    expect(messagesOf(enrolmentDateProblems({ ...ok, startDate: '2026-11-30' }, { today: TODAY, incentive }))).toEqual([
      `startDate: Start Date cannot be before the incentive's start date (2026-12-01).`,
    ]);
    expect(messagesOf(enrolmentDateProblems({ ...ok, startDate: '2027-07-01' }, { today: TODAY, incentive }))).toEqual([
      `startDate: Start Date cannot be after the incentive's end date (2027-06-30).`,
    ]);
    expect(messagesOf(enrolmentDateProblems({ ...ok, endDate: '2026-11-22' }, { today: TODAY, incentive }))).toEqual([
      `endDate: ${INCENTIVE_MESSAGES.END_BEFORE_TODAY}`,
    ]);
    expect(messagesOf(enrolmentDateProblems({ ...ok, endDate: '2026-11-30' }, { today: TODAY, incentive }))).toEqual([
      `endDate: ${INCENTIVE_MESSAGES.END_BEFORE_START}`,
    ]);
    expect(enrolmentDateMins(TODAY, incentive)).toEqual({ startDate: '2026-12-01', endDate: TODAY });
    expect(enrolmentDateMins(TODAY, { startDate: '2020-01-01', endDate: null })).toEqual({
      startDate: TODAY,
      endDate: TODAY,
    });
  });

  it('on an update before the start (mode 2) holds the start to 2023-02-01 first, then today', () => {
    const saved = { startDate: '2026-12-10', endDate: null };
    const open = { startDate: '2020-01-01', endDate: null };
    expect(
      messagesOf(
        enrolmentDateProblems({ startDate: '2023-01-31', endDate: null }, { today: TODAY, incentive: open, saved }),
      ),
    ).toEqual([`startDate: ${INCENTIVE_MESSAGES.START_BEFORE_EDIT_MIN}`]);
    expect(
      messagesOf(
        enrolmentDateProblems({ startDate: '2026-11-01', endDate: null }, { today: TODAY, incentive: open, saved }),
      ),
    ).toEqual([`startDate: ${INCENTIVE_MESSAGES.START_BEFORE_TODAY}`]);
    expect(
      enrolmentDateProblems({ startDate: '2026-12-20', endDate: '2027-01-01' }, { today: TODAY, incentive, saved }),
    ).toEqual([]);
  });

  it('after the start (mode 1) keeps the start as saved and moves only the end', () => {
    const saved = { startDate: '2026-06-01', endDate: null };
    const open = { startDate: '2026-01-01', endDate: null };
    expect(
      enrolmentDateProblems(
        { startDate: '2026-06-01', endDate: '2026-12-31' },
        { today: TODAY, incentive: open, saved },
      ),
    ).toEqual([]);
    expect(
      messagesOf(
        enrolmentDateProblems({ startDate: '2026-07-01', endDate: null }, { today: TODAY, incentive: open, saved }),
      ),
    ).toEqual([`startDate: ${INCENTIVE_MESSAGES.START_READ_ONLY}`]);
    expect(
      messagesOf(
        enrolmentDateProblems(
          { startDate: '2026-06-01', endDate: '2026-11-22' },
          { today: TODAY, incentive: open, saved },
        ),
      ),
    ).toEqual([`endDate: ${INCENTIVE_MESSAGES.END_BEFORE_TODAY}`]);
  });
});

describe('request schemas', () => {
  const definition = {
    name: 'Fresh Match',
    programId: 3,
    fundingId: 7,
    startDate: '2026-12-01',
    endDate: '',
    matchRate: 5.25,
    accrualMaxDay: '10',
    accrualMaxMonth: '',
    accrualMaxTrx: null,
    redemptionFeeRate: '0.5',
  };
  const issues = (schema: typeof AddIncentiveBody | typeof UpdateIncentiveBody, body: unknown) =>
    schema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('reads an incentive with rates as two-decimal text and empty values as 0.00 and null', () => {
    expect(AddIncentiveBody.parse(definition)).toEqual({
      name: 'Fresh Match',
      programId: 3,
      fundingId: 7,
      startDate: '2026-12-01',
      endDate: null,
      matchRate: '5.25',
      accrualMaxDay: '10.00',
      accrualMaxMonth: '0.00',
      accrualMaxTrx: '0.00',
      accrualFeeRate: '0.00',
      redemptionFeeRate: '0.50',
    });
  });

  it('needs name (max 100), program, funding and start; refuses a negative rate', () => {
    expect(issues(AddIncentiveBody, { ...definition, name: ' ' })).toEqual([
      `name: ${INCENTIVE_MESSAGES.NAME_REQUIRED}`,
    ]);
    expect(issues(AddIncentiveBody, { ...definition, name: 'n'.repeat(100) })).toEqual([]);
    expect(issues(AddIncentiveBody, { ...definition, name: 'n'.repeat(101) })).toEqual([
      'name: Must be at most 100 characters.',
    ]);
    const { programId: _p, fundingId: _f, startDate: _s, ...rest } = definition;
    expect(issues(AddIncentiveBody, rest)).toEqual([
      `fundingId: ${INCENTIVE_MESSAGES.FUNDING_REQUIRED}`,
      `startDate: ${INCENTIVE_MESSAGES.START_REQUIRED}`,
      `programId: ${INCENTIVE_MESSAGES.PROGRAM_REQUIRED}`,
    ]);
    expect(issues(AddIncentiveBody, { ...definition, accrualFeeRate: -0.01 })).toEqual([
      `accrualFeeRate: ${INCENTIVE_MESSAGES.RATE_NEGATIVE}`,
    ]);
    expect(issues(AddIncentiveBody, { ...definition, startDate: '12/01/2026' })).toEqual([
      `startDate: ${INCENTIVE_MESSAGES.INVALID_DATE}`,
    ]);
    expect(issues(UpdateIncentiveBody, rest)).toEqual([
      `fundingId: ${INCENTIVE_MESSAGES.FUNDING_REQUIRED}`,
      `startDate: ${INCENTIVE_MESSAGES.START_REQUIRED}`,
    ]);
  });

  it('reads an enrolment with an optional end', () => {
    const uuid = '0b7f2c4e-1c7a-4d55-9f3e-2b0c1d2e3f40';
    expect(
      AddRecipientIncentiveBody.parse({ recipientUuid: uuid, incentiveUuid: uuid, startDate: '2026-12-01' }),
    ).toEqual({ recipientUuid: uuid, incentiveUuid: uuid, startDate: '2026-12-01', endDate: null });
    expect(
      AddRecipientIncentiveBody.safeParse({ recipientUuid: uuid, incentiveUuid: '', startDate: '2026-12-01' }).error
        ?.issues[0]?.message,
    ).toBe(INCENTIVE_MESSAGES.INCENTIVE_REQUIRED);
    expect(UpdateRecipientIncentiveBody.parse({ startDate: '2026-12-01', endDate: '2027-01-01' }).endDate).toBe(
      '2027-01-01',
    );
    expect(RecipientIncentiveReadParams.safeParse({ id: '42' }).success).toBe(true);
    expect(RecipientIncentiveReadParams.safeParse({ id: uuid }).success).toBe(true);
    expect(RecipientIncentiveReadParams.safeParse({ id: 'x' }).success).toBe(false);
    expect(IncentiveListQuery.parse({ page: '0' })).toEqual({ page: 0, pageSize: 10 });
  });
});
