import { eq } from 'drizzle-orm';
import {
  type AddConfigBody,
  CONFIG_MESSAGES,
  type ConfigChangeAnswer,
  type DeleteConfigBody,
  isFutureConfigValue,
  type UpdateConfigBody,
} from '@ebt/core/config';
import type { DbOrTx } from '../../db/client.js';
import { configEntries } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { CONFIG_VALUES } from '../../platform/config-values.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { configToday } from './list.js';
import { lockEntry, lockKey } from './queries.js';

// POST, PUT and DELETE /admin-api/config (B§4 "Configuration value", B§5 "Configuration", B§7, B§8; resolution 21;
// docs/decisions/0031). Each is one transaction that locks the key's rows first and writes its audit row. A value
// dated today or earlier is history (it is, or was, in force): it cannot be changed or deleted (409), only copied
// into a new value; a new or moved value cannot be dated in the past (400). One value per key and day (409). The
// trigger on config_entries bumps the version row, so every instance's cache sees the change within a second; this
// instance forgets its own cache at once.

const ENTITY = 'config_entry';
const view = (e: { configKey: string; configValue: string; effectiveDate: string }) => ({
  configKey: e.configKey,
  configValue: e.configValue,
  effectiveDate: e.effectiveDate,
});

async function inTransaction<T>(ctx: CallerContext, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error, 'config_entries_key_date_key'))
      throw AppError.conflict(CONFIG_MESSAGES.CONFIG_VALUE_EXISTS, 'effectiveDate');
    throw error;
  } finally {
    CONFIG_VALUES.invalidate(ctx.db);
  }
}

function notPast(date: string, today: string, field: string) {
  if (date < today) throw AppError.badRequest(CONFIG_MESSAGES.CONFIG_DATE_PAST, field);
}

/** POST /admin-api/config: a key's first value ('New configuration key and value added.') or another one. */
export async function addConfigValue(context: RequestContext, body: AddConfigBody): Promise<ConfigChangeAnswer> {
  const ctx = requireCaller(context);
  const today = configToday(ctx);
  notPast(body.effectiveDate, today, 'effectiveDate');
  return inTransaction(ctx, async (tx) => {
    const history = await lockKey(tx, body.configKey);
    if (history.some((e) => e.effectiveDate === body.effectiveDate))
      throw AppError.conflict(CONFIG_MESSAGES.CONFIG_VALUE_EXISTS, 'effectiveDate');
    const now = ctx.now();
    await tx.insert(configEntries).values({
      ...view(body),
      updatedBy: ctx.caller.userId,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: ENTITY,
      entityId: `${body.configKey}@${body.effectiveDate}`,
      after: view(body),
    });
    return { message: history.length === 0 ? CONFIG_MESSAGES.CONFIG_KEY_ADDED : CONFIG_MESSAGES.CONFIG_VALUE_ADDED };
  });
}

/** The future value a PUT or DELETE names, locked: 404 when missing, 409 when dated today or earlier. */
async function futureEntry(tx: DbOrTx, key: string, effectiveDate: string, today: string) {
  await lockKey(tx, key);
  const entry = await lockEntry(tx, key, effectiveDate);
  if (!entry) throw AppError.notFound(CONFIG_MESSAGES.CONFIG_VALUE_NOT_FOUND);
  if (!isFutureConfigValue(entry.effectiveDate, today))
    throw AppError.conflict(CONFIG_MESSAGES.CONFIG_VALUE_NOT_EDITABLE, 'effectiveDate');
  return entry;
}

/** PUT /admin-api/config: a future value's text and, with newEffectiveDate, its date. */
export async function updateConfigValue(context: RequestContext, body: UpdateConfigBody): Promise<ConfigChangeAnswer> {
  const ctx = requireCaller(context);
  const today = configToday(ctx);
  const newDate = body.newEffectiveDate ?? body.effectiveDate;
  return inTransaction(ctx, async (tx) => {
    const entry = await futureEntry(tx, body.configKey, body.effectiveDate, today);
    notPast(newDate, today, 'newEffectiveDate');
    if (newDate !== entry.effectiveDate && (await lockEntry(tx, body.configKey, newDate)))
      throw AppError.conflict(CONFIG_MESSAGES.CONFIG_VALUE_EXISTS, 'newEffectiveDate');
    const after = { configKey: entry.configKey, configValue: body.configValue, effectiveDate: newDate };
    await tx
      .update(configEntries)
      .set({
        configValue: body.configValue,
        effectiveDate: newDate,
        updatedBy: ctx.caller.userId,
        updatedAt: ctx.now(),
      })
      .where(eq(configEntries.id, entry.id));
    await recordAudit(tx, ctx, {
      action: 'update',
      entity: ENTITY,
      entityId: `${entry.configKey}@${entry.effectiveDate}`,
      before: view(entry),
      after,
    });
    return { message: CONFIG_MESSAGES.CONFIG_VALUE_UPDATED };
  });
}

/** DELETE /admin-api/config: a future value, after the screen's 'Are you sure you want to delete this entry?'. */
export async function deleteConfigValue(context: RequestContext, body: DeleteConfigBody): Promise<ConfigChangeAnswer> {
  const ctx = requireCaller(context);
  const today = configToday(ctx);
  return inTransaction(ctx, async (tx) => {
    const entry = await futureEntry(tx, body.configKey, body.effectiveDate, today);
    await tx.delete(configEntries).where(eq(configEntries.id, entry.id));
    await recordAudit(tx, ctx, {
      action: 'delete',
      entity: ENTITY,
      entityId: `${entry.configKey}@${entry.effectiveDate}`,
      before: view(entry),
    });
    return { message: CONFIG_MESSAGES.CONFIG_VALUE_DELETED };
  });
}
