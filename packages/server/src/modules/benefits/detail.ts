import {
  BENEFIT_MESSAGES,
  type BenefitDetail,
  type BenefitRuleProblem,
  BENEFIT_EXPIRING_SOON_DAYS_KEY,
  benefitExpiryMarker,
  benefitStatusName,
} from '@ebt/core/benefits';
import { EXPIRING_SOON_DAYS, MAX_BENEFIT_AMOUNT_CENTS } from '@ebt/core/constants';
import { todayIn } from '@ebt/core/format';
import { toCents } from '@ebt/core/format';
import { BENEFIT_STATUS } from '@ebt/core/enums';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';
import { configInteger } from '../../platform/config-values.js';
import { AppError } from '../../platform/errors.js';
import { type BenefitDetailRecord, findBenefitDetail } from './queries.js';

// One benefit as the API answers it (part 1 §3 "Benefit"), shared by the detail, issue, update and void answers.

/** Money from a numeric column ('12.30') to the wire's number of dollars with two decimals (decision 0004). */
export const dollars = (value: string | null | undefined): number => toCents(value) / 100;

export function toBenefitDetail(
  record: BenefitDetailRecord,
  now: Date,
  voiding?: Voiding,
  soonDays?: number,
): BenefitDetail {
  const row = record.benefit;
  const today = todayIn(record.programTimeZone, now);
  return {
    benefitUuid: row.uuid,
    benefitId: row.uuid,
    benefitAuthorizationNumber: row.authorizationNumber,
    benefitAvailableDate: row.availableDate,
    benefitExpirationDate: row.expirationDate,
    benefitAmount: dollars(row.amount),
    benefitBalance: dollars(row.balance),
    benefitStatus: benefitStatusName(row.statusId),
    benefitStatusId: row.statusId,
    benefitTypeId: row.benefitTypeId,
    programUuid: record.programUuid,
    programId: row.programId,
    programName: record.programName,
    recipientIdentifier: record.recipientIdentifier,
    recipientAccountUuid: record.accountUuid,
    firstname: record.firstname,
    lastname: record.lastname,
    fundingId: row.fundingSourceId,
    fundingName: record.fundingName,
    notifiedRecipient: row.notifiedRecipient,
    incentiveUuid: record.incentiveUuid,
    incentiveName: record.incentiveName,
    agencyUuid: record.agencyUuid,
    agencyName: record.agencyName,
    note: row.note,
    benefitOptionId: row.benefitOptionId,
    benefitOptionTypeId: record.benefitOptionTypeId,
    enableBenefitNote: record.enableBenefitNote,
    // Part 1 §3: a benefit's maximum amount, default 9999.99; no program or benefit stores another one.
    maxBenefitAmount: MAX_BENEFIT_AMOUNT_CENTS / 100,
    expiryMarker: benefitExpiryMarker(row.statusId, row.expirationDate, today, soonDays),
    lastUpdatedDate: row.updatedAt.toISOString(),
    creationChannel: row.creationChannel,
    updationChannel: row.updationChannel,
    voidedBy: voiding?.by ?? null,
    voidedDate: voiding?.at.toISOString() ?? null,
  };
}

interface Voiding {
  at: Date;
  by: string | null;
}

/**
 * Who voided a benefit and when: the benefit row keeps no actor, its 'void' audit row does (change.ts writes it in
 * the void's transaction, so the void's own answer finds it). Here, beside the one answer that shows it.
 */
async function findVoiding(db: DbOrTx, benefitUuid: string): Promise<Voiding | undefined> {
  const [row] = await db
    .select({ at: auditLog.at, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, 'benefit'), eq(auditLog.entityId, benefitUuid), eq(auditLog.action, 'void')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!row) return undefined;
  const by = row.username === null ? null : `${row.firstName} ${row.lastName} (${row.username})`;
  return { at: row.at, by };
}

/** The detail answer of a benefit in the caller's scope; 404 when it is missing or outside it. */
export async function loadBenefitDetail(
  db: DbOrTx,
  caller: Caller,
  benefitUuid: string,
  now: Date,
): Promise<BenefitDetail> {
  const record = await findBenefitDetail(db, caller, benefitUuid);
  if (!record) throw AppError.notFound(BENEFIT_MESSAGES.BENEFIT_NOT_FOUND);
  const voiding =
    record.benefit.statusId === BENEFIT_STATUS.VOIDED ? await findVoiding(db, record.benefit.uuid) : undefined;
  return toBenefitDetail(record, now, voiding, await expiringSoonDays(db, todayIn(record.programTimeZone, now)));
}

/** The 'expiring soon' lead time in force (configuration key benefit.expiringSoonDays, default 14; A§4). */
export function expiringSoonDays(db: DbOrTx, today: string): Promise<number> {
  return configInteger(db, BENEFIT_EXPIRING_SOON_DAYS_KEY, today, EXPIRING_SOON_DAYS);
}

/**
 * Refuses a request with every rule problem at once, one entry per field, so a form can show each beside its input
 * (architecture.md "Errors"). The first problem is the answer's message.
 */
export function refuseProblems(problems: readonly BenefitRuleProblem[]): void {
  const [first] = problems;
  if (!first) return;
  const entries = problems.map((p) => ({
    appErrorCode: p.code ?? 'VALIDATION',
    appErrorMessage: p.message,
    field: p.field,
  }));
  throw new AppError(400, first.message, first.code ?? 'VALIDATION', first.field, entries);
}
