import { describe, expect, it } from 'vitest';
import {
  MESSAGE_GROUPS,
  MESSAGES_ES,
  messagePlaceholders,
  RECIPIENT_MESSAGE_KEYS,
  type MessageGroup,
} from './messages-es.js';
import { pickLanguage } from '../languages/languages.js';

const groups = Object.keys(MESSAGE_GROUPS) as MessageGroup[];

describe('Spanish messages', () => {
  it.each(groups)('%s: every message public and recipient pages can show has a Spanish text', (group) => {
    const spanish = MESSAGES_ES[group] as Record<string, string | undefined>;
    const missing = (RECIPIENT_MESSAGE_KEYS[group] as readonly string[]).filter((key) => !spanish[key]?.trim());
    expect(missing).toEqual([]);
  });

  it.each(groups)('%s: each Spanish text has the placeholders of its English text', (group) => {
    const english = MESSAGE_GROUPS[group] as Record<string, string>;
    for (const [key, es] of Object.entries(MESSAGES_ES[group] as Record<string, string>)) {
      expect(english[key], `${group}.${key} is not an English message`).toBeDefined();
      expect(messagePlaceholders(es), `${group}.${key}`).toEqual(messagePlaceholders(english[key]!));
      expect(es, `${group}.${key} is not translated`).not.toBe(english[key]);
    }
  });
});

describe('pickLanguage', () => {
  it('takes the first of the browser languages the portal speaks', () => {
    expect(pickLanguage(['fr-FR', 'es-MX', 'en-US'])).toBe('es');
    expect(pickLanguage(['en-GB', 'es'])).toBe('en');
    expect(pickLanguage(['de'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});
