import { fillMessage } from '../messages/fill.js';
import { messageOrigin } from '../messages/origin.js';
import { MESSAGE_GROUPS, MESSAGE_VALUES_ES, MESSAGES_ES, type MessageGroup } from './messages-es.js';
import { spanishNoticeDate } from './notice-values.js';

/** A message by its key (`GROUP.NAME`, e.g. `MESSAGES.TOO_LONG`) and the values it was filled with. */
export interface MessageRef {
  key: string;
  values?: Record<string, string>;
}

/** A calendar date as a message value carries it (the specification's YYYY-MM-DD). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

let keysByTemplate: Map<string, string> | undefined;

/**
 * Each message template's key, by its English text. Two keys of one text (a group repeating a general message) are
 * the same message: the first listed with a Spanish text wins (message-keys.test.ts checks that such keys say the
 * same in Spanish), else the first listed.
 */
function templateKeys(): Map<string, string> {
  if (keysByTemplate) return keysByTemplate;
  const keys = new Map<string, string>();
  for (const spanishOnly of [true, false]) {
    for (const group of Object.keys(MESSAGE_GROUPS) as MessageGroup[]) {
      const spanish = MESSAGES_ES[group] as Record<string, string | undefined>;
      for (const [name, text] of Object.entries(MESSAGE_GROUPS[group] as Record<string, string>)) {
        if (!keys.has(text) && (!spanishOnly || spanish[name] !== undefined)) keys.set(text, `${group}.${name}`);
      }
    }
  }
  keysByTemplate = keys;
  return keys;
}

/** The key of a message template of core (its English text as declared), if it is one of the translatable groups. */
export function messageKeyOf(template: string): string | undefined {
  return templateKeys().get(template);
}

const stringValues = (values: Readonly<Record<string, string | number>> | undefined) =>
  values && Object.keys(values).length > 0
    ? Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]))
    : undefined;

/**
 * The key and values of a text: a message constant as it is, or a text this process filled (`ruleMessage`,
 * `dataMessage`) or received with its key (`rememberMessage`). Undefined for any other text (data, a name).
 */
export function messageRefOf(text: string): MessageRef | undefined {
  const origin = messageOrigin(text);
  if (origin) {
    const key = origin.key ?? (origin.template !== undefined ? messageKeyOf(origin.template) : undefined);
    if (key === undefined) return undefined;
    const values = stringValues(origin.values);
    return values ? { key, values } : { key };
  }
  const key = messageKeyOf(text);
  return key === undefined ? undefined : { key };
}

/**
 * The Spanish of a message by its key, its values carried in: a word of ours (a card status) in Spanish, a calendar
 * date day first as the Spanish pages write it, other data (names, amounts) as they came. Undefined when the key has
 * no Spanish text.
 */
export function spanishOf(ref: MessageRef): string | undefined {
  const [group, name] = ref.key.split('.', 2) as [MessageGroup, string];
  const spanish = (MESSAGES_ES[group] as Record<string, string> | undefined)?.[name];
  if (spanish === undefined) return undefined;
  if (!ref.values) return spanish;
  const words = MESSAGE_VALUES_ES[ref.key];
  const values = Object.fromEntries(
    Object.entries(ref.values).map(([placeholder, value]) => [
      placeholder,
      words?.[placeholder]?.[value] ?? (ISO_DATE.test(value) ? spanishNoticeDate(value) : value),
    ]),
  );
  return fillMessage(spanish, values);
}

/** A text's Spanish when it is a message of ours with a Spanish text; otherwise the text as it is. */
export function spanishText(text: string): string {
  const ref = messageRefOf(text);
  return (ref && spanishOf(ref)) ?? text;
}
