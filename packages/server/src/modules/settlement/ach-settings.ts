import { sql } from 'drizzle-orm';
import { type AchSettingsAnswer, type AchSettingsQuery, SETTLEMENT_MESSAGES } from '@ebt/core/settlement';
import { localClock } from '@ebt/core/settlement';
import type { DbOrTx } from '../../db/client.js';
import { canSeeProgram } from '../../platform/caller.js';
import { configValueInForce } from '../../platform/config-values.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { programInScope } from '../../platform/search.js';
import { rowsOf } from './close-queries.js';

// The ACH originator settings of a program (docs/settlement.md "ACH file" and "Configuration keys"):
// each `settlement.ach.<key>` may be set for one program as `settlement.ach.<key>.<SHORT NAME>`, which wins over the
// key for all programs. The file download (ach-download.ts) and the settlement page's originator section read them
// through the one rule here, so the page names the ids the files carry.

/** The company id a file carries when none is configured. */
const DEFAULT_ACH_COMPANY_ID = '1000000000';

type Lookup = (key: string) => Promise<string | null | undefined> | string | null | undefined;

/** The value of an ACH setting for a program: its own key, else the key of all programs, else `fallback`. */
export async function pickAchSetting(
  lookup: Lookup,
  shortName: string,
  key: string,
  fallback: string,
): Promise<string> {
  return (
    (await lookup(`settlement.ach.${key}.${shortName}`))?.trim() ||
    (await lookup(`settlement.ach.${key}`))?.trim() ||
    fallback
  );
}

/** One program's ACH setting on `today` (portal's day), through the configuration cache. */
export function achSetting(db: DbOrTx, shortName: string, key: string, today: string, fallback: string) {
  return pickAchSetting((k) => configValueInForce(db, k, today), shortName, key, fallback);
}

/** Banking days from the close to the effective entry date: a whole number 1 to 5, else 1. */
export function achLeadDays(value: string): number {
  const days = Number(value);
  return Number.isInteger(days) && days >= 1 && days <= 5 ? days : 1;
}

/** The two ids that name the originator on a file: the batch's company id and the file header's immediate origin. */
export async function originatorIds(lookup: Lookup, shortName: string) {
  const companyId = await pickAchSetting(lookup, shortName, 'companyId', DEFAULT_ACH_COMPANY_ID);
  const immediateOrigin = await pickAchSetting(lookup, shortName, 'immediateOrigin', companyId);
  return { companyId, immediateOrigin };
}

/**
 * GET /settlement-api/ach-settings: the program's originator (404 outside the caller's programs) and the other
 * programs whose files carry the same company id or immediate origin: those the caller may see by name, the rest
 * counted. Every program's values in force are read in one statement (not one cached read per key and program).
 */
export async function getAchSettings(context: RequestContext, query: AchSettingsQuery): Promise<AchSettingsAnswer> {
  const ctx = requireCaller(context);
  const program = await programInScope(ctx, { uuid: query.programUuid.toLowerCase() });
  if (!program) throw AppError.notFound(SETTLEMENT_MESSAGES.PROGRAM_NOT_FOUND);
  const today = localClock(ctx.now(), ctx.config.defaultTimeZone).day;

  const entries = await rowsOf<{ config_key: string; config_value: string }>(
    ctx.db,
    sql`select distinct on (config_key) config_key, config_value from config_entries
      where config_key like 'settlement.ach.%' and effective_date <= ${today}::date
      order by config_key, effective_date desc`,
  );
  const inForce = new Map(entries.map((e) => [e.config_key, e.config_value]));
  const lookup = (key: string) => inForce.get(key);

  const programs = await rowsOf<{ id: number; uuid: string; name: string; short_name: string }>(
    ctx.db,
    sql`select id, uuid, name, short_name from programs order by name, id`,
  );
  const own = await originatorIds(lookup, program.shortName);
  const sharedWith: AchSettingsAnswer['sharedWith'] = [];
  let sharedWithOthers = 0;
  for (const other of programs) {
    if (other.id === program.id) continue;
    const ids = await originatorIds(lookup, other.short_name);
    if (ids.companyId !== own.companyId && ids.immediateOrigin !== own.immediateOrigin) continue;
    if (canSeeProgram(ctx.caller, other.id)) sharedWith.push({ programUuid: other.uuid, programName: other.name });
    else sharedWithOthers++;
  }
  return {
    programUuid: program.uuid,
    programName: program.name,
    companyId: own.companyId,
    immediateOrigin: own.immediateOrigin,
    companyName: await pickAchSetting(lookup, program.shortName, 'companyName', program.name),
    leadDays: achLeadDays(await pickAchSetting(lookup, program.shortName, 'leadDays', '1')),
    sharedWith,
    sharedWithOthers,
  };
}
