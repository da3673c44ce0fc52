/**
 * Fills `{key}` placeholders. A placeholder without a value is left as it is, so a missing value shows up in a test
 * or on screen instead of silently becoming an empty string.
 */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}
