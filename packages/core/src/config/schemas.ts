import { z } from 'zod';
import { CONFIG_KEY_MAX, CONFIG_VALUE_MAX } from '../constants/limits.js';
import { isIsoDate } from '../format/dates.js';
import { ruleMessage } from '../messages/origin.js';
import { MESSAGES } from '../messages/messages.js';
import { text } from '../validation/text.js';
import { CONFIG_MESSAGES } from './messages.js';

// Configuration keys and their values by effective date (B§2 "Admin configuration", B§3 "Config entry", B§4
// "Configuration value", B§5 "Configuration", B§7; resolution 21; docs/decisions/0031).

const tooLong = (max: number) => ruleMessage(MESSAGES.TOO_LONG, { max });

/** B§5: key required, at most 255 characters (no surrounding spaces). */
const configKey = () =>
  text(CONFIG_MESSAGES.CONFIG_KEY_REQUIRED)
    .trim()
    .min(1, CONFIG_MESSAGES.CONFIG_KEY_REQUIRED)
    .max(CONFIG_KEY_MAX, tooLong(CONFIG_KEY_MAX));
/** B§5: value required, at most 255 characters. */
const configValue = () =>
  text(CONFIG_MESSAGES.CONFIG_VALUE_REQUIRED)
    .trim()
    .min(1, CONFIG_MESSAGES.CONFIG_VALUE_REQUIRED)
    .max(CONFIG_VALUE_MAX, tooLong(CONFIG_VALUE_MAX));
/** B§5: effective date required, at most 10 characters, YYYY-MM-DD (a real calendar day). */
const effectiveDate = () =>
  text(CONFIG_MESSAGES.CONFIG_DATE_REQUIRED)
    .trim()
    .min(1, CONFIG_MESSAGES.CONFIG_DATE_REQUIRED)
    .max(10, CONFIG_MESSAGES.INVALID_DATE)
    .refine(isIsoDate, CONFIG_MESSAGES.INVALID_DATE);

/** A value of a key (B§3: configKey, configValue, effectiveDate, updated as an instant in UTC). */
export const ConfigEntry = z.object({
  configKey: z.string(),
  configValue: z.string(),
  effectiveDate: z.iso.date(),
  updated: z.string(),
});
export type ConfigEntry = z.infer<typeof ConfigEntry>;

/** GET /admin-api/config: per key, the value in effect today (or, for a key with only future values, the next). */
export const ConfigList = z.array(ConfigEntry);
export type ConfigList = z.infer<typeof ConfigList>;

export const ConfigKeyParams = z.object({ key: configKey() });
export type ConfigKeyParams = z.infer<typeof ConfigKeyParams>;

/** GET /admin-api/config/{key}: the key's values, newest effective date first. */
export const ConfigHistory = z.array(ConfigEntry);
export type ConfigHistory = z.infer<typeof ConfigHistory>;

/** POST /admin-api/config: a new value (or a new key with its first value). */
export const AddConfigBody = z.object({
  configKey: configKey(),
  configValue: configValue(),
  effectiveDate: effectiveDate(),
});
export type AddConfigBody = z.infer<typeof AddConfigBody>;

/** PUT /admin-api/config: a future value's text and, with newEffectiveDate, its date. */
export const UpdateConfigBody = z.object({
  configKey: configKey(),
  configValue: configValue(),
  effectiveDate: effectiveDate(),
  newEffectiveDate: z
    .union([z.literal(''), effectiveDate()])
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type UpdateConfigBody = z.infer<typeof UpdateConfigBody>;

/** DELETE /admin-api/config: the body, or the same fields as query parameters (resolution 21). */
export const DeleteConfigBody = z.object({ configKey: configKey(), effectiveDate: effectiveDate() });
export type DeleteConfigBody = z.infer<typeof DeleteConfigBody>;
export const DeleteConfigQuery = z.object({
  configKey: configKey().optional(),
  effectiveDate: effectiveDate().optional(),
});
export type DeleteConfigQuery = z.infer<typeof DeleteConfigQuery>;

export const ConfigChangeAnswer = z.object({ message: z.string() });
export type ConfigChangeAnswer = z.infer<typeof ConfigChangeAnswer>;

/** Whether a value dated `effectiveDate` may still be updated or deleted: only a future one (B§4). */
export function isFutureConfigValue(effectiveDate: string, today: string): boolean {
  return effectiveDate > today;
}
