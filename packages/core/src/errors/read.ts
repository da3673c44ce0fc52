function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textsOf(list: unknown, key: string): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const text = isRecord(entry) ? entry[key] : undefined;
    return typeof text === 'string' && text.trim() !== '' ? [text] : [];
  });
}

/**
 * The texts to show for an error answer, one per line. A§8 reads expandedErrors, then errorMessages, then the single
 * message, each entry by its appErrorMessage; move errors also read errors[].defaultMessage before errorMessages.
 * The first source that yields any text wins. An empty result tells the caller to fall back to its own text (the
 * status text, or 'An unexpected error occurred.').
 */
export function readServerErrors(body: unknown): string[] {
  if (!isRecord(body)) return [];
  const sources = [
    textsOf(body.expandedErrors, 'appErrorMessage'),
    textsOf(body.errors, 'defaultMessage'),
    textsOf(body.errorMessages, 'appErrorMessage'),
  ];
  const found = sources.find((texts) => texts.length > 0);
  if (found) return found;
  return typeof body.message === 'string' && body.message.trim() !== '' ? [body.message] : [];
}
