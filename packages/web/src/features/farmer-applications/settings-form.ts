import {
  FarmerApplicationSettingsBody,
  type FarmerApplicationSettings,
  type FarmerQuestion,
} from '@ebt/core/farmer-applications';
import { formCheck, type BodyInput } from '../../lib/form-check';

// The platform administrators' farmer application settings of a program (decision 0111): open or not,
// the agreement in English (and Spanish), and the program's own questions with their dates. The rules are the body
// schema's (formCheck); what is the form's own: its values, the values of saved settings, the body, and moving rows.

export type QuestionKind = FarmerQuestion['kind'];

export interface QuestionValues {
  /** The row's own id on screen (React's key, focus after a move); never sent. */
  rowId: string;
  key: string;
  kind: QuestionKind;
  label: string;
  labelEs: string;
  required: boolean;
  /** 'YYYY-MM-DD' as typed; '' for none. */
  effectiveFrom: string;
  effectiveTo: string;
}

export interface SettingsValues {
  open: boolean;
  agreementText: string;
  agreementTextEs: string;
  questions: QuestionValues[];
}

let rowCounter = 0;
/** A row id unique on the page. */
export function newRowId(): string {
  rowCounter += 1;
  return `question-${rowCounter}`;
}

/** A new question: yes/no, not required, asked from `today` on. */
export function emptyQuestion(today: string): QuestionValues {
  return {
    rowId: newRowId(),
    key: '',
    kind: 'yes-no',
    label: '',
    labelEs: '',
    required: false,
    effectiveFrom: today,
    effectiveTo: '',
  };
}

/** The form of saved settings (or of a program never set: closed, no text, no question). */
export function settingsValuesOf(settings: FarmerApplicationSettings): SettingsValues {
  return {
    open: settings.open,
    agreementText: settings.agreementText,
    agreementTextEs: settings.agreementTextEs ?? '',
    questions: settings.questions.map((q) => ({
      rowId: newRowId(),
      key: q.key,
      kind: q.kind,
      label: q.label,
      labelEs: q.labelEs ?? '',
      required: q.required,
      effectiveFrom: q.effectiveFrom,
      effectiveTo: q.effectiveTo ?? '',
    })),
  };
}

/**
 * The body as typed: text trimmed by the schema itself; a blank key or start date left out, so it reads 'This field
 * is required.'; a blank end date or Spanish text sent as null (none).
 */
export function settingsBodyOf(values: SettingsValues): BodyInput<typeof FarmerApplicationSettingsBody> {
  return {
    open: values.open,
    agreementText: values.agreementText,
    agreementTextEs: values.agreementTextEs.trim() === '' ? null : values.agreementTextEs,
    questions: values.questions.map((q) => ({
      key: q.key.trim() === '' ? undefined : q.key,
      kind: q.kind,
      label: q.label,
      labelEs: q.labelEs.trim() === '' ? null : q.labelEs,
      required: q.required,
      effectiveFrom: q.effectiveFrom.trim() === '' ? undefined : q.effectiveFrom.trim(),
      effectiveTo: q.effectiveTo.trim() === '' ? null : q.effectiveTo.trim(),
    })),
  };
}

export const validateSettings = formCheck(FarmerApplicationSettingsBody, settingsBodyOf);

/** The body sent, as the server reads it. */
export function settingsBody(values: SettingsValues): FarmerApplicationSettingsBody {
  return FarmerApplicationSettingsBody.parse(settingsBodyOf(values));
}

const QUESTION_FIELDS = ['key', 'kind', 'label', 'labelEs', 'required', 'effectiveFrom', 'effectiveTo'] as const;

/** The form's fields a server's field error may name ('questions.2.effectiveTo'), for serverFieldErrors. */
export function settingsFieldNames(values: SettingsValues): string[] {
  return [
    'open',
    'agreementText',
    'agreementTextEs',
    'questions',
    ...values.questions.flatMap((_, index) => QUESTION_FIELDS.map((field) => `questions.${index}.${field}`)),
  ];
}

/** The list with the row at `from` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveQuestion<T>(rows: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const moved = [...rows];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved;
}
