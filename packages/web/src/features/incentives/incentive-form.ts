import { DEFAULT_TIME_ZONE } from '@ebt/core/constants';
import { todayIn } from '@ebt/core/format';
import {
  AddIncentiveBody,
  type DateRange,
  formatIncentiveRate,
  type Incentive,
  INCENTIVE_RATE_FIELDS,
  incentiveDateProblems,
  type IncentiveRateField,
  UpdateIncentiveBody,
} from '@ebt/core/incentives';
import type { z } from 'zod';
import { formCheck } from '../../lib/form-check';

// The incentive form (B§2 "New incentive", "Edit incentive"; B§5 "Incentive definition"): name (max 100), program
// and funding required, start from today (new) or 2023-02-01 (edit), optional end from today and not before the
// start, six decimals formatted to two places on blur (empty 0.00). Validated with core's schemas and rules, so the
// screen and the server say the same.

export type IncentiveFormValues = {
  name: string;
  /** The program's id as the select holds it; '' for none. */
  programId: string;
  fundingId: string;
  startDate: string;
  endDate: string;
} & Record<IncentiveRateField, string>;

export const EMPTY_INCENTIVE_FORM: IncentiveFormValues = {
  name: '',
  programId: '',
  fundingId: '',
  startDate: '',
  endDate: '',
  matchRate: '0.00',
  accrualMaxDay: '0.00',
  accrualMaxMonth: '0.00',
  accrualMaxTrx: '0.00',
  accrualFeeRate: '0.00',
  redemptionFeeRate: '0.00',
};

/** Today in a program's zone (resolution 26), the product default when the zone is unknown here. */
export function programToday(timeZone?: string, now: Date = new Date()): string {
  try {
    return todayIn(timeZone ?? DEFAULT_TIME_ZONE, now);
  } catch {
    return todayIn(DEFAULT_TIME_ZONE, now);
  }
}

/** The form's values of a saved incentive (rates with two decimals). */
export function incentiveFormOf(incentive: Incentive): IncentiveFormValues {
  const rates = Object.fromEntries(
    INCENTIVE_RATE_FIELDS.map((field) => [field, formatIncentiveRate(incentive[field])]),
  ) as Record<IncentiveRateField, string>;
  return {
    name: incentive.name,
    programId: String(incentive.program.programId),
    fundingId: String(incentive.funding.fundingId),
    startDate: incentive.startDate,
    endDate: incentive.endDate ?? '',
    ...rates,
  };
}

const idOrUndefined = (value: string) => (/^\d+$/.test(value) ? Number(value) : undefined);

function draft(values: IncentiveFormValues) {
  const rates = Object.fromEntries(INCENTIVE_RATE_FIELDS.map((field) => [field, values[field].trim()]));
  return {
    name: values.name,
    programId: idOrUndefined(values.programId),
    fundingId: idOrUndefined(values.fundingId),
    startDate: values.startDate.trim(),
    endDate: values.endDate.trim() === '' ? null : values.endDate.trim(),
    ...rates,
  };
}

/** incentiveApi.add's body. */
export function incentiveAddBody(values: IncentiveFormValues): z.input<typeof AddIncentiveBody> {
  return draft(values) as z.input<typeof AddIncentiveBody>;
}

/** incentiveApi.update's body (the program is the saved one, read-only). */
export function incentiveUpdateBody(values: IncentiveFormValues): z.input<typeof UpdateIncentiveBody> {
  return draft(values) as z.input<typeof UpdateIncentiveBody>;
}

/**
 * The form's problems: the schema's (required fields, lengths, rates) and the date rules of the program's today,
 * with `saved` the incentive's dates on an edit (once both dates read well).
 */
export function validateIncentive(values: IncentiveFormValues, today: string, saved: DateRange | null) {
  return formCheck(saved ? UpdateIncentiveBody : AddIncentiveBody, draft, {
    rules: ({ startDate, endDate }, found) =>
      found.startDate || found.endDate
        ? []
        : incentiveDateProblems({ startDate: startDate.trim(), endDate: endDate.trim() || null }, { today, saved }),
  })(values);
}

/** Whether two sets of values save the same: Update waits for a change. */
export function sameIncentiveForm(a: IncentiveFormValues, b: IncentiveFormValues): boolean {
  const normal = (v: IncentiveFormValues) =>
    JSON.stringify({
      ...v,
      name: v.name.trim(),
      startDate: v.startDate.trim(),
      endDate: v.endDate.trim(),
      ...Object.fromEntries(INCENTIVE_RATE_FIELDS.map((f) => [f, formatIncentiveRate(v[f])])),
    });
  return normal(a) === normal(b);
}
