import { MESSAGES } from '@ebt/core/messages';
import type { z } from 'zod';

// The one way a form validates (docs/adding-an-area.md §6): the body schema of the endpoint's contract in core reads
// what the form would send, so the screen names each problem with the server's own rule and text before it sends
// anything; the rules the body alone cannot see (today, other rows, a program's settings) come as core's rule
// functions answer them, `{ field, message }`.

/** One problem at a form field, as core's rule functions answer them (`issueRuleProblems`, `incentiveDateProblems`). */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * What a form hands the schema: the body's fields as typed (text trimmed or not, a blank select or amount left out,
 * so the schema names it as missing). Only the names are held to the body's; the values are the schema's to judge.
 */
export type BodyInput<Schema extends z.ZodType> = { [Field in keyof z.input<Schema>]?: unknown };

export interface FormCheckOptions<Values> {
  /**
   * The rules the body cannot see, run after the schema on the same values. `found` is what the schema already
   * found by field: a rule that reads a field the schema refused can stand aside. A field keeps its first message.
   */
  rules?: (values: Values, found: Readonly<Record<string, string>>) => readonly FieldProblem[];
  /** Where the form names a body field otherwise: every problem at or under the body field shows at the form's. */
  fields?: Readonly<Record<string, string>>;
}

/** The form's field of a problem's path: the form's own name where it differs, else the path (`addressInfo.city`). */
function formPath(path: readonly PropertyKey[], fields: Readonly<Record<string, string>>): string {
  const top = String(path[0] ?? '');
  return fields[top] ?? path.map(String).join('.');
}

/**
 * A missing value (a blank select or amount the form left out) reads 'This field is required.' where the schema has
 * no word of its own for it, rather than Zod's 'Invalid input: expected number, received undefined'. A schema's own
 * message always comes first (Zod asks this only when the schema has none).
 */
const missingIsRequired = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? MESSAGES.FIELD_REQUIRED : undefined;

/**
 * Mantine's `validate` for a form (`useForm({ validate: formCheck(...) })`): `toBody` turns the form's values into the
 * contract's body input, `schema` reads it, and each problem lands at its form field, the first message of each. A
 * problem at a body field the form does not hold (the benefit's uuid, a creation channel) is left to the server's
 * answer rather than block the form at a field nobody sees.
 */
export function formCheck<Values extends object, Schema extends z.ZodType>(
  schema: Schema,
  toBody: (values: Values) => BodyInput<Schema>,
  { rules, fields = {} }: FormCheckOptions<Values> = {},
): (values: Values) => Record<string, string> {
  return (values) => {
    const errors: Record<string, string> = {};
    const add = (path: readonly PropertyKey[], message: string) => {
      const field = formPath(path, fields);
      const top = field.split('.')[0]!;
      if (field !== '' && !(top in values)) return;
      errors[field] ??= message;
    };
    const result = schema.safeParse(toBody(values), { error: missingIsRequired });
    for (const issue of result.error?.issues ?? []) add(issue.path, issue.message);
    for (const problem of rules?.(values, { ...errors }) ?? []) add([problem.field], problem.message);
    return errors;
  };
}
