import {
  AddRecipientIncentiveBody,
  type DateRange,
  enrolmentDateProblems,
  INCENTIVE_MESSAGES,
  overlappingEnrolment,
  type RecipientIncentive,
  UpdateRecipientIncentiveBody,
} from '@ebt/core/incentives';

// The enrolment form (B§2 "Recipient incentives", B§4, B§5 "Recipient incentive"): the incentive and the start
// required, the start not before today nor the incentive's start, the end not before today; on an edit both dates
// before the start (mode 2), only the end after it (mode 1). Checked with core's schemas and rules, and against the
// enrolments listed (an overlap in the same incentive is refused before the server's 409 says so).

export interface EnrolmentFormValues {
  incentiveUuid: string;
  startDate: string;
  endDate: string;
}

export const EMPTY_ENROLMENT_FORM: EnrolmentFormValues = { incentiveUuid: '', startDate: '', endDate: '' };

export function enrolmentFormOf(row: RecipientIncentive): EnrolmentFormValues {
  return { incentiveUuid: row.incentiveUuid, startDate: row.startDate, endDate: row.endDate ?? '' };
}

const datesOf = (values: EnrolmentFormValues): DateRange => ({
  startDate: values.startDate.trim(),
  endDate: values.endDate.trim() === '' ? null : values.endDate.trim(),
});

export function enrolmentAddBody(recipientUuid: string, values: EnrolmentFormValues) {
  return { recipientUuid, incentiveUuid: values.incentiveUuid, ...datesOf(values) };
}

export function enrolmentUpdateBody(values: EnrolmentFormValues) {
  return datesOf(values);
}

export interface EnrolmentRules {
  today: string;
  /** The chosen incentive's period, when known. */
  incentive: DateRange | null;
  /** The enrolment being edited (its saved dates and id), or null for a new one. */
  editing: (DateRange & { id: number }) | null;
  /** The recipient's enrolments listed on the screen. */
  listed: readonly RecipientIncentive[];
}

export function validateEnrolment(values: EnrolmentFormValues, rules: EnrolmentRules): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = rules.editing
    ? UpdateRecipientIncentiveBody.safeParse(datesOf(values))
    : AddRecipientIncentiveBody.safeParse({ ...enrolmentAddBody('00000000-0000-4000-8000-000000000000', values) });
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  if (errors.startDate || errors.endDate || errors.incentiveUuid || !rules.incentive) return errors;
  const dates = datesOf(values);
  for (const problem of enrolmentDateProblems(dates, {
    today: rules.today,
    incentive: rules.incentive,
    saved: rules.editing,
  }))
    errors[problem.field] ??= problem.message;
  const others = rules.listed.filter(
    (row) => row.incentiveUuid === values.incentiveUuid && row.recipientIncentiveId !== rules.editing?.id,
  );
  if (!errors.startDate && overlappingEnrolment(dates, others)) errors.startDate = INCENTIVE_MESSAGES.ENROLMENT_OVERLAP;
  return errors;
}
