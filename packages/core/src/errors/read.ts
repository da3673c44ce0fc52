import { rememberMessage } from '../messages/origin.js';

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

/**
 * Records the key and values the server sent with each text of an error answer (`messageKey`, `messageValues`), so a
 * page shows the text in its reader's language by key (i18n `messageRefOf`) wherever it is displayed.
 */
export function rememberMessageKeys(body: unknown): void {
  if (!isRecord(body)) return;
  for (const list of [body.expandedErrors, body.errorMessages]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (!isRecord(entry) || typeof entry.appErrorMessage !== 'string' || typeof entry.messageKey !== 'string')
        continue;
      const values = isRecord(entry.messageValues)
        ? Object.fromEntries(
            Object.entries(entry.messageValues).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
          )
        : undefined;
      rememberMessage(entry.appErrorMessage, { key: entry.messageKey, ...(values ? { values } : {}) });
    }
  }
}
