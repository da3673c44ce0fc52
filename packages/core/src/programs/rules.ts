import { MIN_DATES } from '../constants/dates.js';
import { defaultProgramConfiguration } from '../constants/defaults.js';

// The admin program rules of B§5 "Program" and B§9 as pure functions (docs/decisions/0030).

/** B§5: start and end dates are from today when adding, from 2021-02-01 when editing. */
export function programDateMin(mode: 'add' | 'edit', today: string): string {
  return mode === 'add' ? today : MIN_DATES.programEdit;
}

/** B§5: funding source names are unique within a program, ignoring case and surrounding spaces. */
export function duplicateFundingSourceName(names: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) return name.trim();
    seen.add(key);
  }
  return null;
}

/** B§9 bin and series number: digits, nine in all (the PAN prefix of resolution 5), both given or both empty. */
export function isPanPrefix(bin: string, seriesNbr: string): boolean {
  if (bin === '' && seriesNbr === '') return true;
  return /^\d+$/.test(bin) && /^\d+$/.test(seriesNbr) && bin.length + seriesNbr.length === 9;
}

// ---------------------------------------------------------------------------------------------------------------
// The program's configuration text (B§3: "JSON-like key list"; B§9 default card settings with blank secret keys).

/** What an answer shows in place of a secret entry that is set: never the value, nor a part of it. */
export const SECRET_MASK = '********';

/** B§9: the secret keys of the default card settings (defaultProgramConfiguration), secret whatever the rule below. */
export const DEFAULT_SECRET_CONFIGURATION_KEYS: readonly string[] = ['qrSigningKey', 'pinOffsetKey'];

/**
 * An entry is secret when its key, ignoring case, speaks of a secret anywhere (secret, password, pwd, token,
 * credential, private: clientSecretValue, privateKeyPem, credentials), names a key at its end (qrSigningKey,
 * signingKeys) or an API key anywhere (apiKeyId), or is one of the default's secret keys. Wide on purpose: an entry
 * wrongly taken for a secret is only masked, one wrongly taken for plain is stored and shown in full.
 */
export function isSecretConfigurationKey(key: string): boolean {
  const name = key.trim();
  if (DEFAULT_SECRET_CONFIGURATION_KEYS.some((k) => k.toLowerCase() === name.toLowerCase())) return true;
  return /secret|password|pwd|token|credential|private|apikey|keys?$/i.test(name);
}

export type ConfigurationEntries = Record<string, string | number | boolean>;

/**
 * The configuration text as its entries, or null when it is not a JSON object of text, number or true/false values.
 * An empty text is no entries. A number must be finite (1e999 is refused).
 */
export function parseProgramConfiguration(text: string | null | undefined): ConfigurationEntries | null {
  if (text == null || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  for (const entry of Object.values(value as Record<string, unknown>)) {
    if (!['string', 'number', 'boolean'].includes(typeof entry)) return null;
    // 1e999 parses as Infinity, which JSON writes back as null: a text the rule would then refuse.
    if (typeof entry === 'number' && !Number.isFinite(entry)) return null;
  }
  return value as ConfigurationEntries;
}

/**
 * Splits a configuration into what may be shown (secret entries blank) and its secret entries that are set. An entry
 * sent as SECRET_MASK keeps the stored value (`stored`); an empty one clears it.
 */
export function splitProgramConfiguration(
  entries: ConfigurationEntries,
  stored: Readonly<Record<string, string>> = {},
): { open: ConfigurationEntries; secrets: Record<string, string> } {
  const open: ConfigurationEntries = {};
  const secrets: Record<string, string> = {};
  for (const [key, value] of Object.entries(entries)) {
    if (!isSecretConfigurationKey(key)) {
      open[key] = value;
      continue;
    }
    open[key] = '';
    const text = String(value);
    if (text === SECRET_MASK) {
      if (stored[key]) secrets[key] = stored[key];
    } else if (text !== '') secrets[key] = text;
  }
  return { open, secrets };
}

/** The configuration as an answer shows it: secret entries that are set read SECRET_MASK, the others as stored. */
export function maskedProgramConfiguration(openText: string | null, setSecrets: readonly string[]): string | null {
  const entries = parseProgramConfiguration(openText);
  // A text stored before the rule (not an object) is shown as it is: it holds no secret entry the rule knows of.
  if (entries === null) return openText;
  const masked: ConfigurationEntries = { ...entries };
  for (const key of setSecrets) masked[key] = SECRET_MASK;
  return openText === null && setSecrets.length === 0 ? null : JSON.stringify(masked);
}

/** B§9: the configuration a new program's form starts from (issuer number blank, secret keys blank). */
export function newProgramConfiguration(): string {
  return defaultProgramConfiguration('');
}
