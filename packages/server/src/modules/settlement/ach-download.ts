import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import {
  achFile,
  type AchEntry,
  BATCH_STATUS,
  bankingDayAfter,
  FILE_ID_MODIFIERS,
  SETTLEMENT_MESSAGES,
} from '@ebt/core/settlement';
import type { DbOrTx } from '../../db/client.js';
import { routingNumberValid } from '@ebt/core/validation';
import { recordAudit } from '../../platform/audit.js';
import { configValueInForce } from '../../platform/config-values.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { decrypt } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { localClock } from '@ebt/core/settlement';
import { achLeadDays, achSetting, originatorIds } from './ach-settings.js';
import { rowsOf } from './close-queries.js';
import { findBatch } from './queries.js';

// GET /settlement-api/batches/{batchUuid}/ach (decision 0057): the batch's NACHA file. BANK_VIEW
// (the route declares it) and a batch in scope (404 otherwise). The merchants' account and routing numbers are
// decrypted here, written into the text and sent; nothing is written to disk, and the audit row names the batch,
// never a number. The first download moves a closed batch to 'file downloaded'.

interface MerchantAccountRow {
  merchant_identifier: string;
  name: string;
  net: string;
  account_number_encrypted: string | null;
  routing_number_encrypted: string | null;
  account_type_id: number | null;
}

/** The program's settlement account from its configuration (settlementRoutingNumber, sealed settlementAccountSecret). */
async function programAccount(ctx: ReturnType<typeof requireCaller>, programId: number) {
  const [row] = await rowsOf<{
    name: string;
    short_name: string;
    configuration: string | null;
    secrets: string | null;
    time_zone: string;
  }>(
    ctx.db,
    sql`select name, short_name, configuration, configuration_secrets as secrets, time_zone
      from programs where id = ${programId}`,
  );
  let open: Record<string, unknown> = {};
  try {
    open = row?.configuration ? (JSON.parse(row.configuration) as Record<string, unknown>) : {};
  } catch {
    open = {};
  }
  const secrets = row?.secrets
    ? (JSON.parse(
        decrypt(row.secrets, { current: ctx.config.encryptionKey, previous: ctx.config.previousEncryptionKeys }),
      ) as Record<string, unknown>)
    : {};
  const routing = String(open.settlementRoutingNumber ?? '').trim();
  const account = String(secrets.settlementAccountSecret ?? '').trim();
  if (!routingNumberValid(routing) || !/^[0-9A-Za-z-]{1,17}$/.test(account))
    throw AppError.conflict(SETTLEMENT_MESSAGES.NO_SETTLEMENT_ACCOUNT);
  return { name: row!.name, shortName: row!.short_name, routing, account, timeZone: row!.time_zone };
}

/** Minutes after midnight as the file header's HHMM. */
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;

/**
 * The batch's file identity: the one its first download fixed, or a new one, with the next File ID Modifier of the
 * destination's files that day (on the program's clock). The destination's day is locked first, so two first
 * downloads at once take A and B, never one letter twice; past the 36th file of a day the download is refused.
 */
async function achFileIdentity(tx: DbOrTx, batchId: number, destination: string, now: Date, timeZone: string) {
  const [known] = await rowsOf<{ modifier: string; created_at: Date | string }>(
    tx,
    sql`select modifier, created_at from settlement_ach_files where batch_id = ${batchId}`,
  );
  if (known) return { modifier: known.modifier, createdAt: new Date(known.created_at) };
  const fileDay = localClock(now, timeZone).day;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ach-file:${destination}:${fileDay}`}))`);
  const [used] = await rowsOf<{ n: string | number }>(
    tx,
    sql`select count(*) as n from settlement_ach_files where destination = ${destination} and file_day = ${fileDay}::date`,
  );
  const modifier = FILE_ID_MODIFIERS[Number(used!.n)];
  if (!modifier) throw AppError.conflict(SETTLEMENT_MESSAGES.ACH_FILES_OF_DAY_USED);
  await tx.execute(sql`insert into settlement_ach_files (batch_id, destination, file_day, modifier, created_at)
    values (${batchId}, ${destination}, ${fileDay}::date, ${modifier}, ${now.toISOString()}::timestamptz)`);
  return { modifier, createdAt: now };
}

export async function downloadAch(context: RequestContext, batchUuid: string, reply: FastifyReply) {
  const ctx = requireCaller(context);
  const found = await findBatch(ctx.db, ctx.caller, batchUuid.toLowerCase());
  if (!found) throw AppError.notFound(SETTLEMENT_MESSAGES.BATCH_NOT_FOUND);
  const program = await programAccount(ctx, found.programId);
  const today = localClock(ctx.now(), ctx.config.defaultTimeZone).day;
  // settlement.ach.<key>.<SHORT NAME>, else settlement.ach.<key>, else the default (ach-settings.ts).
  const setting = (key: string, fallback: string) => achSetting(ctx.db, program.shortName, key, today, fallback);
  const lookup = (key: string) => configValueInForce(ctx.db, key, today);
  const destination = await setting('immediateDestination', program.routing);
  const { companyId, immediateOrigin } = await originatorIds(lookup, program.shortName);
  const originator = {
    destinationRouting: routingNumberValid(destination) ? destination : program.routing,
    destinationName: await setting('destinationName', 'Settlement bank'),
    origin: immediateOrigin,
    originName: await setting('originName', program.name),
    companyName: await setting('companyName', program.name),
    companyId,
    entryDescription: 'SETTLEMENT',
  };

  const merchants = await rowsOf<MerchantAccountRow>(
    ctx.db,
    sql`select m.merchant_identifier, m.name, sum(l.net_amt) as net, ba.account_number_encrypted,
        ba.routing_number_encrypted, ba.account_type_id
      from settlement_lines l join merchants m on m.id = l.merchant_id
      left join merchant_bank_accounts ba on ba.merchant_id = m.id
      where l.batch_id = ${found.id}
      group by m.id, ba.id order by m.merchant_identifier`,
  );
  const keys = { current: ctx.config.encryptionKey, previous: ctx.config.previousEncryptionKeys };
  const unusable: string[] = [];
  const entries: AchEntry[] = [];
  for (const m of merchants) {
    const cents = Math.round(Number(m.net) * 100);
    if (cents === 0) continue;
    const routing = m.routing_number_encrypted ? decrypt(m.routing_number_encrypted, keys) : '';
    const account = m.account_number_encrypted ? decrypt(m.account_number_encrypted, keys) : '';
    if (!routingNumberValid(routing) || account === '' || account.length > 17) {
      unusable.push(m.merchant_identifier);
      continue;
    }
    entries.push({
      routing,
      account,
      accountTypeId: m.account_type_id ?? 0,
      amountCents: cents,
      id: m.merchant_identifier,
      name: m.name,
      addenda: `SETTLEMENT BATCH ${found.batch.batchNbr} ${found.batch.businessDay} ${program.shortName}`,
    });
  }
  if (unusable.length)
    throw AppError.conflict(`${SETTLEMENT_MESSAGES.BANK_INFO_UNUSABLE} ${unusable.slice(0, 20).join(', ')}`);

  const lead = achLeadDays(await setting('leadDays', '1'));
  const now = ctx.now();
  // The file's identity is fixed at the first download and the file written in the transaction that records both: a
  // file that cannot be written takes no modifier and leaves the batch as it was. A re-download reads the identity.
  const text = await ctx.db.transaction(async (tx) => {
    const identity = await achFileIdentity(tx, found.id, originator.destinationRouting, now, program.timeZone);
    const created = localClock(identity.createdAt, program.timeZone);
    // The credits settle on a banking day after the later of the batch's day and the day the file was made.
    const after = created.day > found.batch.businessDay ? created.day : found.batch.businessDay;
    const file = achFile({
      originator,
      created: { day: created.day, hhmm: hhmm(created.minutes) },
      fileIdModifier: identity.modifier,
      effectiveDate: bankingDayAfter(after, lead),
      descriptiveDate: found.batch.businessDay,
      batchNumber: found.batch.batchNbr,
      offset: {
        routing: program.routing,
        account: program.account,
        accountTypeId: 0,
        id: program.shortName,
        name: program.name,
      },
      entries,
    });
    await tx.execute(sql`update settlement_batches set
        status_id = greatest(status_id, ${BATCH_STATUS.FILE_DOWNLOADED}),
        file_downloaded_at = coalesce(file_downloaded_at, ${now.toISOString()}::timestamptz)
      where id = ${found.id}`);
    await recordAudit(tx, ctx, {
      action: 'settlement_ach_download',
      entity: 'settlement_batch',
      entityId: found.batch.batchUuid,
      after: { entries: entries.length, netAmt: found.batch.netAmt, fileIdModifier: identity.modifier },
    });
    return file;
  });
  const fileName = `ach-${program.shortName}-${found.batch.businessDay}-${found.batch.batchNbr}.txt`;
  reply
    .header('Content-Type', 'text/plain; charset=us-ascii')
    .header('Content-Disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('Cache-Control', 'no-store');
  return reply.send(text);
}
