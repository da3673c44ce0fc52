/**
 * A Mantine form's input props for a Select: an empty value is passed as null. A searchable Select keeps the text of
 * the last chosen option while its value is '' (it clears the text only for null), so a reset form would still show
 * the old choice.
 */
export function selectProps<P extends { value?: unknown }>(props: P): P & { value: string | null } {
  return { ...props, value: typeof props.value === 'string' && props.value !== '' ? props.value : null };
}
