import {
  AddRecipientIncentiveBody,
  type DateRange,
  enrolmentDateProblems,
  INCENTIVE_MESSAGES,
  overlappingEnrolment,
  type RecipientIncentive,
  UpdateRecipientIncentiveBody,
} from '@ebt/core/incentives';
import { formCheck, type FieldProblem } from '../../lib/form-check';

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

/** The add body's fields the form holds: the screen adds the recipient it is on. */
const enrolmentInput = (values: EnrolmentFormValues) => ({ incentiveUuid: values.incentiveUuid, ...datesOf(values) });

export function enrolmentAddBody(recipientUuid: string, values: EnrolmentFormValues) {
  return { recipientUuid, ...enrolmentInput(values) };
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

const AddEnrolmentForm = AddRecipientIncentiveBody.omit({ recipientUuid: true });

/** The date rules of today, the incentive and the saved enrolment, and no overlap with a listed one. */
function enrolmentProblems(values: EnrolmentFormValues, rules: EnrolmentRules): FieldProblem[] {
  if (!rules.incentive) return [];
  const dates = datesOf(values);
  const others = rules.listed.filter(
    (row) => row.incentiveUuid === values.incentiveUuid && row.recipientIncentiveId !== rules.editing?.id,
  );
  return [
    ...enrolmentDateProblems(dates, { today: rules.today, incentive: rules.incentive, saved: rules.editing }),
    ...(overlappingEnrolment(dates, others)
      ? [{ field: 'startDate', message: INCENTIVE_MESSAGES.ENROLMENT_OVERLAP }]
      : []),
  ];
}

export function validateEnrolment(values: EnrolmentFormValues, rules: EnrolmentRules): Record<string, string> {
  // The rules read the incentive and both dates: they wait until the schema takes all three.
  const options = {
    rules: (checked: EnrolmentFormValues, found: Readonly<Record<string, string>>) =>
      found.startDate || found.endDate || found.incentiveUuid ? [] : enrolmentProblems(checked, rules),
  };
  return rules.editing
    ? formCheck(UpdateRecipientIncentiveBody, enrolmentUpdateBody, options)(values)
    : formCheck(AddEnrolmentForm, enrolmentInput, options)(values);
}
