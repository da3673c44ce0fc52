import type { FormErrors } from '@mantine/form';

/**
 * A form's validation-failure handler: moves focus to the first field with an error, so a keyboard or screen-reader
 * user lands on what to fix (its message is tied to it by aria-describedby). `getInputNode` is Mantine form's.
 */
export function focusFirstError(getInputNode: (path: string) => HTMLElement | null) {
  return (errors: FormErrors) => {
    const first = Object.keys(errors)[0];
    if (first) getInputNode(first)?.focus();
  };
}
