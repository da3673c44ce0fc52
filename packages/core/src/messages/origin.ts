import { fillMessage } from './fill.js';

/**
 * Where a message text came from: the template of core it was filled from (a message constant's English text) and
 * the values it was filled with, or the key a server answer sent with it (`messageKey`, `GROUP.NAME`). A Spanish page
 * shows a text by its origin (i18n `messageRefOf`), never by recognising the English words.
 */
export interface MessageOrigin {
  template?: string;
  key?: string;
  values?: Readonly<Record<string, string | number>>;
}

/**
 * Texts filled by rules whose values code fixes (a field's maximum length, a rule's first date, today): a bounded set,
 * remembered for the life of the process. Past the limit nothing more is remembered; a text without an origin shows
 * in English, which the limit keeps for a misuse (data values given to `ruleMessage`), not for the rules.
 */
const RULE_TEXTS = new Map<string, MessageOrigin>();
const RULE_TEXTS_LIMIT = 4096;

/**
 * Texts filled with data or received from a server: the most recent only (a refusal is read, answered and shown
 * within moments of being made).
 */
const RECENT_TEXTS = new Map<string, MessageOrigin>();
const RECENT_TEXTS_LIMIT = 1024;

/**
 * `fillMessage` for a rule's message whose values are fixed by code or the calendar (a schema's 'Must be at most
 * {max} characters.', 'Date must be on or after {date}.'), remembering where the text came from.
 */
export function ruleMessage(template: string, values: Record<string, string | number>): string {
  const text = fillMessage(template, values);
  if (!RULE_TEXTS.has(text) && RULE_TEXTS.size < RULE_TEXTS_LIMIT) RULE_TEXTS.set(text, { template, values });
  return text;
}

/** `fillMessage` for a message filled with data (a name, an e-mail, a count), remembering where the text came from. */
export function dataMessage(template: string, values: Record<string, string | number>): string {
  const text = fillMessage(template, values);
  rememberMessage(text, { template, values });
  return text;
}

/** Records the origin of a text made elsewhere: the key and values a server answer sent with its message. */
export function rememberMessage(text: string, origin: MessageOrigin): void {
  RECENT_TEXTS.delete(text);
  if (RECENT_TEXTS.size >= RECENT_TEXTS_LIMIT) RECENT_TEXTS.delete(RECENT_TEXTS.keys().next().value!);
  RECENT_TEXTS.set(text, origin);
}

/** The origin of a filled or received text, when this process made or received it. */
export function messageOrigin(text: string): MessageOrigin | undefined {
  return RECENT_TEXTS.get(text) ?? RULE_TEXTS.get(text);
}
