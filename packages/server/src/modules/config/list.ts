import { CONFIG_MESSAGES, type ConfigEntry, type ConfigHistory, type ConfigList } from '@ebt/core/config';
import { todayIn } from '@ebt/core/format';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { keyHistory, listKeysInForce } from './queries.js';

// GET /admin-api/config and GET /admin-api/config/{key} (B§2 "Admin configuration", B§7; docs/decisions/0031).

/** More keys than the product reads many times over; a bound on the answer. */
const KEY_LIST_CAP = 2000;

export const entryOf = (row: {
  configKey: string;
  configValue: string;
  effectiveDate: string;
  updatedAt: Date;
}): ConfigEntry => ({
  configKey: row.configKey,
  configValue: row.configValue,
  effectiveDate: row.effectiveDate,
  updated: row.updatedAt.toISOString(),
});

/** "Today" of configuration dates: the platform's time zone (resolution 26). */
export const configToday = (ctx: RequestContext) => todayIn(ctx.config.defaultTimeZone, ctx.now());

export async function listConfig(context: RequestContext): Promise<ConfigList> {
  const ctx = requireCaller(context);
  return (await listKeysInForce(ctx.db, configToday(ctx), KEY_LIST_CAP)).map(entryOf);
}

export async function getConfigKey(context: RequestContext, key: string): Promise<ConfigHistory> {
  const ctx = requireCaller(context);
  const rows = await keyHistory(ctx.db, key);
  if (rows.length === 0) throw AppError.notFound(CONFIG_MESSAGES.CONFIG_KEY_NOT_FOUND);
  return rows.map(entryOf);
}
