import { AddConfigBody, CONFIG_MESSAGES } from '@ebt/core/config';
import { formCheck } from '../../lib/form-check';

// The configuration value form (B§5 "Configuration"): key max 255, value required max 255, effective date required
// YYYY-MM-DD; core's schema is the rule. A new or moved value is not dated in the past (docs/decisions/0031).

export interface ConfigFormValues {
  configKey: string;
  configValue: string;
  effectiveDate: string;
}

export const EMPTY_CONFIG_FORM: ConfigFormValues = { configKey: '', configValue: '', effectiveDate: '' };

export function validateConfigForm(today: string) {
  return formCheck(AddConfigBody, (values: ConfigFormValues) => values, {
    rules: (values) =>
      values.effectiveDate.trim() < today
        ? [{ field: 'effectiveDate', message: CONFIG_MESSAGES.CONFIG_DATE_PAST }]
        : [],
  });
}

/** "Updated in UTC" (B§2): the instant as yyyy-MM-dd HH:mm:ss in UTC. */
export function utcText(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : date.toISOString().slice(0, 19).replace('T', ' ');
}

/** The list's Value column shows at most this many characters (B§2 "Value (truncated)"). */
export const VALUE_PREVIEW_MAX = 40;

export function truncatedValue(value: string): string {
  return value.length > VALUE_PREVIEW_MAX ? `${value.slice(0, VALUE_PREVIEW_MAX - 1)}…` : value;
}

/** The path of a key's page. */
export const configKeyPath = (key: string) => `/admin/configuration/${encodeURIComponent(key)}`;
