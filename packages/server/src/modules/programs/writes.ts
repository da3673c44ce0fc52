import { inArray, sql } from 'drizzle-orm';
import { PROGRAM_CONFIGURATION_MAX } from '@ebt/core/constants';
import { dataMessage, MESSAGES, ruleMessage } from '@ebt/core/messages';
import {
  duplicateFundingSourceName,
  maskedProgramConfiguration,
  parseProgramConfiguration,
  PROGRAM_MESSAGES,
  type ProgramBody,
  splitProgramConfiguration,
} from '@ebt/core/programs';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { fundingSources } from '../../db/schema/index.js';
import { decrypt, encrypt } from '../../platform/crypto.js';
import { AppError, foreignKeyViolationDetail } from '../../platform/errors.js';
import { moneyOut } from '../../platform/wire.js';
import {
  benefitOptionTypeExists,
  deleteFundingSources,
  fundingSourcesInUse,
  panPrefixTaken,
  type ProgramDetailRow,
  shortNameTaken,
} from './queries.js';

// What adding and updating a program share (B§5 "Program", B§4 "Program funding sources"; docs/decisions/0030): the
// checks against other programs, the sealed secret entries of the configuration, the funding-source changes and the
// audit view. Everything runs inside the caller's transaction.

/** The keys that open sealed configuration secrets: the current one and the ones before it. */
const keyring = (config: Config) => ({ current: config.encryptionKey, previous: config.previousEncryptionKeys });

/** The stored secret entries of a program, opened (an empty object when none are set). */
export function openSecrets(sealed: string | null, config: Config): Record<string, string> {
  if (!sealed) return {};
  return JSON.parse(decrypt(sealed, keyring(config))) as Record<string, string>;
}

/**
 * The configuration to store: the text with its secret entries blank, and the secret entries that are set, sealed
 * as one JSON object (null when none is set). An entry sent as the mask keeps the stored value.
 */
export function configurationToStore(text: string | null | undefined, storedSealed: string | null, config: Config) {
  if (text == null || text.trim() === '') return { configuration: null, configurationSecrets: null };
  const entries = parseProgramConfiguration(text);
  if (entries === null) throw AppError.badRequest(PROGRAM_MESSAGES.CONFIGURATION_INVALID, 'configuration');
  const { open, secrets } = splitProgramConfiguration(entries, openSecrets(storedSealed, config));
  // The text is stored re-written (secret entries blank), and numbers may grow on the way (1e20 is written out in
  // 21 digits): the stored text must still fit the column (B§3: up to 1000 characters).
  const configuration = JSON.stringify(open);
  if (configuration.length > PROGRAM_CONFIGURATION_MAX)
    throw AppError.badRequest(ruleMessage(MESSAGES.TOO_LONG, { max: PROGRAM_CONFIGURATION_MAX }), 'configuration');
  return {
    configuration,
    configurationSecrets: Object.keys(secrets).length ? encrypt(JSON.stringify(secrets), config.encryptionKey) : null,
  };
}

/** The configuration as answers show it: the secret entries that are set masked. */
export function shownConfiguration(
  row: Pick<ProgramDetailRow, 'configuration' | 'configurationSecrets'>,
  config: Config,
) {
  return maskedProgramConfiguration(row.configuration, Object.keys(openSecrets(row.configurationSecrets, config)));
}

/** The rules that look at other rows: short name and PAN prefix unique, option type known (409 / 400). */
export async function checkAgainstOthers(
  tx: DbOrTx,
  body: ProgramBody,
  existing?: Pick<ProgramDetailRow, 'id' | 'bin' | 'seriesNbr' | 'panPrefixFixed'>,
) {
  if (await shortNameTaken(tx, body.shortName, existing?.id))
    throw AppError.conflict(PROGRAM_MESSAGES.SHORT_NAME_EXISTS, 'shortName');
  const bin = body.bin || null;
  const seriesNbr = body.seriesNbr || null;
  if (existing?.panPrefixFixed && (bin !== existing.bin || seriesNbr !== existing.seriesNbr))
    throw AppError.conflict(PROGRAM_MESSAGES.PAN_PREFIX_FIXED, 'bin');
  if (bin && seriesNbr && (await panPrefixTaken(tx, bin + seriesNbr, existing?.id)))
    throw AppError.conflict(PROGRAM_MESSAGES.PAN_PREFIX_EXISTS, 'bin');
  if (body.benefitOptionTypeId && !(await benefitOptionTypeExists(tx, body.benefitOptionTypeId)))
    throw AppError.badRequest(PROGRAM_MESSAGES.BENEFIT_OPTION_TYPE_UNKNOWN, 'benefitOptionTypeId');
}

/** The program's columns from the form (money as numeric text, empty optional fields as null). */
export function programColumns(body: ProgramBody) {
  const money = (v: number | null) => (v === null ? null : v.toFixed(2));
  return {
    name: body.programName,
    shortName: body.shortName,
    statusId: body.programStatusId,
    bin: body.bin || null,
    seriesNbr: body.seriesNbr || null,
    contactEmail: body.contactEmail,
    contactPhone: body.contactPhone,
    contactAddress1: body.contactAddress1,
    contactAddress2: body.contactAddress2 || null,
    contactCity: body.contactCity,
    contactStateCode: body.contactStateCode,
    contactZip: body.contactZip,
    startDate: body.startDate,
    endDate: body.endDate,
    benefitAmount: money(body.benefitAmount),
    benefitExpirationDays: body.benefitExpiration,
    incentiveExpirationDays: body.incentiveExpiration,
    fundingAmount: money(body.fundingAmount),
    fundingDate: body.fundingDate,
    lastIssuanceDate: body.lastIssuanceDate,
    enableBenefitNote: body.enableBenefitNote,
    benefitOptionTypeId: body.benefitOptionTypeId ?? null,
    // Not sent (an older client): the stored setting stays, and a new program takes the column's default (true).
    ...(body.pinRequired === undefined ? {} : { pinRequired: body.pinRequired }),
  };
}

/**
 * Applies the editor's funding sources to the program (B§4): those with a negative id are added, those with the id of
 * one of the program's sources are renamed, the program's sources left out are removed. A duplicate name (ignoring
 * case) answers 409 'Funding Source Name already exists.'; an id that is not the program's 400; removing a source a
 * benefit or incentive uses 409 naming it. Runs under the program's lock, in the save's transaction.
 */
export async function applyFundingSources(
  tx: DbOrTx,
  programId: number,
  current: readonly { fundingId: number; name: string }[],
  sent: ProgramBody['fundingSources'],
) {
  if (duplicateFundingSourceName(sent.map((s) => s.name)) !== null)
    throw AppError.conflict(PROGRAM_MESSAGES.FUNDING_SOURCE_EXISTS, 'fundingSources');
  const currentById = new Map(current.map((s) => [s.fundingId, s]));
  const kept = sent.filter((s) => s.fundingId > 0);
  const added = sent.filter((s) => s.fundingId < 0);
  // B§5 "at least one funding source required", checked on what the changes leave, not only on the list's length.
  if (kept.length + added.length === 0)
    throw AppError.badRequest(PROGRAM_MESSAGES.FUNDING_SOURCE_REQUIRED, 'fundingSources');
  if (kept.some((s) => !currentById.has(s.fundingId)) || new Set(kept.map((s) => s.fundingId)).size !== kept.length)
    throw AppError.badRequest(PROGRAM_MESSAGES.FUNDING_SOURCE_UNKNOWN, 'fundingSources');
  const keptIds = new Set(kept.map((s) => s.fundingId));
  const removed = current.filter((s) => !keptIds.has(s.fundingId));
  const used = await fundingSourcesInUse(
    tx,
    removed.map((s) => s.fundingId),
  );
  const blocked = removed.find((s) => used.has(s.fundingId));
  if (blocked)
    throw AppError.conflict(
      dataMessage(PROGRAM_MESSAGES.FUNDING_SOURCE_IN_USE, { name: blocked.name }),
      'fundingSources',
    );
  try {
    await deleteFundingSources(
      tx,
      programId,
      removed.map((s) => s.fundingId),
    );
  } catch (error) {
    // A benefit or incentive that another transaction gave the source after the check above: the same refusal (409),
    // naming the source of the key PostgreSQL reports (the first removed when the detail names none of them).
    const detail = foreignKeyViolationDetail(error);
    if (detail === null) throw error;
    const id = Number(/\(id\)=\((\d+)\)/.exec(detail)?.[1]);
    const source = removed.find((s) => s.fundingId === id) ?? removed[0]!;
    throw AppError.conflict(
      dataMessage(PROGRAM_MESSAGES.FUNDING_SOURCE_IN_USE, { name: source.name }),
      'fundingSources',
    );
  }
  const renamed = kept.filter((s) => currentById.get(s.fundingId)!.name !== s.name);
  if (renamed.length) {
    // Two steps, so swapping two names never meets the unique (program, lower(name)) index half-way.
    const ids = renamed.map((s) => s.fundingId);
    await tx
      .update(fundingSources)
      .set({ name: sql`'~' || ${fundingSources.id}::text` })
      .where(inArray(fundingSources.id, ids));
    const names = sql.join(
      renamed.map((s) => sql`when ${s.fundingId}::int then ${s.name}::varchar`),
      sql` `,
    );
    await tx
      .update(fundingSources)
      .set({ name: sql`case ${fundingSources.id} ${names} end`, updatedAt: sql`now()` })
      .where(inArray(fundingSources.id, ids));
  }
  if (added.length) await tx.insert(fundingSources).values(added.map((s) => ({ programId, name: s.name })));
}

/** What the audit log keeps of a program: its fields (configuration masked) and its funding source names. */
export function programAuditView(row: ProgramDetailRow, config: Config) {
  return {
    programName: row.name,
    shortName: row.shortName,
    programStatusId: row.statusId,
    bin: row.bin,
    seriesNbr: row.seriesNbr,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    contactAddress1: row.contactAddress1,
    contactAddress2: row.contactAddress2,
    contactCity: row.contactCity,
    contactStateCode: row.contactStateCode,
    contactZip: row.contactZip,
    startDate: row.startDate,
    endDate: row.endDate,
    configuration: shownConfiguration(row, config),
    benefitExpiration: row.benefitExpirationDays,
    incentiveExpiration: row.incentiveExpirationDays,
    benefitAmount: moneyOut(row.benefitAmount),
    fundingAmount: moneyOut(row.fundingAmount),
    fundingDate: row.fundingDate,
    lastIssuanceDate: row.lastIssuanceDate,
    enableBenefitNote: row.enableBenefitNote,
    benefitOptionTypeId: row.benefitOptionTypeId,
    pinRequired: row.pinRequired,
    fundingSources: row.fundingSources.map((s) => s.name).join(', '),
  };
}
